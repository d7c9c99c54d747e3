// The sandbox's published demo keys: one per access rule, so that each rule can be tried.
// They open nothing but the local sandbox; the sandbox itself keeps only their SHA-256 hashes
// (members.ts), as the real service does.

export interface DemoKey {
  key: string;
  description: string;
}

export const DEMO_KEYS = {
  full: {
    key: 'or_demo_full_4c7fa9cc8b133cdbbf9ecbd4e97',
    description: 'Electro Andina S.A.C. (organization A): member with complaints.view and access to all 6 stores.',
  },
  storeRestricted: {
    key: 'or_demo_stores_4b93751bf78506df65b597c1d',
    description: 'Electro Andina S.A.C. (organization A): member with complaints.view restricted to Tienda Miraflores and Tienda Arequipa Centro.',
  },
  noPermission: {
    key: 'or_demo_noperm_61acbd6e444bf021108ef0c29',
    description: 'Electro Andina S.A.C. (organization A): member without complaints.view (every request gets 403).',
  },
  otherOrganization: {
    key: 'or_demo_orgb_456a9f21208c1370765c89af8dd',
    description: 'Pollerías La Brasa Dorada S.A.C. (organization B): member with complaints.view and access to all 3 stores.',
  },
} as const satisfies Record<'full' | 'storeRestricted' | 'noPermission' | 'otherOrganization', DemoKey>;
