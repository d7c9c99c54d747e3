// export_complaints end to end, against ground truth: the stdio server in process
// (helpers/in-process.ts) writes registers of the sandbox's big book (30,000 records of organization A
// over a year) into a folder of the test's, and the test reads each file back as a spreadsheet would
// (helpers/csv.ts, a strict RFC 4180 reader that shares nothing with src/format/csv.ts), then checks
// it against the sandbox's own records: the records of organization A filed in the last full month
// by Lima day, each once, each row's columns worked out here with no code of src/calendar,
// src/domain or src/format (the law's deadline and business days from test/helpers/law-deadline.ts).
//
// Before the sandbox starts, records of the month's last week are given hostile text (formulas, a
// HYPERLINK, commas, quotation marks and line breaks, accents, other scripts) in their store names,
// reasons, consumer names and sheets, and answers at the edges of the law's deadline. The service is
// reached through a loopback proxy (helpers/latency-proxy.ts) that counts the list's and the sheets'
// requests apart, and the peak of sheets in flight.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Dataset, generateDataset, type SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { findMemberByKey } from '../../src/sandbox/members.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import type { Connection } from '../helpers/connection.js';
import { csvObjects, parseCsv } from '../helpers/csv.js';
import { connectInProcess } from '../helpers/in-process.js';
import { LatencyProxy } from '../helpers/latency-proxy.js';
import { businessDaysLeft, lawDeadline, limaDay, plusDays } from '../helpers/law-deadline.js';
import { onOneDay } from '../helpers/one-day.js';

const LIMA = 'America/Lima';
const SLOW = 300_000;
const PAGE_SIZE = 100;
/** The member's gate: requests in flight at once (the issue: at most 8 sheets in flight). */
const MOST_IN_FLIGHT = 8;
const FULL = findMemberByKey(DEMO_KEYS.full.key)!;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The register's columns, as the issue names them (es, the default language, and en for the sheets). */
const HEADER_ES = [
  'Correlativo',
  'Código de seguimiento',
  'Tipo',
  'Estado',
  'Fecha y hora de registro (Lima)',
  'Tienda',
  'Motivo',
  'Consumidor',
  'Tipo de documento',
  'Número de documento',
  'Correo electrónico',
  'Plazo legal',
  'Fecha de respuesta',
  'Situación de la respuesta',
  'Correo de constancia',
  'Correo de respuesta',
];
const HEADER_EN_SHEETS = [
  'Correlative',
  'Tracking code',
  'Type',
  'Status',
  'Filed (Lima)',
  'Store',
  'Reason',
  'Consumer',
  'Document type',
  'Document number',
  'E-mail',
  'Legal deadline',
  'Response date',
  'Response timing',
  'Receipt e-mail',
  'Response e-mail',
  'Item',
  'Item description',
  'Amount',
  'Currency',
  'Proof of payment',
  'Address',
  'Phone',
  'Parent or guardian',
  'Incident date',
  "Consumer's description",
  "Consumer's request",
  'Official response',
  'Responded by',
  'Attachments',
];

const ES = {
  types: { claim: 'Reclamo', complaint: 'Queja' } as Record<string, string>,
  statuses: { open: 'Abierto', in_review: 'En revisión', resolved: 'Resuelto' } as Record<string, string>,
  emails: { sent: 'Enviado', queued: 'En cola', failed: 'Fallido', bounced: 'Rebotado' } as Record<string, string>,
  days: (n: number) => `${n} ${n === 1 ? 'día hábil' : 'días hábiles'}`,
};

/** Text a consumer or a store could write, each a way to break a spreadsheet or its reading. */
const HOSTILE = [
  '=1+2',
  '+cmd|calc',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=cmd',
  '=HYPERLINK("http://x","y")',
  ' =after a space',
  'Tienda, "La Buena"\r\nsegunda línea\rtercera\nfin',
  'Ñandú Güemes Álvarez, señoría',
  '山田 太郎 Иван Петров',
];
/** Multi-line hostile texts for the sheets: what a consumer described and asked, and an answer. */
const HOSTILE_LONG = [
  '=HYPERLINK("http://x","y")\r\nQuiero "mi dinero", ya.\rSegunda línea\nTercera: ñandú, Güemes',
  '  -1+1 pago doble\r\n\r\n@cargo indebido; 山田 Иван',
  'Respuesta: "aceptado", reembolso\rcon acentos: áéíóú ü ñ\r\nfin',
];
/** What a spreadsheet would read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r\n]/;

/** The register's cleaning of a one-line value, restated: invisible and control characters dropped, whitespace collapsed, trimmed. */
function oneLine(text: string): string {
  return withoutInvisibles(text.replace(LINE_BREAKS, '\n')).replace(/\s+/g, ' ').trim();
}

