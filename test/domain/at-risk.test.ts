// What is at risk over unresolved records, and the order list_complaints pages them in: a
// property test against a count written here without the domain's functions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessDaysBetween, isBusinessDay } from '../../src/calendar/business-days.js';
import { addDays } from '../../src/calendar/calendar-date.js';
import { atRiskOf, atRiskRecords, newestFirst } from '../../src/domain/at-risk.js';
import { dueOn, listItemBody, mustReadList } from '../fixtures/records.js';

const TODAY = '2026-11-22';
const items = (bodies: Record<string, unknown>[]) => mustReadList({ data: bodies, pagination: {} }).data;

/** A record due on `due` (by the law and the service alike), answered or not, its response e-mail in `mail`. */
const record = fc.record({
  // The law's deadlines are business days.
  due: fc
    .integer({ min: -40, max: 40 })
    .map((offset) => addDays(TODAY, offset))
    .filter(isBusinessDay),
  answered: fc.boolean(),
  mail: fc.constantFrom('sent', 'queued', 'failed', 'bounced', 'FAILED ', null),
  minute: fc.integer({ min: 0, max: 600 }),
});

function bodiesOf(records: Array<{ due: string; answered: boolean; mail: string | null; minute: number }>) {
  return records.map(({ due, answered, mail, minute }, index) => {
    const { createdAt, responseDeadline } = dueOn(due);
    return listItemBody({
      id: `id-${String(index).padStart(4, '0')}`,
      createdAt: new Date(Date.parse(createdAt) + minute * 60_000).toISOString(),
      responseDeadline,
      hasResponse: answered,
      respondedAt: answered ? '2026-11-20T15:00:00Z' : null,
      responseDeliveryStatus: answered ? mail : null,
    });
  });
}

describe('at risk', () => {
  it('counts unanswered, overdue, due soon and answered-not-delivered as a plain count of the same records does', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 60 }), (records) => {
        const atRisk = atRiskOf(items(bodiesOf(records)), TODAY);
        const unanswered = records.filter((r) => !r.answered);
        const left = (r: { due: string }) => businessDaysBetween(TODAY, r.due);
        expect(atRisk.unanswered).toBe(unanswered.length);
        expect(atRisk.overdue).toBe(unanswered.filter((r) => left(r) < 0).length);
        expect(atRisk.dueSoon).toBe(unanswered.filter((r) => left(r) >= 0 && left(r) <= 3).length);
        expect(atRisk.answeredNotDelivered).toBe(records.filter((r) => r.answered && r.mail !== null && /^(failed|bounced)$/i.test(r.mail.trim())).length);
        expect(atRisk.urgent).toHaveLength(atRisk.overdue + atRisk.dueSoon);
      }),
    );
  });

  it('pages overdue and dueBy earliest deadline first, then oldest filing, the same on every call', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 60 }), fc.integer({ min: -10, max: 20 }), (records, offset) => {
        const read = items(bodiesOf(records));
        const dueBy = addDays(TODAY, offset);
        const rows = atRiskRecords(read, TODAY, { dueBy });
        const expected = records.filter((r) => !r.answered && r.due <= dueBy);
        expect(rows).toHaveLength(expected.length);
        const dues = rows.map((row) => row.deadline.date!);
        expect(dues).toEqual([...dues].sort());
        // Shuffled input, same order out.
        expect(atRiskRecords([...read].reverse(), TODAY, { dueBy }).map((row) => row.item.id)).toEqual(rows.map((row) => row.item.id));
        const overdue = atRiskRecords(read, TODAY, { overdue: true });
        expect(overdue.map((row) => row.item.id).sort()).toEqual(
          bodiesOf(records)
            .filter((_, index) => !records[index]!.answered && businessDaysBetween(TODAY, records[index]!.due) < 0)
            .map((body) => body.id)
            .sort(),
        );
      }),
    );
  });

  it('orders unresolved records of two queries newest first, an unreadable date last', () => {
    const read = items([
      listItemBody({ id: 'a', createdAt: '2026-11-20T10:00:00Z' }),
      listItemBody({ id: 'b', createdAt: 'ayer' }),
      listItemBody({ id: 'c', createdAt: '2026-11-21T10:00:00Z' }),
      listItemBody({ id: 'd', createdAt: '2026-11-21T10:00:00Z' }),
    ]);
    expect(newestFirst(read).map((item) => item.id)).toEqual(['d', 'c', 'a', 'b']);
  });
});
