// summarize_complaint in process against the demo sandbox: the record comes in the prompt (no tool
// call asked for), by reference or by id, in Spanish unless asked otherwise.
import { describe, expect, it } from 'vitest';
import type { SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { ORGANIZATION_A } from '../../src/sandbox/organizations.js';
import { demoInProcessForFile } from '../helpers/in-process.js';
import { businessDaysLeft, lawDeadline, limaDay } from '../helpers/law-deadline.js';

const demo = demoInProcessForFile();

async function summary(args: Record<string, string>) {
  const result = await demo.mcp.client.getPrompt({ name: 'summarize_complaint', arguments: args });
  expect(result.messages.map((message) => message.role)).toEqual(['user']);
  return { description: result.description, text: (result.messages[0]!.content as { text: string }).text };
}

describe('summarize_complaint', () => {
  it('brings the record named by its correlative, with the law’s facts, in Spanish by default: two requests, no tool call asked for', async () => {
    const record = demo.sandbox.dataset.byId.get(demo.sandbox.dataset.records.find((r) => r.detail.correlative === '000000481-2026')!.id)!;
    const { description, text } = await summary({ reference: '000000481-2026' });
    expect(description).toBe('Resumen de 000000481-2026');
    expect(text).toContain('Resume el registro 000000481-2026');
    expect(text).toContain(`  > Description: ${record.detail.claim.description}`);
    expect(text).toContain(`hasta el ${lawDeadline(record.createdAtMs)}`);
    expect(text).toContain('--- Fin del registro ---');
    expect(text).not.toContain('Llama a get_complaint');
    expect(text).toContain('Escribe en español y usa los términos de la ley');
    expect(demo.sandbox.requests.map((request) => request.path)).toEqual(['/api/v1/complaints', `/api/v1/complaints/${record.id}`]);
  });

  it('by id, in English: one request, the days left as the law counts them', async () => {
    const record = demo.sandbox.dataset.records.find((r) => r.detail.response.respondedAt === null && r.detail.correlative !== null)!;
    const due = lawDeadline(record.createdAtMs);
    const { description, text } = await summary({ reference: record.id, language: 'en' });
    expect(description).toBe(`Summary of ${record.detail.correlative}`);
    expect(text).toContain(`Legal deadline: 15 business days, not extendable (Código de Protección y Defensa del Consumidor, art. 24.1), ends ${due}`);
    const left = businessDaysLeft(limaDay(Date.now()), due);
    expect(text).toContain(left < 0 ? `OVERDUE: today, ${limaDay(Date.now())}, by ${-left} business day` : `${left} business day`);
    expect(text).toContain('the draft_response prompt drafts it');
    expect(text).toContain('Write in English, and keep the law’s Spanish terms');
    expect(demo.sandbox.requests.map((request) => request.path)).toEqual([`/api/v1/complaints/${record.id}`]);
  });

  it('refuses a malformed reference, or one shaped like a key, before any request and without repeating it', async () => {
    await expect(summary({ reference: 'x; drop' })).rejects.toThrow(/expected a correlative/);
    const keyed = summary({ reference: DEMO_KEYS.full.key });
    await expect(keyed).rejects.toThrow(/expected a correlative/);
    await expect(keyed).rejects.not.toThrow(DEMO_KEYS.full.key);
    expect(demo.sandbox.requests).toEqual([]);
  });

  it('brings the record a number alone names, this year’s: one search for the padded number, then the record', async () => {
    const thisYear = limaDay(Date.now()).slice(0, 4);
    const ownRecords = demo.sandbox.dataset.records.filter((record) => record.organizationId === ORGANIZATION_A.id);
    const numberOf = (record: SandboxRecord) => record.detail.correlative!.slice(0, 9);
    // A record of this year whose number no other year of the book repeats: the only one "the number" can be.
    const record = ownRecords.find(
      (candidate) =>
        candidate.detail.correlative!.endsWith(`-${thisYear}`) && ownRecords.filter((other) => numberOf(other) === numberOf(candidate)).length === 1,
    )!;
    const { description, text } = await summary({ reference: String(Number(numberOf(record))) });
    expect(description).toBe(`Resumen de ${record.detail.correlative}`);
    expect(text).toContain(`  > Description: ${record.detail.claim.description}`);
    expect(demo.sandbox.requests).toEqual([
      { method: 'GET', path: '/api/v1/complaints', query: { search: `${numberOf(record)}-`, pageSize: '100' } },
      { method: 'GET', path: `/api/v1/complaints/${record.id}`, query: {} },
    ]);
  });

  it('refuses digits that make no correlative, in both prompts, saying why and before any request', async () => {
    for (const name of ['summarize_complaint', 'draft_response']) {
      const refused = demo.mcp.client.getPrompt({ name, arguments: { reference: '481-26' } });
      await expect(refused, name).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/"481-26" is not a correlative: give its year in four digits/),
      });
    }
    expect(demo.sandbox.requests).toEqual([]);
  });
});