/** The cleaning of what a person wrote: line breaks kept as LF, tabs as spaces, invisible characters dropped, trimmed. */
function longText(text: string): string {
  return withoutInvisibles(text.replace(LINE_BREAKS, '\n').replace(/\t/g, ' ')).trim();
}

/** Every line break a reader honours: CRLF, a lone CR, and the rarer ones. */
const LINE_BREAKS = /\r\n?|[\u000b\u000c\u0085\u2028\u2029]/g;

function withoutInvisibles(text: string): string {
  return text.replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/gu, '');
}

/** A field as a spreadsheet must read it: a formula's first character behind an apostrophe. */
const neutralised = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** "2026-10-03 14:05", Lima's wall time (UTC-5 all year). */
const limaTime = (ms: number) => new Date(ms - 5 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The last full calendar month before `today` (Lima days). */
function lastMonthOf(today: string): { from: string; to: string } {
  const to = plusDays(`${today.slice(0, 8)}01`, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** The month's last seven days: the week whose sheets are read. */
function lastWeekOf(month: { to: string }): { from: string; to: string } {
  return { from: plusDays(month.to, -6), to: month.to };
}

const ofA = (dataset: Dataset) => dataset.records.filter((record) => record.organizationId === FULL.organizationId);
const filedIn = (records: readonly SandboxRecord[], range: { from: string; to: string }) =>
  records.filter((record) => limaDay(record.createdAtMs) >= range.from && limaDay(record.createdAtMs) <= range.to);

const isAnswered = (record: SandboxRecord) => record.detail.response.officialResponse !== null;
const responseDayOf = (record: SandboxRecord) => {
  const at = record.detail.response.respondedAt;
  return at === null || Number.isNaN(Date.parse(at)) ? undefined : limaDay(Date.parse(at));
};

/** How the law's count reads a record as of `today`, in the register's Spanish words. */
function timingOf(record: SandboxRecord, today: string): string {
  const due = lawDeadline(record.createdAtMs);
  if (isAnswered(record)) {
    const answeredOn = responseDayOf(record);
    if (answeredOn === undefined) return 'Respondido, sin fecha legible';
    const left = businessDaysLeft(answeredOn, due);
    return left >= 0 ? 'A tiempo' : `Tarde por ${ES.days(-left)}`;
  }
  const left = businessDaysLeft(today, due);
  if (left < 0) return `Sin respuesta, vencido hace ${ES.days(-left)}`;
  return left === 0 ? 'Sin respuesta, vence hoy' : `Sin respuesta, vence en ${ES.days(left)}`;
}

/** A record's row in the Spanish register without sheets, worked out from the sandbox's record. */
function expectedRow(record: SandboxRecord, today: string): Record<string, string> {
  const { detail } = record;
  const { consumer } = detail;
  const name = consumer.legalName?.trim()
    ? `${oneLine(consumer.legalName)}${consumer.legalTaxId ? ` (RUC ${consumer.legalTaxId})` : ''}`
    : oneLine([consumer.firstName, consumer.lastName].filter((part) => part?.trim()).join(' '));
  const cells = [
    detail.correlative ?? '',
    detail.trackingCode ?? '',
    ES.types[record.type]!,
    ES.statuses[record.status]!,
    limaTime(record.createdAtMs),
    oneLine(detail.store.name ?? ''),
    oneLine(detail.reason ?? ''),
    name,
    consumer.documentType ?? '',
    consumer.documentNumber ?? '',
    consumer.email ?? '',
    lawDeadline(record.createdAtMs),
    isAnswered(record) ? (responseDayOf(record) ?? '') : '',
    timingOf(record, today),
    ES.emails[(detail.delivery.receipt.status ?? '').toLowerCase()] ?? '',
    ES.emails[(detail.delivery.response.status ?? '').toLowerCase()] ?? '',
  ];
  return Object.fromEntries(HEADER_ES.map((column, index) => [column, neutralised(cells[index]!)]));
}

/** What the test changed in the book. */
interface Seeded {
  /** Records whose store name, reason or consumer's first name were made hostile. */
  hostileNames: string[];
  /** Records whose description, request and official response were made hostile. */
  hostileSheets: string[];
  onDeadlineDay?: string;
  dayAfterDeadline?: string;
  undated?: string;
}

/**
 * Hostile text in the month's last week (store names, reasons and consumers' first names each take
 * every value of HOSTILE over ten records; three records' sheets take HOSTILE_LONG), and from the
 * month's first days answers on the deadline day's last half hour, in the next day's first quarter
 * hour, and without a date.
 */
function seed(dataset: Dataset, today: string): Seeded {
  const month = lastMonthOf(today);
  const week = filedIn(ofA(dataset), lastWeekOf(month));
  const natural = week.filter((record) => record.detail.consumer.personType === 'natural' && !record.detail.consumer.legalName);
  const seeded: Seeded = { hostileNames: [], hostileSheets: [] };
  natural.slice(0, HOSTILE.length).forEach((record, i) => {
    record.detail.store.name = HOSTILE[i]!;
    record.detail.reason = HOSTILE[(i + 3) % HOSTILE.length]!;
    record.detail.consumer.firstName = HOSTILE[(i + 6) % HOSTILE.length]!;
    seeded.hostileNames.push(record.id);
  });
  natural
    .slice(HOSTILE.length)
    .filter(isAnswered)
    .slice(0, 3)
    .forEach((record, i) => {
      record.detail.claim.description = HOSTILE_LONG[i]!;
      record.detail.claim.request = HOSTILE_LONG[(i + 1) % 3]!;
      record.detail.response.officialResponse = HOSTILE_LONG[(i + 2) % 3]!;
      seeded.hostileSheets.push(record.id);
    });

  const early = filedIn(ofA(dataset), month)
    .reverse()
    .filter((record) => record.status === 'resolved' && isAnswered(record) && responseDayOf(record) !== undefined);
  const answerAt = (record: SandboxRecord | undefined, ms: number) => {
    if (record === undefined || ms >= Date.now()) return undefined;
    record.detail.response.respondedAt = new Date(ms).toISOString();
    return record.id;
  };
  seeded.onDeadlineDay = answerAt(early[0], Date.parse(`${lawDeadline(early[0]!.createdAtMs)}T23:30:00-05:00`));
  seeded.dayAfterDeadline = answerAt(early[1], Date.parse(`${plusDays(lawDeadline(early[1]!.createdAtMs), 1)}T00:15:00-05:00`));
  if (early[2]) {
    early[2].detail.response.respondedAt = null;
    seeded.undated = early[2].id;
  }
  return seeded;
}

/** The register a call wrote: its bytes, its text and its rows by the header. */
async function readRegister(path: string) {
  const bytes = await readFile(path);
  const text = bytes.toString('utf8');
  const parsed = parseCsv(text);
  return { bytes, text, parsed, rows: csvObjects(parsed.rows) };
}

/** The document numbers (the consumer's and a guardian's), e-mails and phones of `records`. */
function identifiersOf(records: readonly SandboxRecord[], withPhones: boolean): string[] {
  return records.flatMap((record) => {
    const { consumer } = record.detail;
    const guardian = consumer.guardian as { documentNumber?: string } | null;
    return [consumer.documentNumber, guardian?.documentNumber, consumer.email, withPhones ? consumer.phone : undefined].filter(
      (value): value is string => typeof value === 'string' && value.trim().length >= 6,
    );
  });
}

describe('export_complaints over the big book, against ground truth', () => {
  let sandbox: SandboxHandle;
  let proxy: LatencyProxy;
  let full: Connection;
  let masked: Connection;
  let folder: string;
  let maskedFolder: string;
  let seeded: Seeded;

  beforeAll(async () => {
    const dataset = generateDataset({ now: new Date(), book: 'big' });
    seeded = seed(dataset, limaDay(Date.now()));
    sandbox = await startSandbox({ dataset });
    // A few milliseconds a request: enough for the sheets asked ahead to be in flight together.
    proxy = await LatencyProxy.start(sandbox.url, {
      delayMs: 10,
      routeOf: (path) => (path === '/api/v1/complaints' ? 'list' : path.startsWith('/api/v1/complaints/') ? 'detail' : 'other'),
    });
    folder = await mkdtemp(join(tmpdir(), 'export-truth-'));
    const env = { COMPLAINTS_API_URL: proxy.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_TIMEOUT_MS: '120000', COMPLAINTS_EXPORT_DIR: folder };
    full = await connectInProcess(env);
    // Its own folder: its registers are named as the other's are.
    maskedFolder = await mkdtemp(join(tmpdir(), 'export-truth-masked-'));
    masked = await connectInProcess({ ...env, COMPLAINTS_EXPORT_DIR: maskedFolder, COMPLAINTS_REDACT_PII: 'true' });
  }, SLOW);

  afterAll(async () => {
    await full?.close();
    await masked?.close();
    await proxy?.close();
    await sandbox?.close();
    for (const made of [folder, maskedFolder]) if (made) await rm(made, { recursive: true, force: true });
  });

  beforeEach(() => {
    sandbox.requests.length = 0;
    proxy.reset();
  });

  const bookOfA = () => ofA(sandbox.dataset);

  it('seeds what the checks need: hostile text in the last week, answers on time, late, undated and unanswered overdue in the month', async () => {
    const today = limaDay(Date.now());
    const month = filedIn(bookOfA(), lastMonthOf(today));
    expect(month.length).toBeGreaterThan(2000);
    expect(seeded.hostileNames).toHaveLength(HOSTILE.length);
    expect(seeded.hostileSheets).toHaveLength(3);
    const timings = new Set(month.map((record) => timingOf(record, today).replace(/\d+.*$/, '')));
    for (const kind of ['A tiempo', 'Tarde por ', 'Respondido, sin fecha legible', 'Sin respuesta, vencido hace ']) {
      expect(timings.has(kind), `the month holds "${kind}"`).toBe(true);
    }
    const byId = new Map(month.map((record) => [record.id, record]));
    expect(timingOf(byId.get(seeded.onDeadlineDay!)!, today)).toBe('A tiempo');
    expect(timingOf(byId.get(seeded.dayAfterDeadline!)!, today)).toBe('Tarde por 1 día hábil');
  });

  it(
    "last month without details: exactly the month's records by Lima day, each once, oldest first, every column as the sandbox and the law's count say, within the request budget",
    async () => {
      await onOneDay(LIMA, async (_now, today) => {
        sandbox.requests.length = 0;
        proxy.reset();
        const month = lastMonthOf(today);
        const records = filedIn(bookOfA(), month);
        const { structured, isError, text } = await full.call('export_complaints', { from: month.from, to: month.to });
        expect(isError, text).toBe(false);
        expect(structured).toMatchObject({
          delivery: 'file',
          rows: records.length,
          sheets: false,
          filedFrom: month.from,
          filedTo: month.to,
          columns: HEADER_ES,
        });
        // A month is named as the month ("-2" and on only when the name is taken: a retry after midnight).
        expect(structured.fileName).toMatch(new RegExp(`^registro-reclamaciones_${month.from.slice(0, 7)}(?:-\\d+)?\\.csv$`));
        expect(structured.path).toBe(join(folder, structured.fileName));

        const { bytes, parsed, rows } = await readRegister(structured.path);
        expect(bytes.subarray(0, 3).equals(UTF8_BOM), 'the file begins with EF BB BF').toBe(true);
        expect(parsed.bom).toBe(true);
        expect(parsed.rows[0]).toEqual(HEADER_ES);
        expect(rows).toHaveLength(records.length);

        const correlatives = rows.map((row) => row.Correlativo!);
        expect(new Set(correlatives).size, 'no record twice').toBe(correlatives.length);
        expect(new Set(correlatives)).toEqual(new Set(records.map((record) => record.detail.correlative)));
        // Oldest filing first (the sandbox lists newest first).
        expect(correlatives).toEqual([...records].reverse().map((record) => record.detail.correlative));

        const byCorrelative = new Map(records.map((record) => [record.detail.correlative!, record]));
        for (const row of rows) expect(row, `row ${row.Correlativo}`).toEqual(expectedRow(byCorrelative.get(row.Correlativo!)!, today));

        // The issue's budget: at most 40 requests for a month of about 2,600 records (its pages and the count).
        expect(proxy.requestsOfRoute('detail')).toBe(0);
        expect(proxy.requestsOfRoute('list')).toBe(Math.ceil(records.length / PAGE_SIZE) + 1);
        expect(proxy.requests).toBeLessThanOrEqual(40);
      });
    },
    SLOW,
  );

  it(
    'hostile names and reasons: no field starts a formula, each is the original behind an apostrophe, accents and other scripts byte for byte',
    async () => {
      const today = limaDay(Date.now());
      const month = lastMonthOf(today);
      const { structured, isError, text } = await full.call('export_complaints', { from: month.from, to: month.to });
      expect(isError, text).toBe(false);
      const { bytes, parsed, rows } = await readRegister(structured.path);
      for (const [index, row] of parsed.rows.entries()) {
        for (const field of row) expect(FORMULA_START.test(field), `row ${index}: ${JSON.stringify(field)} starts a formula`).toBe(false);
      }
      const byId = new Map(bookOfA().map((record) => [record.id, record]));
      const byCorrelative = new Map(rows.map((row) => [row.Correlativo, row]));
      const seen = { store: new Set<string>(), reason: new Set<string>(), consumer: new Set<string>() };
      for (const id of seeded.hostileNames) {
        const record = byId.get(id)!;
        const row = byCorrelative.get(record.detail.correlative!)!;
        expect(row, `${record.detail.correlative} is in the register`).toBeDefined();
        expect(row.Tienda).toBe(neutralised(oneLine(record.detail.store.name!)));
        expect(row.Motivo).toBe(neutralised(oneLine(record.detail.reason!)));
        expect(row.Consumidor).toBe(neutralised(oneLine(`${record.detail.consumer.firstName} ${record.detail.consumer.lastName}`)));
        seen.store.add(row.Tienda!);
        seen.reason.add(row.Motivo!);
        seen.consumer.add(row.Consumidor!);
      }
      // Every hostile value came through each of the three columns.
      for (const values of Object.values(seen)) expect(values.size).toBe(HOSTILE.length);
      expect(seen.store).toEqual(new Set(HOSTILE.map((value) => neutralised(oneLine(value)))));
      expect(seen.store.has(`'=HYPERLINK("http://x","y")`)).toBe(true);
      expect(seen.store.has("'=cmd")).toBe(true);
      expect(seen.store.has('Tienda, "La Buena" segunda línea tercera fin')).toBe(true);
      // Accents and other scripts, as UTF-8 bytes in the file itself.
      for (const word of ['Ñandú Güemes Álvarez, señoría', '山田 太郎 Иван Петров', 'En revisión', 'Código de seguimiento']) {
        expect(bytes.includes(Buffer.from(word, 'utf8')), `${word} in UTF-8`).toBe(true);
      }
      expect(bytes.includes(Buffer.from('Ñandú', 'latin1')), 'no Latin-1 accents').toBe(false);
    },
    SLOW,
  );

  it(
    'with COMPLAINTS_REDACT_PII=true, no document number, e-mail or phone of the month is in clear anywhere in the file, and every record still has its row',
    async () => {
      const today = limaDay(Date.now());
      const month = lastMonthOf(today);
      const records = filedIn(bookOfA(), month);
      const { structured, isError, text } = await masked.call('export_complaints', { from: month.from, to: month.to });
      expect(isError, text).toBe(false);
      const { text: file, rows } = await readRegister(structured.path);
      expect(new Set(rows.map((row) => row.Correlativo))).toEqual(new Set(records.map((record) => record.detail.correlative)));
      const identifiers = identifiersOf(records, true);
      expect(identifiers.length).toBeGreaterThan(records.length * 2);
      const inClear = identifiers.filter((identifier) => file.includes(identifier));
      expect(inClear, 'identifiers in clear').toEqual([]);
    },
    SLOW,
  );

  it(
    'with COMPLAINTS_REDACT_PII=true and details for a week, no document number, e-mail or phone is in clear, the sheets included',
    async () => {
      const today = limaDay(Date.now());
      const week = lastWeekOf(lastMonthOf(today));
      const records = filedIn(bookOfA(), week);
      const { structured, isError, text } = await masked.call('export_complaints', { ...week, details: true, language: 'en' });
      expect(isError, text).toBe(false);
      const { text: file, rows } = await readRegister(structured.path);
      expect(rows).toHaveLength(records.length);
      expect(
        rows.some((row) => row.Phone !== '' && row.Address !== ''),
        'the sheets are there',
      ).toBe(true);
      const inClear = identifiersOf(records, true).filter((identifier) => file.includes(identifier));
      expect(inClear, 'identifiers in clear').toEqual([]);
    },
    SLOW,
  );

  it(
    "whole sheets for a week: each row's description, request and answer are the sandbox's, one sheet request per record, at most 8 in flight, progress rising",
    async () => {
      const today = limaDay(Date.now());
      const week = lastWeekOf(lastMonthOf(today));
      const records = filedIn(bookOfA(), week);
      expect(records.length).toBeGreaterThan(400);
      const progress: Array<{ progress: number; total?: number }> = [];
      const result = (await full.client.callTool({ name: 'export_complaints', arguments: { ...week, details: true, language: 'en' } }, undefined, {
        onprogress: (notification) => progress.push({ progress: notification.progress, total: notification.total }),
        timeout: SLOW,
      })) as CallToolResult;
      const structured = result.structuredContent as { path: string; rows: number; fileName: string };
      expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
      expect(structured.rows).toBe(records.length);
      expect(structured.fileName).toBe(`complaints-register_${week.from}_${week.to}_sheets.csv`);

      const { parsed, rows } = await readRegister(structured.path);
      expect(parsed.rows[0]).toEqual(HEADER_EN_SHEETS);
      expect(new Set(rows.map((row) => row.Correlative))).toEqual(new Set(records.map((record) => record.detail.correlative)));
      const byCorrelative = new Map(records.map((record) => [record.detail.correlative!, record]));
      const sheetText = (value: string | null) => neutralised(value === null ? '' : longText(value));
      for (const row of rows) {
        const { claim, response } = byCorrelative.get(row.Correlative!)!.detail;
        const why = `row ${row.Correlative}`;
        expect(row["Consumer's description"]?.replace(/\r\n?/g, '\n'), why).toBe(sheetText(claim.description));
        expect(row["Consumer's request"]?.replace(/\r\n?/g, '\n'), why).toBe(sheetText(claim.request));
        expect(row['Official response']?.replace(/\r\n?/g, '\n'), why).toBe(sheetText(response.officialResponse));
      }
      // The hostile sheets: line breaks kept inside their cells, formulas behind an apostrophe.
      const hostile = rows.filter((row) => seeded.hostileSheets.some((id) => sandbox.dataset.byId.get(id)!.detail.correlative === row.Correlative));
      expect(hostile).toHaveLength(3);
      expect(hostile.some((row) => row["Consumer's description"]!.startsWith(`'=HYPERLINK("http://x","y")\n`))).toBe(true);
      for (const row of parsed.rows) for (const field of row) expect(FORMULA_START.test(field), JSON.stringify(field)).toBe(false);

      // One sheet request per record, each record's once; the list's pages and the count besides.
      const sheets = sandbox.requests.filter((request) => request.path.startsWith('/api/v1/complaints/'));
      expect(sheets.map((request) => decodeURIComponent(request.path.slice('/api/v1/complaints/'.length))).sort()).toEqual(
        records.map((record) => record.id).sort(),
      );
      expect(proxy.requestsOfRoute('detail')).toBe(records.length);
      expect(proxy.requestsOfRoute('list')).toBe(Math.ceil(records.length / PAGE_SIZE) + 1);
      // At most 8 sheets in flight at once, and more than one: they are asked ahead.
      expect(proxy.peakOfRoute('detail')).toBeLessThanOrEqual(MOST_IN_FLIGHT);
      expect(proxy.peakOfRoute('detail')).toBeGreaterThan(1);

      // Progress in rising steps, never past its total.
      expect(progress.length).toBeGreaterThan(records.length / 2);
      for (const [index, step] of progress.entries()) {
        if (index > 0) expect(step.progress, `step ${index} rises`).toBeGreaterThan(progress[index - 1]!.progress);
        if (step.total !== undefined) expect(step.progress, `step ${index} within its total`).toBeLessThanOrEqual(step.total);
      }
    },
    SLOW,
  );
});
