// The law's deadline: the 15th business day after the filing day in Lima, whatever the service sends,
// and the service's own date named when it differs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessDaysBetween, isBusinessDay } from '../../src/calendar/business-days.js';
import { addDays } from '../../src/calendar/calendar-date.js';
import { deadlineFields, deadlineStatus, dueSoonThrough, filingDay, legalDeadline } from '../../src/domain/deadline.js';
import { describeDeadline } from '../../src/format/fields.js';

const OPEN = { respondedAt: null };
// Sunday 2026-11-22 in Lima.
const TODAY = '2026-11-22';
const status = (createdAt: string | null, serviceDeadline: string | null, response = OPEN) => deadlineStatus({ createdAt, serviceDeadline, response }, TODAY);

describe("the law's deadline", () => {
  it('is the 15th business day after the filing day, skipping weekends and national holidays', () => {
    // Filed Monday 2026-11-23: 8 and 9 December are holidays (Inmaculada Concepción, Batalla de Ayacucho).
    expect(legalDeadline('2026-11-23')).toBe('2026-12-16');
    // Filed on a Saturday: the count starts on Monday.
    expect(legalDeadline('2026-11-21')).toBe('2026-12-15');
    // Holy Week 2026 (Thursday 2 and Friday 3 April) and 1 May.
    expect(legalDeadline('2026-03-27')).toBe('2026-04-21');
    expect(legalDeadline('2026-04-20')).toBe('2026-05-12');
  });

  it('counts from the Lima day of filing, not the UTC day', () => {
    // 23:30 in Lima on Friday 11-20 is Saturday in UTC.
    expect(filingDay('2026-11-21T04:30:00Z')).toBe('2026-11-20');
    expect(status('2026-11-21T04:30:00Z', null).date).toBe(legalDeadline('2026-11-20'));
    expect(filingDay('2026-11-20')).toBe('2026-11-20');
    expect(filingDay('yesterday')).toBeNull();
  });

  it('is 15 business days after any filing day, and always a business day', () => {
    const day = fc.integer({ min: 0, max: 365 * 12 }).map((offset) => addDays('2024-01-01', offset));
    fc.assert(
      fc.property(day, (filed) => {
        const due = legalDeadline(filed)!;
        expect(isBusinessDay(due)).toBe(true);
        expect(businessDaysBetween(filed, due)).toBe(15);
        // The day before it is still within the term: 14 business days.
        expect(businessDaysBetween(filed, addDays(due, -1))).toBe(14);
      }),
    );
  });

  it("uses the law's day when the service counts calendar days, and names the service's", () => {
    // Filed Wednesday 11-04: the service's 15 calendar days end on 11-19, the law's 15 business days on 11-25.
    const counted = status('2026-11-04T15:00:00Z', '2026-11-20T04:59:59.999Z');
    expect(counted).toMatchObject({ date: '2026-11-25', serviceDate: '2026-11-19', businessDaysLeft: 3 });
    expect(deadlineFields(counted)).toEqual({ due: '2026-11-25', serviceDue: '2026-11-19', daysLeft: 3 });
    expect(describeDeadline(deadlineFields(counted))).toBe('due 2026-11-25 by law (service says 2026-11-19), 3 business days left, DUE SOON');
  });

  it('names a missing or unreadable service deadline, and still counts the law', () => {
    expect(status('2026-11-04T15:00:00Z', null)).toMatchObject({ date: '2026-11-25', serviceDate: 'none' });
    expect(status('2026-11-04T15:00:00Z', '   ')).toMatchObject({ date: '2026-11-25', serviceDate: 'none' });
    expect(status('2026-11-04T15:00:00Z', 'pronto\u202e')).toMatchObject({ date: '2026-11-25', serviceDate: 'pronto' });
    expect(describeDeadline(deadlineFields(status('2026-11-04T15:00:00Z', null)))).toBe(
      'due 2026-11-25 by law (service sent none), 3 business days left, DUE SOON',
    );
    expect(describeDeadline(deadlineFields(status('2026-11-04T15:00:00Z', 'pronto')))).toBe(
      'due 2026-11-25 by law (service says "pronto"), 3 business days left, DUE SOON',
    );
  });

  it("says nothing of the service's deadline when it agrees, in any spelling of that day", () => {
    for (const sent of ['2026-11-26T04:59:59.999Z', '2026-11-25', '2026-11-25T00:00:00.000Z', '2026-11-25T18:00:00-05:00']) {
      expect(status('2026-11-04T15:00:00Z', sent).serviceDate, sent).toBeUndefined();
    }
  });

  it("falls back on the service's day when the filing day cannot be read, and on nothing when neither can", () => {
    expect(status(null, '2026-11-25')).toMatchObject({ date: '2026-11-25', businessDaysLeft: 3 });
    expect(status(null, '2026-11-25').serviceDate).toBeUndefined();
    expect(status('not a date', null)).toMatchObject({ date: null, businessDaysLeft: null });
    // A filing day at the end of the calendar has no deadline we can write: not a crash.
    expect(status('9999-12-31T12:00:00Z', null).date).toBeNull();
  });

  it("keeps the service's differing day beside the due day once an answer came late, and leaves both out when on time", () => {
    const late = status('2026-11-04T15:00:00Z', null, { hasResponse: true, respondedAt: '2026-11-27T15:00:00Z' } as never);
    expect(deadlineFields(late)).toEqual({ answered: '2026-11-27', due: '2026-11-25', serviceDue: 'none', daysLate: 2 });
    const onTime = status('2026-11-04T15:00:00Z', null, { hasResponse: true, respondedAt: '2026-11-20T15:00:00Z' } as never);
    expect(deadlineFields(onTime)).toEqual({ answered: '2026-11-20' });
  });

  it('due soon runs through the day before the 4th business day', () => {
    // From Sunday 11-22: Monday 23, 24, Wednesday 25 are the 1st to 3rd; Thursday 26 the 4th.
    expect(dueSoonThrough('2026-11-22')).toBe('2026-11-25');
    // From Tuesday 12-01: 2, 3, Friday 4 are the 1st to 3rd; Monday 7 the 4th: the weekend between is due soon too.
    expect(dueSoonThrough('2026-12-01')).toBe('2026-12-06');
  });
});
