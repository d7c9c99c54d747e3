// format/register.ts: a record's row of the register, each column as the header names it, the law's
// deadline and the answer's timing counted by the tests' own calendar (helpers/law-deadline.ts), and
// masking reaching what the row joins (the consumer's name and a company's RUC, the phone).
import { describe, expect, it } from 'vitest';
import { redactDetail, redactListItem } from '../../src/format/redact.js';
import { registerHeader, registerRow } from '../../src/format/register.js';
import { detailBody, listItemBody, mustReadDetail, mustReadList } from '../fixtures/records.js';
import { businessDayAfter, businessDaysLeft, lawDeadline, limaDay } from '../helpers/law-deadline.js';

const item = (overrides: Record<string, unknown> = {}) => mustReadList({ data: [listItemBody(overrides)], pagination: {} }).data[0]!;
const sheet = (overrides: Record<string, unknown> = {}) => mustReadDetail({ data: detailBody(overrides) }).data;
const TODAY = '2026-11-27';
const es = { language: 'es' as const, today: TODAY, redactPii: false };
/** The row as a record of the header's names. */
const named = (row: string[], language: 'es' | 'en' = 'es', sheets = false) =>
  Object.fromEntries(registerHeader(language, sheets).map((name, index) => [name, row[index]]));

describe('the register header', () => {
  it('names each column once, in Spanish by default and in English, the sheets after the register', () => {
    for (const language of ['es', 'en'] as const) {
      const register = registerHeader(language, false);
      const whole = registerHeader(language, true);
      expect(new Set(whole).size).toBe(whole.length);
      expect(whole.slice(0, register.length)).toEqual(register);
      expect(registerRow(item(), undefined, { ...es, language })).toHaveLength(register.length);
      expect(registerRow(item(), sheet(), { ...es, language })).toHaveLength(whole.length);
    }
    expect(registerHeader('es', false)).toContain('Plazo legal');
    expect(registerHeader('en', false)).toContain('Legal deadline');
  });
});

