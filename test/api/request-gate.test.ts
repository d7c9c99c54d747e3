// The gate that keeps a member's requests to the service few: the limit, the order of turns, and a
// call that gives up its turn when cancelled or out of time.
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { gatedReader, RequestGate, readInSlots } from '../../src/api/request-gate.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';

/** A task that runs until `finish` is called, noting when it started. */
function pending(started: number[], id: number) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      started.push(id);
      await done;
      return id;
    },
    finish: () => finish(),
  };
}

describe('RequestGate', () => {
  it('runs at most its limit at once, and the others in the order they came', async () => {
    const gate = new RequestGate(3);
    const started: number[] = [];
    const tasks = Array.from({ length: 7 }, (_, id) => pending(started, id));
    const results = tasks.map(({ task }) => gate.run(task));
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect(gate.queued).toBe(4);
    tasks[1]!.finish();
    await tick();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const { finish } of tasks) finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(gate.inFlight).toBe(0);
  });

  it('gives a turn back when a task fails', async () => {
    const gate = new RequestGate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it("leaves the queue when its call's deadline passes, with the call's own reason, and never runs", async () => {
    const gate = new RequestGate(1);
    const started: number[] = [];
    const first = pending(started, 0);
    const running = gate.run(first.task);
    const controller = new AbortController();
    const waiting = gate.run(async () => started.push(1), controller.signal);
    const timeout = new ApiError('timeout', 'The complaints service did not answer this call within 1500 ms (COMPLAINTS_TIMEOUT_MS).');
    controller.abort(timeout);
    await expect(waiting).rejects.toBe(timeout);
    expect(gate.queued).toBe(0);
    first.finish();
    await running;
    expect(started).toEqual([0]);
    // A cancelled call (no reason of ours) reads as cancelled.
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(gate.run(async () => 1, cancelled.signal)).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('holds a reader to the limit however many callers read through it', async () => {
    let inFlight = 0;
    let most = 0;
    const reader: ComplaintsReader = {
      async listComplaints(query) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await tick();
        await tick();
        inFlight -= 1;
        return { items: [], sentMore: 0, pagination: { page: query.page ?? 1, pageSize: 1, total: 0, totalPages: 0 } } as ListPage;
      },
      getComplaint: () => Promise.reject(new Error('not used')),
    };
    const gated = gatedReader(reader, new RequestGate(8));
    await Promise.all(Array.from({ length: 50 }, (_, page) => gated.listComplaints({ page: page + 1 })));
    expect(most).toBe(8);
  });
});

describe('readInSlots', () => {
  const timeout = () => new ApiError('timeout', 'The complaints service did not answer this call within 1500 ms (COMPLAINTS_TIMEOUT_MS).');

  it("lets another member's read start while one member has more waiting than its share", async () => {
    const all = new RequestGate(4);
    const memberA = new RequestGate(2);
    const memberB = new RequestGate(2);
    const started: string[] = [];
    const tasks = Array.from({ length: 8 }, (_, index) => pending([], index));
    const signal = new AbortController().signal;
    const reads = tasks.map(({ task }, index) =>
      readInSlots(
        [memberA, all],
        () => {
          started.push(`A${index}`);
          return task();
        },
        signal,
        1500,
      ),
    );
    await tick();
    const b = readInSlots(
      [memberB, all],
      async () => {
        started.push('B');
        return 'b';
      },
      signal,
      1500,
    );
    expect(await b).toBe('b');
    // A's reads beyond its share waited in A's own queue, not in everyone's.
    expect(started).toEqual(['A0', 'A1', 'B']);
    for (const { finish } of tasks) finish();
    await Promise.all(reads);
    expect(started).toHaveLength(9);
  });

  it('says the server is busy only when the slots were taken, and sends nothing', async () => {
    const all = new RequestGate(1);
    const holder = pending([], 0);
    const held = readInSlots([all], holder.task, new AbortController().signal, 1500);
    const controller = new AbortController();
    const waiting = readInSlots([all], async () => 'never', controller.signal, 1500);
    controller.abort(timeout());
    await expect(waiting).rejects.toThrow(
      /was reading other overviews or deadline lists .* could not start within 1500 ms \(COMPLAINTS_TIMEOUT_MS\)\. None of its records were read/,
    );
    holder.finish();
    await held;
    // Free slots, a deadline already spent elsewhere: the call's own timeout text, not "busy".
    const spent = new AbortController();
    spent.abort(timeout());
    await expect(readInSlots([all], async () => 'never', spent.signal, 1500)).rejects.toThrow('did not answer this call within 1500 ms');
  });
});
