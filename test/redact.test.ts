import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDetailText, toDetailView } from '../src/format/detail.js';
import { toListView } from '../src/format/list.js';
import { maskAddress, maskEmail, maskIdentifier, maskInText, redactAnswer, redactDetailAnswer } from '../src/format/redact.js';
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
    const untouched = 'Reclamo N.° 000001105-2026: pagué S/ 189.90 con la boleta B001-004512 (factura F001-00012345) el 2026-11-01.';
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
  const redacted = (raw: typeof record) => {
    const view = toDetailView(raw, clock);
    return { ...view, answer: redactDetailAnswer(view.answer) };
  };

  it('leaves no identifier or contact datum in the text or the structured record', () => {
    const view = redacted(record);
    const everything = formatDetailText(view) + JSON.stringify(view);
    for (const secret of ['41234578', 'rosa.flores', '987654321', 'Javier Prado', '40111222', 'Luis Flores']) {
      expect(everything).not.toContain(secret);
    }
    expect(formatDetailText(view)).toContain('DNI 4•••••78');
    expect(formatDetailText(view)).toContain('r•••@correo.pe');
    // What a manager still needs to talk about the record.
    expect(formatDetailText(view)).toContain('Rosa Flores');
    expect(formatDetailText(view)).toContain('000000402-2026');
    expect(view.answer.store?.id).toBe('9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b');
  });

  it('masks a list page the same way, and keeps the ids get_complaint takes', () => {
    const [item] = mustReadList({ data: [listItemBody({ firstName: 'María 41234578', lastName: 'maria.q@correo.pe' })], pagination: {} }).data;
    const view = toListView({ items: [item!], sentMore: 0, pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } }, {}, clock);
    const answer = redactAnswer(view.answer);
    expect(JSON.stringify(answer)).not.toMatch(/41234578|maria\.q/);
    expect(answer.items![0]!.consumer).toBe('María 4•••••78 m•••@correo.pe');
    expect(answer.items![0]!.id).toBe(item!.id);
    expect(answer.items![0]!.correlative).toBe(item!.correlative);
  });

  // What the adversarial probe got through, each spelled as it was.
  it('masks identifiers that an invisible character split, once cleaning has joined them back', () => {
    const view = redacted(
      mustReadDetail({
        data: detailBody({
          reason: 'Mi DNI 1122\u200b3344 y mi correo zw.mail\u200b@gmail.com',
          claim: { ...(detailBody().claim as object), itemDescription: 'Licuadora de pe.dro\u00ad@hotmail.com', request: 'DNI 33445566-7, DNI66778899' },
          response: { officialResponse: 'Lo llamamos al 987.654.321 y al 9\u200c12345678', respondedAt: '2026-11-10T15:00:00Z', respondedBy: 'ana.staff@empresa.pe' },
          attachments: [
            { id: 'a', fileName: 'DNI_55667788.pdf', contentType: 'application/pdf' },
            { id: 'b', fileName: 'foto.perfil@gmail.com.jpg', contentType: 'image/jpeg' },
          ],
          history: [{ eventType: 'note', publicNote: 'Llamar al +51 912 345\u2060 678', createdAt: '2026-11-04T14:02:00Z' }],
          consumer: { ...(detailBody().consumer as object), isMinor: true, address: 'Lima, Surquillo, Calle Mercaderes 853', guardian: { '71829304': 'x', 'tut@correo.pe': 'y' } },
        }),
      }).data,
    );
    const outputs = [formatDetailText(view), JSON.stringify(view.answer)];
    for (const output of outputs) {
      for (const secret of ['11223344', 'zw.mail', 'pe.dro', '33445566', '66778899', '654', '12345678', 'ana.staff', '55667788', 'foto.perfil', '912', 'Mercaderes', '71829304', 'tut@']) {
        expect(output.replace(/[\s.-]/g, ''), secret).not.toContain(secret.replace(/[\s.-]/g, ''));
      }
    }
    expect(view.answer.consumer?.address).toBe('•••, Lima');
  });

  it('masks every identifier, however spelled and wherever written, in every free-text field', () => {
    const invisible = fc.constantFrom('', '\u200b', '\u2060', '\u200c', '\u00ad', '\u{E0100}', '\u034f', '\u2800', '\ufeff', '\u202e');
    const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((list) => list.join(''));
    // [as written, what must not show]
    const identifier = fc.oneof(
      digits(8).map((dni) => [dni, dni]),
      digits(8).map((dni) => [`DNI${dni}`, dni]),
      fc.tuple(digits(8), fc.integer({ min: 0, max: 9 })).map(([dni, check]) => [`${dni}-${check}`, dni]),
      digits(11).map((ruc) => [ruc, ruc]),
      fc.tuple(digits(8), fc.constantFrom(' ', '.', '-', '')).map(([rest, separator]) => {
        const mobile = `9${rest}`;
        return [[mobile.slice(0, 3), mobile.slice(3, 6), mobile.slice(6)].join(separator), mobile];
      }),
      fc.tuple(digits(8), fc.constantFrom(' ', '-', '.')).map(([rest, separator]) => [`+51 9${rest.slice(0, 2)}${separator}${rest.slice(2, 5)}${separator}${rest.slice(5)}`, `9${rest}`]),
      fc.tuple(fc.stringMatching(/^[a-z]{3,10}$/), fc.constantFrom('gmail.com', 'correo.pe', 'empresa.com.pe')).map(([user, domain]) => [`${user}@${domain}`, `${user}@`]),
    );
    // An invisible character at any position of the identifier.
    const hidden = fc.tuple(identifier, invisible, fc.nat()).map(([[written, secret], character, at]) => {
      const position = at % (written.length + 1);
      return { written: written.slice(0, position) + character + written.slice(position), secret };
    });
    const around = fc.constantFrom(['', ''], ['Mi DNI ', '.'], ['(', ')'], ['archivo_', '.pdf'], ['Llamar al ', ' hoy'], ['\n', '\n']);
    const FIELDS = ['reason', 'claim.description', 'claim.request', 'claim.itemDescription', 'response.officialResponse', 'response.respondedBy', 'history.publicNote', 'attachments.fileName', 'consumer.firstName', 'consumer.guardian.key', 'consumer.guardian.value', 'claim.proofOfPaymentNumber'] as const;
    fc.assert(
      fc.property(hidden, around, fc.constantFrom(...FIELDS), ({ written, secret }, [before, after], field) => {
        const text = `${before}${written}${after}`;
        const body = detailBody({ consumer: { ...(detailBody().consumer as object), isMinor: true } });
        const at = (path: string) => path.split('.').reduce((object: any, key) => object[key], body);
        if (field === 'history.publicNote') body.history = [{ eventType: 'note', publicNote: text, createdAt: '2026-11-04T14:02:00Z' }];
        else if (field === 'attachments.fileName') body.attachments = [{ id: 'a', fileName: text, contentType: 'image/png' }];
        else if (field === 'consumer.guardian.key') at('consumer').guardian = { [text]: 'Ana' };
        else if (field === 'consumer.guardian.value') at('consumer').guardian = { nombre: text };
        else {
          const [section, key] = field.includes('.') ? field.split('.') : [undefined, field];
          (section ? at(section) : body)[key!] = text;
        }
        const view = redacted(mustReadDetail({ data: body }).data);
        for (const output of [formatDetailText(view), JSON.stringify(view.answer)]) {
          // Separators taken out of the output too: a number must not survive in pieces.
          expect(output.replace(/[\s.-]/g, '')).not.toContain(secret.replace(/[\s.-]/g, ''));
        }
      }),
      { numRuns: 400 },
    );
  });
});
