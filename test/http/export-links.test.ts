// A register's download link (src/http/export-links.ts): it opens its entry, and nothing else does:
// not a changed character, not an expired link, not a changed entry; neither the link nor what the
// store keeps holds the key in any spelling.
import { describe, expect, it } from 'vitest';
import type { DeliveryContext } from '../../src/export/delivery.js';
import { createExportLink, linkDelivery, openExportLink } from '../../src/http/export-links.js';
import { keyId } from '../../src/http/key-id.js';
import { MemoryState } from '../../src/http/state/memory-state.js';
import type { SharedState } from '../../src/http/state/shared-state.js';
import { formsShown, keyForms } from '../helpers/key-forms.js';

const KEY = 'or_live_7QmX2pZr9KfL4wHc8NvB3tYd6GsJ1aUe';
const SELECTION = { from: '2026-10-01', to: '2026-10-31', statuses: ['open'], sheets: false, language: 'es' as const };
const NOW = new Date('2026-11-04T15:00:00Z');
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

/** A store that shows what it keeps, and lets a test change it. */
class WatchedState extends MemoryState {
  constructor() {
    // The store's own clock stands at the links' NOW; the tests move the links' clock alone.
    super({ now: () => NOW.getTime() });
  }
  readonly kept = new Map<string, string>();
  override async saveExportLink(link: Parameters<SharedState['saveExportLink']>[0]): Promise<void> {
    this.kept.set(link.id, link.entry);
    await super.saveExportLink(link);
  }
  async change(edit: (entry: string) => string): Promise<void> {
    for (const [id, entry] of this.kept) await super.saveExportLink({ id, member: 'm', entry: edit(entry), until: Math.ceil(NOW.getTime() / 1000) + 3600 });
  }
}

async function made(minutes = 15) {
  const state = new WatchedState();
  const link = await createExportLink({ key: KEY, keyFrom: 'request', selection: SELECTION, now: NOW, minutes, state });
  return { state, ...link };
}

/** The token with the character at `at` replaced by another of the alphabet. */
function changedAt(token: string, at: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const other = alphabet[(alphabet.indexOf(token[at]!) + 1) % alphabet.length]!;
  return token.slice(0, at) + other + token.slice(at + 1);
}

