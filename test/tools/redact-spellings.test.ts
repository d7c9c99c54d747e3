// With COMPLAINTS_REDACT_PII=true: the stdio server's McpServer in process, against the sandbox, reads
// records whose consumer wrote identifiers in every spelling a probe found, and split them between
// fields that are shown joined (the name's two parts, a label and the value beside it). Nothing of
// them may show in clear, anywhere the record is shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, type SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import type { Connection } from '../helpers/connection.js';
import { connectInProcess } from '../helpers/in-process.js';

/** The README's record: its official response gives the store's phone. */
const SHOWCASE = '000000481-2026';
const STORE_PHONE = '(01) 615-0000';

/** What must not show, letters and digits only: however a view spaces or punctuates it, it is gone. */
const SECRETS = ['41316690', '935224168', '987654321', '912345678', 'rosaq', 'luciaat', 'jperez', 'mariagarcia'];
/** Letters and digits only. */
const bare = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

let sandbox: SandboxHandle;
let mcp: Connection;
let other: SandboxRecord;
let sideBySide: SandboxRecord;

beforeAll(async () => {
  const dataset = generateDataset({ now: new Date() });
  const showcase = dataset.records.find((record) => record.detail.correlative === SHOWCASE)!;
  Object.assign(showcase.detail.consumer, {
    personType: 'natural',
    legalName: null,
    // A DNI split between the first and the last name, each part too short to mask alone.
    firstName: 'Rosa 4131',
    lastName: '6690 Quispe',
    documentNumber: '4131\u22196690',
    email: 'rosa.q [ at ] gmail.com',
    phone: '935:224:168',
    isMinor: true,
    guardian: { nombre: 'Luis 4131', dni: '6690' },
  });
  showcase.detail.reason = 'Escríbanme a rosa.q [ at ] gmail.com o a lucia (at) tienda-lucia (dot) pe';
  Object.assign(showcase.detail.claim, {
    // Labels the text writes beside a number, completing it.
    currency: '4131',
    amount: '6690',
    proofOfPaymentType: 'boleta 4131',
    proofOfPaymentNumber: '6690',
    itemDescription: 'Pagué 41316690.00 a las 10:14:05.912345678',
    description: 'O a jperez arroba miempresa punto pe, o a mariagarcia  @  gmail.com.',
    request: 'Llamen al 935:224:168 o al 987 -- 654 -- 321. DNI 4131\u22196690, 4131\uff0f6690, 4131\uff0c6690.',
  });
  showcase.detail.history.at(-1)!.publicNote = 'Cliente pide respuesta a lucia (at) tienda-lucia (dot) pe o al 987 -- 654 -- 321';
  // An e-mail split between the first and the last name.
  other = dataset.records.find((record) => record.organizationId === showcase.organizationId && record !== showcase && record.detail.correlative !== null)!;
  Object.assign(other.detail.consumer, { personType: 'natural', legalName: null, firstName: 'mariagarcia', lastName: '@gmail.com' });

  // A number split between values written side by side with nothing but quotes, commas and marks
  // between: an e-mail and a dial code, a description and an amount of no currency.
  sideBySide = dataset.records.find((record) => record.organizationId === showcase.organizationId && ![showcase, other].includes(record))!;
  Object.assign(sideBySide.detail.consumer, { email: 'r@correo.pe 4131', dialCode: '6690', phone: '912345678' });
  Object.assign(sideBySide.detail.claim, { itemDescription: 'zapatos 9876-\u0301', currency: null, amount: '54321' });

  sandbox = await startSandbox({ dataset });
  mcp = await connectInProcess({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_REDACT_PII: 'true' });
});

afterAll(async () => {
  await mcp?.close();
  await sandbox?.close();
});

/** The name the view's detail panel draws: the first and the last name joined. */
const viewName = (consumer: { firstName?: string; lastName?: string }) => [consumer.firstName, consumer.lastName].filter(Boolean).join(' ');

describe('COMPLAINTS_REDACT_PII=true, identifiers however spelled and split', () => {
  it('shows none in get_complaint, complaint:// and list_complaints, and keeps the store phone', async () => {
    const detail = await mcp.call('get_complaint', { reference: SHOWCASE });
    expect(detail.isError, detail.text).toBe(false);
    const resource = await mcp.client.readResource({ uri: `complaint://${SHOWCASE}` });
    const resourceText = (resource.contents[0] as { text: string }).text;
    const list = await mcp.call('list_complaints', { search: SHOWCASE });
    expect(list.structured.items).toHaveLength(1);

    const shown = {
      text: detail.text,
      structured: JSON.stringify(detail.structured),
      view: viewName(detail.structured.consumer),
      resource: resourceText,
      list: list.text + JSON.stringify(list.structured),
    };
    for (const [where, output] of Object.entries(shown)) {
      for (const secret of SECRETS) expect(bare(output), `${secret} in ${where}: ${output}`).not.toContain(secret);
    }
    // The record and the list show the same masked name.
    expect(viewName(detail.structured.consumer)).toBe(list.structured.items[0].consumer);
    expect(detail.structured.consumer.firstName).toMatch(/^Rosa 4•+90 Quispe$/);
    // The store's own phone, in the official response, stays.
    for (const text of [detail.text, resourceText, detail.structured.response.officialResponse]) expect(text).toContain(STORE_PHONE);
  });

  it('shows no e-mail split between the first and the last name', async () => {
    const detail = await mcp.call('get_complaint', { id: other.id });
    expect(detail.isError, detail.text).toBe(false);
    const list = await mcp.call('list_complaints', { search: other.detail.correlative! });
    for (const output of [detail.text, JSON.stringify(detail.structured), viewName(detail.structured.consumer), list.text, JSON.stringify(list.structured)]) {
      expect(output).not.toContain('mariagarcia');
    }
    expect(viewName(detail.structured.consumer)).toBe(list.structured.items[0].consumer);
  });

  it('shows no number split between values written side by side', async () => {
    const detail = await mcp.call('get_complaint', { id: sideBySide.id });
    expect(detail.isError, detail.text).toBe(false);
    const resource = await mcp.client.readResource({ uri: `complaint://${sideBySide.id}` });
    for (const output of [detail.text, (resource.contents[0] as { text: string }).text]) {
      expect(bare(output), output).not.toContain('41316690');
      expect(bare(output), output).not.toContain('987654321');
    }
  });
});