describe('a row', () => {
  it('writes the record as the header names it: Lima times, the law’s deadline, the words of the contract', () => {
    const row = named(registerRow(item(), undefined, es));
    expect(row).toMatchObject({
      Correlativo: '000000481-2026',
      'Código de seguimiento': 'RCL-AAAA-BBBB',
      Tipo: 'Reclamo',
      Estado: 'Abierto',
      // 14:00 UTC is 09:00 in Lima.
      'Fecha y hora de registro (Lima)': '2026-11-22 09:00',
      Tienda: 'Tienda Miraflores',
      Motivo: 'Producto defectuoso',
      Consumidor: 'María Quispe',
      'Tipo de documento': 'DNI',
      'Número de documento': '41234578',
      'Correo electrónico': 'maria.quispe@correo.pe',
      'Plazo legal': lawDeadline(Date.parse('2026-11-22T14:00:00.000Z')),
      'Fecha de respuesta': '',
      'Correo de constancia': 'Enviado',
      'Correo de respuesta': '',
    });
    const left = businessDaysLeft(TODAY, lawDeadline(Date.parse('2026-11-22T14:00:00.000Z')));
    expect(row['Situación de la respuesta']).toBe(`Sin respuesta, vence en ${left} días hábiles`);
  });

  it('files a record by its Lima day: late on a Lima evening is that day, not the next (UTC’s)', () => {
    const row = named(registerRow(item({ createdAt: '2026-11-21T04:30:00.000Z' }), undefined, es));
    expect(row['Fecha y hora de registro (Lima)']).toBe('2026-11-20 23:30');
    expect(row['Plazo legal']).toBe(lawDeadline(Date.parse('2026-11-21T04:30:00.000Z')));
  });

  it('says when the answer came: on time, late by its business days, or unanswered and overdue', () => {
    const filed = '2026-10-01T15:00:00.000Z';
    const due = lawDeadline(Date.parse(filed));
    const answered = (day: string) =>
      named(registerRow(item({ createdAt: filed, status: 'resolved', hasResponse: true, respondedAt: `${day}T17:00:00.000Z` }), undefined, es));
    expect(answered(due)['Situación de la respuesta']).toBe('A tiempo');
    expect(answered(due)['Fecha de respuesta']).toBe(due);
    expect(answered(businessDayAfter(due, 1))['Situación de la respuesta']).toBe('Tarde por 1 día hábil');
    expect(answered(businessDayAfter(due, 3))['Situación de la respuesta']).toBe('Tarde por 3 días hábiles');
    const open = named(registerRow(item({ createdAt: filed }), undefined, es));
    expect(open['Situación de la respuesta']).toBe(`Sin respuesta, vencido hace ${-businessDaysLeft(TODAY, due)} días hábiles`);
    const undated = named(registerRow(item({ createdAt: filed, hasResponse: true, respondedAt: 'pronto' }), undefined, es));
    expect(undated['Situación de la respuesta']).toBe('Respondido, sin fecha legible');
    expect(limaDay(Date.parse(filed))).toBe('2026-10-01');
  });

  it('writes the contract’s words in English, and a word outside them as the service sent it', () => {
    const row = named(
      registerRow(item({ type: 'complaint', status: 'in_review', receiptDeliveryStatus: 'BOUNCED' }), undefined, { ...es, language: 'en' }),
      'en',
    );
    expect(row).toMatchObject({ Type: 'Complaint (queja)', Status: 'In review', 'Receipt e-mail': 'Bounced' });
    const odd = named(registerRow(item({ status: 'archivado', receiptDeliveryStatus: 'deferred' }), undefined, es));
    expect(odd).toMatchObject({ Estado: 'archivado', 'Correo de constancia': 'deferred' });
  });

  it('names a company by its legal name and RUC; the document columns stay its representative’s', () => {
    const row = named(registerRow(item({ personType: 'legal', legalName: 'Distribuidora Salazar S.A.C.', legalTaxId: '20408306252' }), undefined, es));
    expect(row).toMatchObject({ Consumidor: 'Distribuidora Salazar S.A.C. (RUC 20408306252)', 'Número de documento': '41234578' });
  });

  it('holds the sheet: item, amount, proof of payment, contact, guardian, the texts whole with their line breaks, attachments', () => {
    const detail = sheet({
      consumer: { ...(detailBody().consumer as object), isMinor: true, guardian: { name: 'Ana Flores', documentNumber: '40111222' } },
      claim: { ...(detailBody().claim as object), description: 'Primera línea.\nSegunda línea, con "comillas".' },
      response: { officialResponse: 'Procedemos con el cambio.', respondedAt: '2026-11-10T15:00:00.000Z', respondedBy: 'Miguel Ángel Núñez' },
    });
    const row = named(registerRow(item(), detail, es), 'es', true);
    expect(row).toMatchObject({
      'Bien contratado': 'Producto',
      'Descripción del bien': 'Licuadora X200',
      Monto: '189.9',
      Moneda: 'PEN',
      'Comprobante de pago': 'Sí BOLETA B001-004512',
      Dirección: 'Av. Javier Prado 123, San Isidro, Lima',
      Teléfono: '(+51) 987654321',
      'Padre, madre o representante': 'name: Ana Flores; documentNumber: 40111222',
      'Fecha del incidente': '2026-11-01',
      'Detalle del consumidor': 'Primera línea.\nSegunda línea, con "comillas".',
      'Pedido del consumidor': 'Cambio del producto o devolución del dinero.',
      'Respuesta oficial': 'Procedemos con el cambio.',
      'Respondido por': 'Miguel Ángel Núñez',
    });
    expect(row.Adjuntos).toBe('boleta.jpg; video-falla.mp4');
  });

  it('cleans what the service sent: no control or invisible character reaches a cell', () => {
    const row = registerRow(item({ storeName: 'Tienda\u0007 \u202eMiraflores', reasonLabel: 'Motivo\u0000 raro' }), undefined, es);
    for (const cell of row) expect(cell).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
  });
});

describe('a row, masked', () => {
  it('leaves no document number, e-mail, phone or address of the consumer in clear, whatever column joins them', () => {
    const listed = item({ personType: 'legal', legalName: 'Ventas 41234578 SAC', legalTaxId: '20408306252' });
    const detail = sheet();
    const row = registerRow(redactListItem(listed), redactDetail(detail), { ...es, redactPii: true }).join('\n');
    for (const secret of ['41234578', '20408306252', 'maria.quispe@correo.pe', 'rosa.flores@correo.pe', '987654321', 'Javier Prado 123']) {
      expect(row).not.toContain(secret);
    }
    expect(row).toContain('000000481-2026');
    expect(row).toContain('(+51) 9');
    expect(row).toContain(lawDeadline(Date.parse('2026-11-22T14:00:00.000Z')));
  });

  it('hides a label that holds digits beside a masked number: a document type, a guardian’s key', () => {
    const listed = item({ documentType: 'DNI 4131', documentNumber: '66904455' });
    const detail = sheet({ consumer: { ...(detailBody().consumer as object), isMinor: true, guardian: { 'doc 4131': '6690', nombre: 'Ana' } } });
    const row = registerRow(redactListItem(listed), redactDetail(detail), { ...es, redactPii: true }).join('\n');
    expect(row).not.toMatch(/4131/);
    expect(row).not.toContain('66904455');
    expect(row).toContain('nombre: Ana');
  });
});
