// monthly_report against an injected clock, over the SDK's in-memory transport: the default month at
// a month's edge in Lima, the running month, months refused, and completion by each server's own clock.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { RecentReadings } from '../../src/api/recent-readings.js';
import { RequestGate } from '../../src/api/request-gate.js';
import { createServer } from '../../src/server.js';
import { NO_REGISTER } from '../helpers/no-register.js';

const STORE = '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11';
const clients: Client[] = [];

/** A client of a server whose clock stands at `iso` (America/Lima unless told); no API is ever called. */
async function clientAt(iso: string, timeZone = 'America/Lima', language: 'es' | 'en' = 'es'): Promise<Client> {
  const server = createServer({
    api: undefined,
    problems: [],
    clock: { now: () => new Date(iso), timeZone },
    redactPii: false,
    language,
    answerGuide: undefined,
    holdsMemberKey: () => false,
    timeoutMs: 15_000,
    register: NO_REGISTER,
    bookReads: [new RequestGate(2), new RequestGate(4)],
    listReadings: new RecentReadings().of('member'),
    version: '0.0.0-test',
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'monthly-report-test', version: '1.0.0' });
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

async function monthly(client: Client, args: Record<string, string> = {}) {
  const result = await client.getPrompt({ name: 'monthly_report', arguments: args });
  expect(result.messages.map((message) => message.role)).toEqual(['user']);
  return { description: result.description, text: (result.messages[0]!.content as { text: string }).text };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe('monthly_report', () => {
  it('defaults to the last full month in the member’s time zone: on 1 December at 03:00 UTC, Lima is still in November', async () => {
    const { description, text } = await monthly(await clientAt('2026-12-01T03:00:00Z'));
    expect(description).toBe('Informe mensual, octubre de 2026');
    expect(text).toContain('de octubre de 2026 (registros del 2026-10-01 al 2026-10-31, America/Lima).');
    expect(text).toContain('Llama a complaints_overview con {"from":"2026-10-01","to":"2026-10-31"}');
    expect(text).toContain('list_complaints con {"overdue":true,"pageSize":100}');
    expect(text).toContain('{"emailProblem":true,"from":"2026-10-01","to":"2026-10-31"}');
    expect(text).not.toContain('aún no termina');
    // In UTC the same instant is December: November is the last full month.
    const utc = await monthly(await clientAt('2026-12-01T03:00:00Z', 'UTC'));
    expect(utc.text).toContain('{"from":"2026-11-01","to":"2026-11-30"}');
  });

  it('asks for what a month-end report holds, the month apart from what is at risk today', async () => {
    const { text } = await monthly(await clientAt('2027-01-10T15:00:00Z'));
    expect(text).toContain('{"from":"2026-12-01","to":"2026-12-31"}');
    for (const field of [
      'answeredOnTime',
      'answeredLate',
      'onTimeShare',
      'unansweredOverdue',
      'daysToAnswer',
      'byReason',
      'responsesNotDelivered',
      'medianDaysToAnswer',
      'emailProblems.list',
      'window',
    ]) {
      expect(text, field).toContain(field);
    }
    expect(text).toContain('las tiendas ordenadas por su porcentaje a tiempo, de menor a mayor');
    expect(text).toContain('las respuestas no entregadas, que hay que reenviar');
    expect(text).toContain('Aparte, lo que está en riesgo hoy en todo el libro');
    expect(text).toContain('No lo mezcles con las cifras del mes');
    expect(text).toContain('Escribe en español y usa los términos de la ley: reclamo');
  });

  it('reports a month asked for, for one store, in English, keeping the law’s Spanish terms', async () => {
    const client = await clientAt('2026-11-26T12:00:00Z');
    const { description, text } = await monthly(client, { month: '2024-02', storeId: STORE, language: 'en' });
    expect(description).toBe('Monthly report, February 2024');
    expect(text).toContain(`for February 2024 (records filed 2024-02-01 to 2024-02-29, America/Lima) for the store ${STORE}.`);
    expect(text).toContain(`Call complaints_overview with {"from":"2024-02-01","to":"2024-02-29","storeId":"${STORE}"}`);
    expect(text).toContain(`call list_complaints with {"overdue":true,"storeId":"${STORE}","pageSize":100}`);
    expect(text).toContain(`{"emailProblem":true,"from":"2024-02-01","to":"2024-02-29","storeId":"${STORE}"}`);
    expect(text).toContain('the stores ranked by on-time share, lowest first');
    expect(text).toContain('Apart, what is at risk today across the whole book');
    expect(text).toContain('Write in English, and keep the law’s Spanish terms, glossed once: reclamo (a claim');
    // The member's COMPLAINTS_LANGUAGE is the default; the argument wins over it.
    const english = await clientAt('2026-11-26T12:00:00Z', 'America/Lima', 'en');
    expect((await monthly(english)).description).toBe('Monthly report, October 2026');
    expect((await monthly(english, { month: '2026-10', language: 'es' })).description).toBe('Informe mensual, octubre de 2026');
  });

  it('reports the running month to date, and says it is not over', async () => {
    const { text } = await monthly(await clientAt('2026-11-26T12:00:00Z'), { month: '2026-11' });
    expect(text).toContain('{"from":"2026-11-01","to":"2026-11-26"}');
    expect(text).toContain('El mes aún no termina: informa lo registrado hasta hoy, 2026-11-26, y dilo.');
  });

  it('refuses a month not begun, one before 2000 and anything but YYYY-MM, with a clear error', async () => {
    const client = await clientAt('2026-12-01T03:00:00Z');
    const refused = (month: string) => client.getPrompt({ name: 'monthly_report', arguments: { month } });
    // Still November in Lima: December has not begun there.
    await expect(refused('2026-12')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        'Invalid arguments for prompt monthly_report: 2026-12 has not begun yet (it is 2026-11 in America/Lima): give 2026-10, the last full month, or an earlier one',
      ),
    });
    await expect(refused('2999-01')).rejects.toThrow(/has not begun yet/);
    await expect(refused('1999-12')).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('expected a month from 2000-01 on') });
    // A blank month is no month: the default (catalog.test.ts's blank arguments).
    for (const month of ['2026-13', '2026-00', '2026-1', '26-10', '2026-10-01', 'octubre', '__proto__']) {
      await expect(refused(month), month).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('expected a month as YYYY-MM, e.g. 2026-10'),
      });
    }
    expect((await monthly(client, { month: ' 2026-09 ' })).text).toContain('{"from":"2026-09-01","to":"2026-09-30"}');
    await expect(client.getPrompt({ name: 'monthly_report', arguments: { storeId: 'miraflores' } })).rejects.toThrow(/expected the uuid of a store/);
  });

  it('completes the month from the running one back a year, by each server’s own clock', async () => {
    const complete = async (client: Client, value: string) =>
      (await client.complete({ ref: { type: 'ref/prompt', name: 'monthly_report' }, argument: { name: 'month', value } })).completion.values;
    const november = await clientAt('2026-12-01T03:00:00Z');
    const march = await clientAt('2027-03-15T12:00:00Z');
    expect(await complete(november, '')).toEqual([
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
    expect(await complete(november, '2025')).toEqual(['2025-12', '2025-11']);
    expect(await complete(march, '2027')).toEqual(['2027-03', '2027-02', '2027-01']);
    expect(await complete(march, 'x')).toEqual([]);
    // The other prompts' completions are unchanged on every server.
    const language = await march.complete({ ref: { type: 'ref/prompt', name: 'monthly_report' }, argument: { name: 'language', value: 'e' } });
    expect(language.completion.values).toEqual(['es', 'en']);
  });
});
