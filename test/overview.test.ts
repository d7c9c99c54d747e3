// The overview's text, from pages read by hand: the cap, the urgent records and the deliveries.
import { describe, expect, it } from 'vitest';
import { listEnvelopeSchema } from '../src/api/schemas.js';
import { formatOverviewText, toOverview } from '../src/format/overview.js';
import { listItemBody } from './fixtures.js';

// Sunday 2026-11-22, 10:00 in Lima.
const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: 'America/Lima' };
const items = (bodies: Record<string, unknown>[]) => listEnvelopeSchema.parse({ data: bodies, pagination: {} }).data;

describe('formatOverviewText', () => {
  it('says when the page cap left records unread, and that the counts are then lower bounds', () => {
    const pages = { items: items([listItemBody()]), total: 9000, totalPages: 90, pagesRead: 50, capped: true };
    const text = formatOverviewText(toOverview(pages, { period: 'this_month', from: '2026-11-01', to: '2026-11-22' }, clock));
    const [first, , , counts] = text.split('\n');
    expect(first).toBe(
      '9000 records match (filed this_month, 2026-11-01..2026-11-22 in America/Lima); only the first 50 of 90 pages were read (the cap), so the 1 newest records are counted; narrow the period or filters for the rest. Dates in America/Lima; MM-DD is 2026.',
    );
    expect(counts).toMatch(/^Among the records counted \(at least\): Unanswered: 1\./);
  });

  it('puts the overdue first, then the due soon, and names deliveries neither sent nor queued', () => {
    const bodies = [
      listItemBody({ correlative: 'A', responseDeadline: '2026-11-25', receiptDeliveryStatus: 'bounced' }),
      listItemBody({ correlative: 'B', responseDeadline: '2026-11-18' }),
      listItemBody({ correlative: 'C', responseDeadline: '2026-12-15', receiptDeliveryStatus: 'queued', responseDeliveryStatus: 'failed' }),
      listItemBody({ correlative: 'D', responseDeadline: '2026-11-10', hasResponse: true, respondedAt: '2026-11-09T15:00:00Z' }),
    ];
    const overview = toOverview({ items: items(bodies), total: 4, totalPages: 1, pagesRead: 1, capped: false }, {}, clock);
    expect(overview).toMatchObject({ unanswered: 3, overdue: 1, dueSoon: 1, deliveryIssues: { records: 2, byState: { bounced: 1, failed: 1 } } });
    expect(overview.mostUrgent.map((record) => record.correlative)).toEqual(['B', 'A']);
    const text = formatOverviewText(overview);
    expect(text).toContain('Unanswered: 3. Overdue: 1. Due soon (3 business days or fewer): 1.');
    expect(text).toContain('E-mail deliveries neither sent nor queued: bounced 1, failed 1 (2 records):');
  });
});
