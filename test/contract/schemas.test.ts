import { describe, expect, it } from 'vitest';
import { MAX_LIST_TEXT, readDetailEnvelope, readListEnvelope } from '../../src/api/read-records.js';
import { detailAnswerSchema } from '../../src/contract/detail-answer.js';
import { toDetailView } from '../../src/format/detail.js';
import { detailBody, listItemBody, mustReadDetail, mustReadList } from '../fixtures/records.js';

describe('detail envelope', () => {
  it('parses a full record', () => {
    const parsed = mustReadDetail({ data: detailBody() });
    expect(parsed.data.consumer.firstName).toBe('Rosa');
    expect(parsed.data.history).toHaveLength(2);
    expect(parsed.data.deadline.days).toBe(15);
  });

  it('refuses an envelope without an object under data', () => {
    for (const body of [{}, { data: null }, { data: [] }, { data: 'x' }, [], 'text', null]) {
      expect(readDetailEnvelope(body)).toBeNull();
    }
  });

  it('reads missing, null and mistyped fields as null, and keeps unknown enum values', () => {
    const parsed = mustReadDetail({
      data: {
        id: 'x',
        type: 'sugerencia',
        status: 'escalated',
        consumer: null,
        claim: 'oops',
        history: [null, 5, { eventType: 'merged' }],
        deadline: { days: '15', date: 7 },
        extra: { a: 1 },
      },
    }).data;
    expect(parsed.type).toBe('sugerencia');
    expect(parsed.status).toBe('escalated');
    expect(parsed.consumer.firstName).toBeNull();
    expect(parsed.claim.amount).toBeNull();
    expect(parsed.store).toEqual({ id: null, name: null });
    expect(parsed.attachments).toEqual([]);
    expect(parsed.history.map((event) => event.eventType)).toEqual([null, null, 'merged']);
    expect(parsed.deadline).toEqual({ days: 15, date: '7' });
    expect('extra' in parsed).toBe(false);
    // The answer made of it satisfies the output schema the tool declares.
    const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: 'America/Lima' };
    expect(detailAnswerSchema.safeParse(toDetailView(parsed, clock).answer).success).toBe(true);
  });

  it('keeps a guardian object of any shape', () => {
    const parsed = mustReadDetail({ data: detailBody({ consumer: { isMinor: 'true', guardian: { nombre: 'Ana', dni: 12345678 } } }) }).data;
    expect(parsed.consumer.isMinor).toBe(true);
    expect(parsed.consumer.guardian).toEqual({ nombre: 'Ana', dni: 12345678 });
  });
});

describe('list envelope', () => {
  it('parses items and pagination', () => {
    const parsed = mustReadList({ data: [listItemBody()], pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } });
    expect(parsed.data[0]?.correlative).toBe('000000481-2026');
    expect(parsed.pagination.total).toBe(1);
  });

  it('reads at most the page size asked, and cuts long values as it reads them', () => {
    const long = 'x'.repeat(9_500);
    const parsed = readListEnvelope({ data: Array.from({ length: 50 }, () => listItemBody({ storeName: long })), pagination: {} }, 3)!;
    expect(parsed.data).toHaveLength(3);
    expect(parsed.sentMore).toBe(47);
    expect(parsed.data[0]!.storeName).toBe('x'.repeat(MAX_LIST_TEXT));
    // A record's detail is read whole: the view cuts its long texts with a marker.
    expect(mustReadDetail({ data: detailBody({ reason: long }) }).data.reason).toBe(long);
  });

  it('needs data as an array and pagination as an object', () => {
    expect(readListEnvelope({ data: [] })).toBeNull();
    expect(readListEnvelope({ data: {}, pagination: {} })).toBeNull();
    expect(readListEnvelope({ data: [], pagination: null })).toBeNull();
  });

  it('turns odd items into items of nulls instead of failing the page', () => {
    const parsed = mustReadList({ data: [null, 'x', { id: 42, hasResponse: 'yes' }], pagination: { page: '1' } });
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[2]?.id).toBe('42');
    expect(parsed.data[2]?.hasResponse).toBeNull();
    expect(parsed.pagination).toEqual({ page: 1, pageSize: null, total: null, totalPages: null });
  });
});
