import { describe, expect, it } from 'vitest';
import { readListEnvelope } from '../src/api/schemas.js';
import { formatDetailText, toDetailView } from '../src/format/detail.js';
import { maskAddress, maskEmail, maskIdentifier, maskInText, redactDetail, redactListItem } from '../src/format/redact.js';
import { detailBody, listItemBody, mustReadDetail, mustReadList } from './fixtures.js';

const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: 'America/Lima' };

describe('masks', () => {
  it('keeps the first and last two characters of an identifier', () => {
    expect(maskIdentifier('41234578')).toBe('4•••••78');
    expect(maskIdentifier('20512345678')).toBe('2••••••••78');
    expect(maskIdentifier('987654321')).toBe('9••••••21');
    expect(maskIdentifier('123')).toBe('•••');
  });

  it('keeps the first letter and the domain of an e-mail, the city of an address', () => {
    expect(maskEmail('maria.quispe@correo.pe')).toBe('m•••@correo.pe');
    expect(maskEmail('not-an-email')).toBe('n•••••••••il');
    expect(maskAddress('Av. Javier Prado 123, San Isidro, Lima')).toBe('•••, Lima');
    expect(maskAddress('Jr. Junín 45')).toBe('•••');
  });

  it('masks e-mails and long numbers inside free text, but not amounts or receipt numbers', () => {
    expect(maskInText('Escríbanme a rosa.flores@correo.pe o al +51 987 654 321, DNI 41234578.')).toBe(
      'Escríbanme a r•••@correo.pe o al +•••••••••21, DNI 4•••••78.',
    );
    const untouched = 'Reclamo N.° 000001105-2026: pagué S/ 189.90 con la boleta B001-004512 el 2026-11-01.';
    expect(maskInText(untouched)).toBe(untouched);
  });
});

describe('redacted records', () => {
  const record = mustReadDetail({
    data: detailBody({
      consumer: { ...(detailBody().consumer as object), isMinor: true, guardian: { fullName: 'Luis Flores', documentNumber: '40111222', age: 41 } },
      claim: { ...(detailBody().claim as object), description: 'Llamar al 987654321 o escribir a rosa.flores@correo.pe' },
    }),
  }).data;

  it('leaves no identifier or contact datum in the text or the structured record', () => {
    const view = toDetailView(redactDetail(record), clock);
    const everything = formatDetailText(view) + JSON.stringify(view);
    for (const secret of ['41234578', 'rosa.flores', '987654321', 'Javier Prado', '40111222', 'Luis Flores']) {
      expect(everything).not.toContain(secret);
    }
    expect(formatDetailText(view)).toContain('DNI 4•••••78');
    expect(formatDetailText(view)).toContain('r•••@correo.pe');
    // What a manager still needs to talk about the record.
    expect(formatDetailText(view)).toContain('Rosa Flores');
    expect(formatDetailText(view)).toContain('000000402-2026');
  });

  it('masks a list item the same way', () => {
    const [item] = mustReadList({ data: [listItemBody()], pagination: {} }).data;
    const redacted = redactListItem(item!);
    expect(JSON.stringify(redacted)).not.toContain(item!.documentNumber!);
    expect(JSON.stringify(redacted)).not.toContain(item!.email!);
    expect(redacted.firstName).toBe(item!.firstName);
  });
});
