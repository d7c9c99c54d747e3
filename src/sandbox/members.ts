// Members who hold API keys, keyed by the SHA-256 hex digest of the key: like the real service,
// the sandbox never stores a plain key, and looks a presented key up by hashing it.
import { createHash } from 'node:crypto';
import { ORGANIZATION_A, ORGANIZATION_B, STORE_IDS } from './organizations.js';

export const VIEW_PERMISSION = 'complaints.view';
export const KEY_PREFIX = 'or_';

export interface Member {
  id: string;
  name: string;
  organizationId: string;
  permissions: readonly string[];
  /** Stores the member may see; null when the member is not restricted to stores. */
  storeIds: readonly string[] | null;
}

const MEMBERS: ReadonlyMap<string, Member> = new Map([
  [
    'b7a3f2f2e1b844e6d99d848e65c210041f63955c9e79d89f37710a45f6695a03', // DEMO_KEYS.full
    {
      id: '5e0c7a3b-1d2f-4e6a-9b8c-7d6e5f4a3b21',
      name: 'Rosa Medina Herrera (Gerente de Experiencia del Cliente)',
      organizationId: ORGANIZATION_A.id,
      permissions: [VIEW_PERMISSION, 'complaints.respond'],
      storeIds: null,
    },
  ],
  [
    'c91920fb669b452bbb7e8e2493adbad2627dd38f4f7ed61a71a1b5c6c73d4b62', // DEMO_KEYS.storeRestricted
    {
      id: '6f1d8b4c-2e3a-4f7b-8c9d-8e7f6a5b4c32',
      name: 'Diego Salas Ortiz (Supervisor de tiendas Miraflores y Arequipa)',
      organizationId: ORGANIZATION_A.id,
      permissions: [VIEW_PERMISSION],
      storeIds: [STORE_IDS.miraflores, STORE_IDS.arequipa],
    },
  ],
  [
    '99e99c9aa4e65eaa8ee9efae9e01a8d9f470efe948c3267c9b9d5d18487d17d6', // DEMO_KEYS.noPermission
    {
      id: '7a2e9c5d-3f4b-4a8c-9d0e-9f8a7b6c5d43',
      name: 'Pamela Ríos Luna (Analista de marketing)',
      organizationId: ORGANIZATION_A.id,
      permissions: ['stores.view'],
      storeIds: null,
    },
  ],
  [
    '0f1776545c0bf3705b23ec0815053c1def133a69b150cc06ca01026ab1996c97', // DEMO_KEYS.otherOrganization
    {
      id: '8b3fad6e-4a5c-4b9d-8e1f-0a9b8c7d6e54',
      name: 'Óscar Campos Reyes (Administrador)',
      organizationId: ORGANIZATION_B.id,
      permissions: [VIEW_PERMISSION],
      storeIds: null,
    },
  ],
]);

function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The member holding `key`, or undefined for a key without the `or_` prefix or an unknown key. */
export function findMemberByKey(key: string): Member | undefined {
  if (!key.startsWith(KEY_PREFIX)) return undefined;
  return MEMBERS.get(hashKey(key));
}

/** The stored hashes, for tests that check the table against the published demo keys. */
export function memberKeyHashes(): string[] {
  return [...MEMBERS.keys()];
}

export function canSeeStore(member: Member, storeId: string): boolean {
  return member.storeIds === null || member.storeIds.includes(storeId);
}
