// The sandbox's two organizations and their stores. Fixed identifiers, so that the member table,
// the demo and the tests can name them.

export type Business = 'electronics' | 'restaurant';

export interface Organization {
  id: string;
  /** Short handle used by generateDataset's options. */
  key: 'a' | 'b';
  name: string;
  business: Business;
  /** Default record count over the generated period. */
  defaultRecords: number;
}

export interface Store {
  id: string;
  organizationId: string;
  name: string;
  /** Province shown at the end of consumer addresses. */
  province: string;
  /** Districts where the store's consumers live. */
  districts: readonly string[];
  /** Relative share of the organization's records. */
  weight: number;
}

export const ORGANIZATION_A: Organization = {
  id: '3f6b2c1e-8a4d-4b7e-9c21-5d0e7f8a9b10',
  key: 'a',
  name: 'Electro Andina S.A.C.',
  business: 'electronics',
  defaultRecords: 420,
};

export const ORGANIZATION_B: Organization = {
  id: '7c2e9d41-5b3a-4f8c-a6d2-0e1f3a5b7c92',
  key: 'b',
  name: 'Pollerías La Brasa Dorada S.A.C.',
  business: 'restaurant',
  defaultRecords: 150,
};

export const ORGANIZATIONS: readonly Organization[] = [ORGANIZATION_A, ORGANIZATION_B];

export const STORE_IDS = {
  miraflores: 'a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01',
  sanIsidro: 'b2f6d4e3-8c59-4a2a-9f3b-2d4e6f809b12',
  arequipa: 'c3a7e5f4-9d6a-4b3b-8a4c-3e5f7091ac23',
  trujillo: 'd4b8f6a5-ae7b-4c4c-9b5d-4f6081a2bd34',
  cusco: 'e5c9a7b6-bf8c-4d5d-ac6e-5071a2b3ce45',
  piura: 'f6dab8c7-c09d-4e6e-bd7f-6182b3c4df56',
  surco: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  losOlivos: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  chiclayo: '3c4d5e6f-7a8b-4c9d-ae0f-2a3b4c5d6e7f',
} as const;

export const STORES: readonly Store[] = [
  {
    id: STORE_IDS.miraflores,
    organizationId: ORGANIZATION_A.id,
    name: 'Tienda Miraflores',
    province: 'Lima',
    districts: ['Miraflores', 'Barranco', 'Surquillo', 'Santiago de Surco', 'San Borja'],
    weight: 26,
  },
  {
    id: STORE_IDS.sanIsidro,
    organizationId: ORGANIZATION_A.id,
    name: 'Tienda San Isidro',
    province: 'Lima',
    districts: ['San Isidro', 'Lince', 'Jesús María', 'Magdalena del Mar', 'San Miguel'],
    weight: 22,
  },
  {
    id: STORE_IDS.arequipa,
    organizationId: ORGANIZATION_A.id,
    name: 'Tienda Arequipa Centro',
    province: 'Arequipa',
    districts: ['Arequipa', 'Yanahuara', 'Cayma', 'José Luis Bustamante y Rivero', 'Cerro Colorado'],
    weight: 16,
  },
  {
    id: STORE_IDS.trujillo,
    organizationId: ORGANIZATION_A.id,
    name: 'Tienda Trujillo Mall',
    province: 'Trujillo',
    districts: ['Trujillo', 'Víctor Larco Herrera', 'La Esperanza', 'El Porvenir'],
    weight: 14,
  },
  {
    id: STORE_IDS.cusco,
    organizationId: ORGANIZATION_A.id,
    name: 'Tienda Cusco Plaza',
    province: 'Cusco',
    districts: ['Cusco', 'Wanchaq', 'San Sebastián', 'Santiago'],
    weight: 11,
  },
  {
    id: STORE_IDS.piura,
    organizationId: ORGANIZATION_A.id,
    name: 'Tienda Piura Open',
    province: 'Piura',
    districts: ['Piura', 'Castilla', 'Veintiséis de Octubre'],
    weight: 11,
  },
  {
    id: STORE_IDS.surco,
    organizationId: ORGANIZATION_B.id,
    name: 'Local Santiago de Surco',
    province: 'Lima',
    districts: ['Santiago de Surco', 'La Molina', 'San Borja', 'Chorrillos'],
    weight: 45,
  },
  {
    id: STORE_IDS.losOlivos,
    organizationId: ORGANIZATION_B.id,
    name: 'Local Los Olivos',
    province: 'Lima',
    districts: ['Los Olivos', 'San Martín de Porres', 'Comas', 'Independencia'],
    weight: 35,
  },
  {
    id: STORE_IDS.chiclayo,
    organizationId: ORGANIZATION_B.id,
    name: 'Local Chiclayo',
    province: 'Chiclayo',
    districts: ['Chiclayo', 'La Victoria', 'José Leonardo Ortiz'],
    weight: 20,
  },
];
