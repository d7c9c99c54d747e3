// The stdio server's McpServer in process (helpers/in-process.ts) with its clock in 2028-2032 (only
// Date is faked: timers run as ever), against a small API written here by hand (not the sandbox, which
// shares the server's calendar code): its deadlines are dates the test states, so business days left
// are counted by the server alone, across Holy Week and Fiestas Patrias.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addBusinessDays } from '../../src/calendar/business-days.js';
import { connectInProcess } from '../helpers/in-process.js';

const KEY = 'or_test_future_years_7c41';

interface Case {
  label: string;
  /** The server's clock (Lima, 10:00). */
  today: string;
  /** The record's responseDeadline: the end of that day in Lima, as the service sends it. */
  due: string;
  daysLeft: number;
}

// Each worked out by hand from the year's calendar; the old 2025-2027 table counted only weekends here.
const CASES: Case[] = [
  // Easter 16 April 2028: Monday 10 -> Monday 17 skips Holy Thursday 13 and Good Friday 14.
  { label: 'Holy Week 2028', today: '2028-04-10', due: '2028-04-17', daysLeft: 3 },
  // Easter 1 April 2029: Monday 26 March -> Tuesday 3 April skips 29 and 30 March.
  { label: 'Holy Week 2029', today: '2029-03-26', due: '2029-04-03', daysLeft: 4 },
  // Tuesday 23 (Fuerza Aérea), Sunday 28 and Monday 29 July: Monday 22 -> Wednesday 31 has 24, 25, 26, 30, 31.
  { label: 'Fiestas Patrias 2030', today: '2030-07-22', due: '2030-07-31', daysLeft: 5 },
  // Easter 13 April 2031: due Holy Wednesday 9, seen Friday 4 April: 7, 8, 9 (the holidays come after).
  { label: 'Holy Week 2031, due the day before it', today: '2031-04-04', due: '2031-04-09', daysLeft: 3 },
  // Monday 7 June 2032 (Bandera) and Tuesday 29 June (San Pedro y San Pablo): Friday 4 June -> Wednesday 30 June.
  { label: 'June 2032', today: '2032-06-04', due: '2032-06-30', daysLeft: 16 },
  // Overdue across Navidad 2031 (a Thursday) and Año Nuevo 2032: due Wednesday 24 December, seen Friday
  // 2 January: 24, 26, 29, 30 and 31 December, the days [due, today) as the law's count backwards goes.
  { label: 'overdue across the new year 2031-2032', today: '2032-01-02', due: '2031-12-24', daysLeft: -5 },
];

function listItem(index: number, due: string) {
  return {
    id: `0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a${String(10 + index)}`,
    correlative: `00000010${index}-${due.slice(0, 4)}`,
    trackingCode: `RCL-TEST-000${index}`,
    type: 'claim',
    status: 'open',
    priority: 'medium',
    storeId: 'a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01',
    storeName: 'Tienda Centro',
    firstName: 'Ana',
    lastName: 'Prueba',
    hasResponse: false,
    respondedAt: null,
    responseDeadline: `${due}T23:59:59-05:00`,
    receiptDeliveryStatus: 'sent',
    responseDeliveryStatus: null,
    // Filed on the day whose 15th business day is `due` (10:00 Lima): the law's deadline and the service's agree.
    createdAt: `${addBusinessDays(due, -15)}T10:00:00-05:00`,
    updatedAt: `${due}T00:00:00-05:00`,
  };
}

let api: Server;
let apiUrl: string;
let current: Case | undefined;

beforeAll(async () => {
  api = createServer((req, res) => {
    const authorized = req.headers.authorization === `Bearer ${KEY}`;
    const items = current ? [listItem(CASES.indexOf(current), current.due)] : [];
    const [status, body] = !authorized
      ? [401, { error: 'unauthorized' }]
      : req.url?.startsWith('/api/v1/complaints?')
        ? [200, { data: items, pagination: { page: 1, pageSize: 20, total: items.length, totalPages: 1 } }]
        : [404, { error: 'not found' }];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => api?.close(resolve));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the server with its clock in 2028-2032', () => {
  it.each(CASES)('$label: seen $today, due $due, $daysLeft business days left', async (testCase) => {
    current = testCase;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${testCase.today}T10:00:00-05:00`));
    const mcp = await connectInProcess({ COMPLAINTS_API_URL: apiUrl, COMPLAINTS_API_KEY: KEY });
    try {
      const { isError, text, structured } = await mcp.call('list_complaints');
      expect(isError, text).toBe(false);
      // The header names the year the clock is in: the fake clock took.
      expect(text).toContain(`MM-DD is ${testCase.today.slice(0, 4)}`);
      expect(structured.items[0]).toMatchObject({ due: testCase.due, daysLeft: testCase.daysLeft });
      const left = Math.abs(testCase.daysLeft);
      const words = testCase.daysLeft < 0 ? `${left} business days OVERDUE` : `${left} business days left${left <= 3 ? ', DUE SOON' : ''}`;
      expect(text).toContain(words);
    } finally {
      await mcp.close();
    }
  });
});