describe('export links', () => {
  it('a link opens its entry: the key, whose it is, the selection, its end', async () => {
    const { state, token, expiresAt } = await made();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.toISOString()).toBe('2026-11-04T15:15:00.000Z');
    const opened = await openExportLink(token, state, minutesLater(14));
    expect(opened).toEqual({ key: KEY, keyFrom: 'request', member: keyId(KEY), selection: SELECTION, expiresAt: expiresAt.getTime() });
    // Opened again: a link is for the download's retries too, until it ends.
    expect(await openExportLink(token, state, minutesLater(14))).toBeDefined();
  });

  it('a link opens on another replica sharing the state (the state is all it needs)', async () => {
    const { state, token } = await made();
    const elsewhere = { readExportLink: (id: string) => state.readExportLink(id) };
    expect((await openExportLink(token, elsewhere, NOW))?.key).toBe(KEY);
  });

  it('one character changed, at any position, opens nothing', async () => {
    const { state, token } = await made();
    for (let at = 0; at < token.length; at++) expect(await openExportLink(changedAt(token, at), state, NOW), `position ${at}`).toBeUndefined();
    // The last character's spare bits: another spelling of the same bytes is not the link either.
    const last = token.at(-1)!;
    const sameBytes = 'AEIMQUYcgkosw048'.includes(last) ? token.slice(0, -1) + String.fromCharCode(last.charCodeAt(0) + 1) : undefined;
    if (sameBytes !== undefined) expect(await openExportLink(sameBytes, state, NOW)).toBeUndefined();
    for (const odd of ['', token.slice(1), `${token}A`, token.toUpperCase(), `${token.slice(0, 42)}=`, '../../etc/passwd']) {
      expect(await openExportLink(odd, state, NOW)).toBeUndefined();
    }
  });

  it("an expired link opens nothing, by the app's clock, whatever the store still keeps", async () => {
    const { state, token } = await made(15);
    expect(await openExportLink(token, state, minutesLater(15))).toBeUndefined();
    expect(await openExportLink(token, state, minutesLater(60 * 24))).toBeUndefined();
    // The store's own end is only a second guard: the entry is still there, and refused.
    expect(state.kept.size).toBe(1);
  });

  it('a changed entry opens nothing: a byte of the seal, the member, the selection, the end, where the key came from', async () => {
    const edits: Array<[string, (entry: string) => string]> = [
      [
        'a byte of the sealed key flipped',
        (entry) => {
          const parsed = JSON.parse(entry);
          const bytes = Buffer.from(parsed.sealed, 'base64url');
          bytes[14]! ^= 1;
          return JSON.stringify({ ...parsed, sealed: bytes.toString('base64url') });
        },
      ],
      ['the tag cut', (entry) => JSON.stringify({ ...JSON.parse(entry), sealed: JSON.parse(entry).sealed.slice(0, -4) })],
      ['another member', (entry) => editFacts(entry, (facts) => ({ ...facts, member: keyId('or_someone_else_entirely_1234567890') }))],
      ['a wider selection', (entry) => editFacts(entry, (facts) => ({ ...facts, selection: { ...facts.selection, from: '2020-01-01' } }))],
      ['with the sheets', (entry) => editFacts(entry, (facts) => ({ ...facts, selection: { ...facts.selection, sheets: true } }))],
      ['a later end', (entry) => editFacts(entry, (facts) => ({ ...facts, expiresAt: facts.expiresAt + 86_400_000 }))],
      ['the key from the sign-in', (entry) => editFacts(entry, (facts) => ({ ...facts, keyFrom: 'sign-in' }))],
      ['the facts in another order', (entry) => editFacts(entry, (facts) => Object.fromEntries(Object.entries(facts).reverse()))],
      ['not JSON', (entry) => entry.slice(1)],
      ['no seal', (entry) => JSON.stringify({ facts: JSON.parse(entry).facts })],
    ];
    for (const [what, edit] of edits) {
      const { state, token } = await made();
      expect(await openExportLink(token, state, NOW)).toBeDefined();
      await state.change(edit);
      expect(await openExportLink(token, state, NOW), what).toBeUndefined();
    }
  });

  it('a seal moved to another link opens nothing: each is sealed under its own token', async () => {
    const one = await made();
    const two = await createExportLink({ key: KEY, keyFrom: 'request', selection: SELECTION, now: NOW, minutes: 15, state: one.state });
    const [first, second] = [...one.state.kept.values()];
    // The second link's id now holds the first link's entry.
    const secondId = [...one.state.kept.keys()][1]!;
    await one.state.saveExportLink({ id: secondId, member: 'm', entry: first!, until: Math.ceil(NOW.getTime() / 1000) + 3600 });
    expect(second).not.toBe(first);
    expect(await openExportLink(two.token, one.state, NOW)).toBeUndefined();
    expect(await openExportLink(one.token, one.state, NOW)).toBeDefined();
  });

  it('neither the link nor the stored entry holds the key in any spelling; the store holds no token', async () => {
    const { state, token } = await made();
    const delivered = await linkDelivery({
      key: KEY,
      keyFrom: 'request',
      origin: 'https://mcp.example.com',
      minutes: 15,
      maxSheets: 3000,
      state,
    }).deliver({ selection: SELECTION }, {
      clock: { now: () => NOW, timeZone: 'America/Lima' },
      signal: new AbortController().signal,
      // The selection is counted as the link is made.
      api: async () => ({
        listComplaints: async (query: { pageSize?: number }) => ({
          items: [],
          sentMore: 0,
          pagination: { page: 1, pageSize: query.pageSize ?? 1, total: 3, totalPages: 3 },
        }),
        getComplaint: () => Promise.reject(new Error('not read when a link is made')),
      }),
    } as unknown as DeliveryContext);
    expect(delivered).toMatchObject({
      kind: 'link',
      minutes: 15,
      counted: 3,
      expiresAt: '2026-11-04T15:15:00.000Z',
      fileName: 'registro-reclamaciones_2026-10.csv',
    });
    if (delivered.kind !== 'link') throw new Error('not a link');
    expect(delivered.url).toMatch(/^https:\/\/mcp\.example\.com\/exports\/[A-Za-z0-9_-]{43}\/registro-reclamaciones_2026-10\.csv$/);
    const forms = { itself: KEY, ...keyForms(KEY) };
    expect(formsShown(delivered.url, forms)).toEqual([]);
    const stored = [...state.kept].flat().join('\n');
    expect(formsShown(stored, forms)).toEqual([]);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(delivered.url.split('/')[4]);
    expect(stored).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
  });

  it('two links for the same selection differ, and each opens', async () => {
    const state = new MemoryState({ now: () => NOW.getTime() });
    const link = () => createExportLink({ key: KEY, keyFrom: 'sign-in', selection: SELECTION, now: NOW, minutes: 15, state });
    const [one, two] = [await link(), await link()];
    expect(one.token).not.toBe(two.token);
    expect((await openExportLink(one.token, state, NOW))?.keyFrom).toBe('sign-in');
    expect((await openExportLink(two.token, state, NOW))?.keyFrom).toBe('sign-in');
  });

  it('a store that cannot say is not taken for "not found": its error goes to the caller', async () => {
    const failing = {
      readExportLink: async () => {
        throw new Error('store down');
      },
    };
    const { token } = await made();
    await expect(openExportLink(token, failing, NOW)).rejects.toThrow('store down');
  });
});

function editFacts(entry: string, edit: (facts: any) => unknown): string {
  const parsed = JSON.parse(entry);
  return JSON.stringify({ ...parsed, facts: JSON.stringify(edit(JSON.parse(parsed.facts))) });
}
