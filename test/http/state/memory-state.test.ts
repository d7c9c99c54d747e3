// The shared state kept in memory, held to the contract every implementation keeps (helpers/state-contract.ts),
// then the bounds only memory has.
import { describe, expect, it } from 'vitest';
import { LINK_MEMORY_BOUNDS } from '../../../src/http/state/link-memory.js';
import { MemoryState } from '../../../src/http/state/memory-state.js';
import { describeStateContract } from '../../helpers/state-contract.js';

describeStateContract('memory', async (now) => new MemoryState(now === undefined ? {} : { now }));

describe('export links in memory', () => {
  const entry = (store: MemoryState, id: string, member: string, until = Math.floor(Date.now() / 1000) + 900) =>
    store.saveExportLink({ id, member, entry: `entry ${id}`, until });

  it("a member past their share drops their own oldest link, not another member's", async () => {
    const store = new MemoryState({ linkBounds: { total: 100, perMember: 3 } });
    await entry(store, 'other', 'member-b');
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) await entry(store, id, 'member-a');
    expect(await store.readExportLink('a1')).toBeUndefined();
    expect(await store.readExportLink('a2')).toBeUndefined();
    expect(await store.readExportLink('a3')).toBe('entry a3');
    expect(await store.readExportLink('a5')).toBe('entry a5');
    expect(await store.readExportLink('other')).toBe('entry other');
    expect(store.exportLinks).toBe(4);
  });

  it('the memory keeps at most its total: ended links go first, then the oldest', async () => {
    let ms = Date.now();
    const store = new MemoryState({ now: () => ms, linkBounds: { total: 3, perMember: 3 } });
    const seconds = () => Math.floor(ms / 1000);
    await entry(store, 'short', 'member-a', seconds() + 1);
    await entry(store, 'long', 'member-b', seconds() + 900);
    await entry(store, 'longer', 'member-c', seconds() + 900);
    ms += 2000;
    await entry(store, 'new', 'member-d', seconds() + 900);
    expect(store.exportLinks).toBe(3);
    expect(await store.readExportLink('long')).toBe('entry long');
    await entry(store, 'newer', 'member-e', seconds() + 900);
    expect(store.exportLinks).toBe(3);
    expect(await store.readExportLink('long')).toBeUndefined();
    expect(await store.readExportLink('newer')).toBe('entry newer');
  });

  it('ten thousand links of one member keep only their share', async () => {
    const store = new MemoryState();
    for (let index = 0; index < 10_000; index++) await entry(store, `link-${index}`, 'member-a');
    expect(store.exportLinks).toBe(LINK_MEMORY_BOUNDS.perMember);
    expect(await store.readExportLink('link-9999')).toBe('entry link-9999');
  });
});
