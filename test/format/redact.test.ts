import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDetailText, toDetailView } from '../../src/format/detail.js';
import { toListView } from '../../src/format/list.js';
import { maskInText, maskOwnWords } from '../../src/format/mask-text.js';
import { redactAnswer, redactDetail, redactDetailAnswer, redactListItem } from '../../src/format/redact.js';
import { cutIndex } from '../../src/sanitize.js';
import { detailBody, listItemBody, mustReadDetail, mustReadList } from '../fixtures/records.js';

const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: 'America/Lima' };

describe('redacted records', () => {
  const record = mustReadDetail({
    data: detailBody({
      consumer: { ...(detailBody().consumer as object), isMinor: true, guardian: { fullName: 'Luis Flores', documentNumber: '40111222', age: 41 } },
      claim: { ...(detailBody().claim as object), description: 'Llamar al 987654321 o escribir a rosa.flores@correo.pe' },
    }),
  }).data;
  // As get_complaint does it: the record masked, the view made, the answer read once more.
  const redacted = (raw: typeof record) => {
    const view = toDetailView(redactDetail(raw), clock);
    return { ...view, answer: redactDetailAnswer(view.answer) };
  };

  it('leaves no identifier or contact datum in the text or the structured record', () => {
    const view = redacted(record);
    const everything = formatDetailText(view) + JSON.stringify(view);
    for (const secret of ['41234578', 'rosa.flores', '987654321', 'Javier Prado', '40111222']) {
      expect(everything).not.toContain(secret);
    }
    expect(formatDetailText(view)).toContain('DNI 4•••••78');
    expect(formatDetailText(view)).toContain('r•••@correo.pe');
    // What a manager still needs to talk about the record.
    expect(formatDetailText(view)).toContain('Rosa Flores');
    // The guardian is a person a manager talks to as well: the name stays, the numbers do not (an age
    // could be the rest of a number another value holds).
    expect(view.answer.consumer?.guardian).toEqual({ fullName: 'Luis Flores', documentNumber: '4•••••22', age: '••' });
    expect(formatDetailText(view)).toContain('000000402-2026');
    expect(view.answer.store?.id).toBe('9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b');
  });

  it('masks a list page the same way, and keeps the ids get_complaint takes', () => {
    const [item] = mustReadList({ data: [listItemBody({ firstName: 'María 41234578', lastName: 'maria.q@correo.pe' })], pagination: {} }).data;
    const view = toListView({ items: [redactListItem(item!)], sentMore: 0, pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } }, {}, clock);
    const answer = redactAnswer(view.answer);
    expect(JSON.stringify(answer)).not.toMatch(/41234578|maria\.q/);
    expect(answer.items![0]!.consumer).toBe('María 4•••••78 m•••@correo.pe');
    expect(answer.items![0]!.id).toBe(item!.id);
    expect(answer.items![0]!.correlative).toBe(item!.correlative);
  });

  // What a fourth probe got through: each field masked alone, then joined where it is shown.
  it.each([
    ['a DNI split between first and last name', { firstName: 'Rosa 4131', lastName: '6690 Quispe' }, '41316690'],
    ['an e-mail split between first and last name', { firstName: 'mariagarcia', lastName: '@gmail.com' }, 'mariagarcia'],
    [
      'a DNI split between a legal person and its representative',
      { personType: 'legal', legalName: 'Bodega SAC', firstName: 'Rosa 4131', lastName: '6690' },
      '41316690',
    ],
    ['a DNI split between two values of the guardian', { isMinor: true, guardian: { nombre: 'Luis 4131', dni: '6690' } }, '41316690'],
  ])('masks %s where the fields are joined: the text, and the name the view draws', (_how, consumer, secret) => {
    const view = redacted(mustReadDetail({ data: detailBody({ consumer: { ...(detailBody().consumer as object), ...consumer } }) }).data);
    const shownName = [view.answer.consumer?.firstName, view.answer.consumer?.lastName].filter(Boolean).join(' ');
    for (const output of [formatDetailText(view), shownName]) {
      expect(output.replace(/[^\p{L}\p{N}]/gu, ''), output).not.toContain(secret);
    }
  });

  // Each label the text writes beside a number (a document's type, a dial code, a currency, a
  // receipt's type, an item's type) could complete it; none of them is a label with a digit.
  it.each<[string, { consumer?: object; claim?: object }]>([
    ['a document type beside its number', { consumer: { documentType: 'DNI 4131669', documentNumber: '0abc' } }],
    ['a dial code beside the phone', { consumer: { dialCode: '4131669', phone: '0xyz' } }],
    ['a currency beside the amount', { claim: { currency: '4131', amount: '6690' } }],
    ['a receipt type beside its number', { claim: { proofOfPaymentType: 'boleta 4131', proofOfPaymentNumber: '6690' } }],
    ['an item type beside its description', { claim: { itemType: 'Rosa 4131', itemDescription: '6690 x' } }],
    // Written by the text as the number it means, which the masking never saw.
    ['an amount in exponent notation', { claim: { amount: '4.131669e7' } }],
    ['an amount in hexadecimal', { claim: { amount: '0x2767152' } }],
  ])('masks %s, in the text and the structured record', (_how, fields) => {
    const body = detailBody();
    const data = detailBody({
      consumer: { ...(body.consumer as object), ...fields.consumer },
      claim: { ...(body.claim as object), ...fields.claim },
    });
    const view = redacted(mustReadDetail({ data }).data);
    for (const output of [formatDetailText(view), JSON.stringify(view.answer)]) {
      expect(output.replace(/[^\p{L}\p{N}]/gu, ''), output).not.toContain('41316690');
    }
  });

  it('reads a label without digits like any text: an e-mail there is masked still', () => {
    const body = detailBody();
    const claim = { ...(body.claim as object), itemType: 'rosa.q@gmail.com', currency: 'rosa.q arroba gmail' };
    const view = redacted(mustReadDetail({ data: detailBody({ claim }) }).data);
    expect(formatDetailText(view) + JSON.stringify(view.answer)).not.toContain('rosa.q');
  });

  it('keeps the labels a record usually has', () => {
    const body = detailBody();
    const consumer = { ...(body.consumer as object), documentType: 'DNI', dialCode: '+51' };
    const claim = { ...(body.claim as object), itemType: 'product', currency: 'PEN', amount: '649.9', proofOfPaymentType: 'BOLETA' };
    const text = formatDetailText(redacted(mustReadDetail({ data: detailBody({ consumer, claim }) }).data));
    expect(text).toMatch(/DNI \S+, /);
    expect(text).toMatch(/\+51 \S+/);
    expect(text).toContain('Item: product, ');
    expect(text).toContain('S/ 649.90');
    expect(text).toContain('paid with BOLETA ');
  });

  it('shows the same masked name in a record and in the list', () => {
    const consumer = { ...(detailBody().consumer as object), firstName: 'Rosa 4131', lastName: '6690 Quispe' };
    const view = redacted(mustReadDetail({ data: detailBody({ consumer }) }).data);
    const [item] = mustReadList({ data: [listItemBody({ firstName: 'Rosa 4131', lastName: '6690 Quispe' })], pagination: {} }).data;
    const list = toListView({ items: [redactListItem(item!)], sentMore: 0, pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } }, {}, clock);
    expect(redactAnswer(list.answer).items![0]!.consumer).toMatch(/^Rosa 4•••••90 Quispe\b/);
    expect([view.answer.consumer?.firstName, view.answer.consumer?.lastName]).toEqual(['Rosa 4•••••90 Quispe', undefined]);
    expect(formatDetailText(view)).toContain('Consumer: "Rosa 4•••••90 Quispe"');
  });

  // What the adversarial probe got through, each spelled as it was.
  it('masks identifiers that an invisible character split, once cleaning has joined them back', () => {
    const view = redacted(
      mustReadDetail({
        data: detailBody({
          reason: 'Mi DNI 1122\u200b3344 y mi correo zw.mail\u200b@gmail.com',
          claim: { ...(detailBody().claim as object), itemDescription: 'Licuadora de pe.dro\u00ad@hotmail.com', request: 'DNI 33445566-7, DNI66778899' },
          response: {
            officialResponse: 'Lo llamamos al 987.654.321 y al 9\u200c12345678',
            respondedAt: '2026-11-10T15:00:00Z',
            respondedBy: 'ana.staff@empresa.pe',
          },
          attachments: [
            { id: 'a', fileName: 'DNI_55667788.pdf', contentType: 'application/pdf' },
            { id: 'b', fileName: 'foto.perfil@gmail.com.jpg', contentType: 'image/jpeg' },
          ],
          history: [{ eventType: 'note', publicNote: 'Llamar al +51 912 345\u2060 678', createdAt: '2026-11-04T14:02:00Z' }],
          consumer: {
            ...(detailBody().consumer as object),
            isMinor: true,
            address: 'Lima, Surquillo, Calle Mercaderes 853',
            guardian: { '71829304': 'x', 'tut@correo.pe': 'y' },
          },
        }),
      }).data,
    );
    const outputs = [formatDetailText(view), JSON.stringify(view.answer)];
    for (const output of outputs) {
      for (const secret of [
        '11223344',
        'zw.mail',
        'pe.dro',
        '33445566',
        '66778899',
        '654',
        '12345678',
        'ana.staff',
        '55667788',
        'foto.perfil',
        '912',
        'Mercaderes',
        '71829304',
        'tut@',
      ]) {
        expect(output.replace(/[\s.-]/g, ''), secret).not.toContain(secret.replace(/[\s.-]/g, ''));
      }
    }
    expect(view.answer.consumer?.address).toBe('•••, Lima');
  });

  it('masks every identifier, however spelled and wherever written, in every free-text field', () => {
    const invisible = fc.constantFrom('', '\u200b', '\u2060', '\u200c', '\u00ad', '\u{E0100}', '\u034f', '\u2800', '\ufeff', '\u202e');
    const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((list) => list.join(''));
    // [as written, what must not show]
    const identifier: fc.Arbitrary<readonly string[]> = fc.oneof(
      digits(8).map((dni) => [dni, dni]),
      digits(8).map((dni) => [`DNI${dni}`, dni]),
      fc.tuple(digits(8), fc.integer({ min: 0, max: 9 })).map(([dni, check]) => [`${dni}-${check}`, dni]),
      digits(11).map((ruc) => [ruc, ruc]),
      // Fullwidth digits.
      digits(8).map((dni) => [[...dni].map((digit) => String.fromCharCode(0xff10 + Number(digit))).join(''), dni]),
      // Grouped by fours.
      digits(8).map((dni) => [`${dni.slice(0, 4)} ${dni.slice(4)}`, dni]),
      fc.tuple(digits(8), fc.constantFrom(' ', '.', '-', '', '/', '_', '\u2013', '\u00a0', ',')).map(([rest, separator]) => {
        const mobile = `9${rest}`;
        return [[mobile.slice(0, 3), mobile.slice(3, 6), mobile.slice(6)].join(separator), mobile];
      }),
      fc
        .tuple(digits(8), fc.constantFrom(' ', '-', '.'))
        .map(([rest, separator]) => [`+51 9${rest.slice(0, 2)}${separator}${rest.slice(2, 5)}${separator}${rest.slice(5)}`, `9${rest}`]),
      fc
        .tuple(fc.stringMatching(/^[a-z]{3,10}$/), fc.constantFrom('gmail.com', 'correo.pe', 'empresa.com.pe'))
        .map(([user, domain]) => [`${user}@${domain}`, `${user}@`]),
    );
    // An invisible character at any position of the identifier.
    const hidden = fc.tuple(identifier, invisible, fc.nat()).map(([pair, character, at]) => {
      const [written, secret] = pair as [string, string];
      const position = at % (written.length + 1);
      return { written: written.slice(0, position) + character + written.slice(position), secret };
    });
    const around = fc.constantFrom(['', ''], ['Mi DNI ', '.'], ['(', ')'], ['archivo_', '.pdf'], ['Llamar al ', ' hoy'], ['\n', '\n']);
    const FIELDS = [
      'reason',
      'claim.description',
      'claim.request',
      'claim.itemDescription',
      'response.officialResponse',
      'response.respondedBy',
      'history.publicNote',
      'attachments.fileName',
      'consumer.firstName',
      'consumer.guardian.key',
      'consumer.guardian.value',
    ] as const;
    // Not claim.proofOfPaymentNumber: a receipt number as the consumer gave it is kept while it is a plain code.
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

describe('masking before the cut, and what a view derives', () => {
  it("masks a number or an e-mail that a field's cut to length would split", () => {
    const record = mustReadDetail({
      data: detailBody({
        consumer: { ...(detailBody().consumer as object), firstName: `${'x'.repeat(72)} 41438140` },
        claim: { ...(detailBody().claim as object), itemDescription: `${'y'.repeat(190)} maria.lopez@hotmail.com` },
      }),
    }).data;
    const view = toDetailView(redactDetail(record), clock);
    const output = formatDetailText(view) + JSON.stringify(view.answer);
    expect(output).not.toContain('4143814');
    expect(output).not.toContain('maria.lopez');
  });

  it("masks the keys of the overview's counts, adding up the counts of keys that mask alike", () => {
    const answer = redactAnswer({ byStatus: { 'st DNI 41438140': 2, 'st DNI 41438140 ': 1, 'st DNI 49999940': 3, open: 4 } });
    expect(answer).toEqual({ byStatus: { 'st DNI 4•••••40': 5, 'st DNI 4•••••40 ': 1, open: 4 } });
  });
});

describe('what a third probe found', () => {
  it('masks a text of many addresses whole, quickly, instead of address by address', () => {
    const flood = 'a@'.repeat(2_000);
    const masked = maskInText(flood);
    expect(masked).not.toMatch(/a@a/);
    expect(masked.length).toBeLessThanOrEqual(flood.length);
  });

  it('reads at most 8,192 characters of a value, cutting where no part of a number is left', () => {
    const record = mustReadDetail({ data: detailBody({ reason: `${'palabra '.repeat(1_023)} 4143 8140 ${'x'.repeat(100_000)}` }) }).data;
    const reason = redactDetail(record).reason!;
    expect(reason.length).toBeLessThanOrEqual(8_192);
    expect(reason.replace(/\s/g, '')).not.toMatch(/4143|8140/);
  });

  it('keeps every date a service writes, with nanoseconds and offsets, so deadlines still count', () => {
    const [item] = mustReadList({
      data: [listItemBody({ responseDeadline: '2026-11-10T15:02:11.482915307Z', createdAt: '2026-11-03T10:14:05.123456789-05:00' })],
      pagination: {},
    }).data;
    const masked = redactListItem(item!);
    expect([masked.responseDeadline, masked.createdAt]).toEqual([item!.responseDeadline, item!.createdAt]);
  });

  it("keeps a record's own timestamps whole for the views, which show no fraction; a fraction shown is masked", () => {
    const record = mustReadDetail({
      data: detailBody({
        createdAt: '2026-11-03T10:14:05.987654321Z',
        // Not a date (no 30 February): shown as sent, so masked where it is shown.
        updatedAt: '2026-02-30T10:14:05.41316690Z',
        history: [{ eventType: 'note', publicNote: 'Llamada', createdAt: '2026-11-04T14:02:00.912345678Z' }],
      }),
    }).data;
    expect(redactDetail(record).createdAt).toBe('2026-11-03T10:14:05.987654321Z');
    const view = toDetailView(redactDetail(record), clock);
    const answer = redactDetailAnswer(view.answer);
    expect(answer.createdAt).toBe('2026-11-03 05:14');
    for (const output of [formatDetailText({ ...view, answer }), JSON.stringify(answer)]) {
      expect(output.replace(/[^\p{N}]/gu, '')).not.toMatch(/987654321|912345678|41316690/);
    }
  });

  it('keeps the amount and the receipt number the service sent, as plain values', () => {
    const record = mustReadDetail({
      data: detailBody({ claim: { ...(detailBody().claim as object), amount: '12500000', proofOfPaymentNumber: '0001-00451234' } }),
    }).data;
    const { claim } = redactDetail(record);
    expect([claim.amount, claim.proofOfPaymentNumber]).toEqual(['12500000', '0001-00451234']);
  });

  it("masks a guardian's address whatever its key is called, or when it reads as one", () => {
    const guardian = {
      ['dirección'.normalize('NFD')]: 'Av. Javier Prado 123, San Isidro, Lima',
      domicile: 'Jr. Puno 456, Cercado, Lima',
      residencia: 'Calle Las Flores 789, Surco',
      otro: 'Av. Arequipa 1500',
      nombre: 'Rosa Pérez',
    };
    const record = mustReadDetail({ data: detailBody({ consumer: { ...(detailBody().consumer as object), isMinor: true, guardian } }) }).data;
    const masked = redactDetail(record).consumer.guardian!;
    expect(Object.values(masked)).toEqual(['•••, Lima', '•••, Lima', '•••', '•••', 'Rosa Pérez']);
  });
});

// The store's own data is not a consumer's: its name, and the phone the official response gives, stay.
// Masking is per field: a consumer's field is masked whatever it holds, the store's own number too.
describe("the store's own data", () => {
  const STORE_PHONE = '(01) 615-0000';
  const responded = (officialResponse: string) => ({ officialResponse, respondedAt: '2026-11-10T15:00:00Z', respondedBy: 'Lucía Paredes' });
  const withConsumer = (consumer: Record<string, unknown>, overrides: Record<string, unknown> = {}) =>
    mustReadDetail({ data: detailBody({ consumer: { ...(detailBody().consumer as object), ...consumer }, ...overrides }) }).data;
  // As get_complaint does it: the record masked, the view made, the answer read once more.
  const outputs = (record: ReturnType<typeof withConsumer>) => {
    const view = toDetailView(redactDetail(record), clock);
    const answer = redactDetailAnswer(view.answer);
    return { answer, text: formatDetailText({ ...view, answer }) };
  };
  const digitsOf = (text: string) => text.replace(/[\s.()-]/g, '');

  it("keeps the store's phone, address and name, and masks the consumer's phone", () => {
    const record = withConsumer(
      {},
      {
        store: { id: '9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Tienda San Isidro 2 · central (01) 615-0000' },
        response: responded(`Puede coordinar al ${STORE_PHONE} o al (054) 25-1234, o acercarse a Av. Larco 345, Miraflores, Lima.`),
      },
    );
    const { answer, text } = outputs(record);
    expect(answer.response?.officialResponse).toBe('Puede coordinar al (01) 615-0000 o al (054) 25-1234, o acercarse a Av. Larco 345, Miraflores, Lima.');
    expect(text).toContain('  > Puede coordinar al (01) 615-0000 o al (054) 25-1234, o acercarse a Av. Larco 345, Miraflores, Lima.');
    expect(answer.store?.name).toBe('Tienda San Isidro 2 · central (01) 615-0000');
    expect(text).toMatch(/^Claim \(reclamo\) .*, store Tienda San Isidro 2 · central \(01\) 615-0000\.$/m);
    expect(answer.consumer?.phone).toBe('9••••••21');
    expect(text).toContain('+51 9••••••21');
    expect(text + JSON.stringify(answer)).not.toContain('987654321');
  });

  it("masks a consumer's field that holds the store's phone, and then the official response's copy of it too", () => {
    for (const phone of [STORE_PHONE, '016150000', '6150000', '+51 1 615 0000']) {
      const record = withConsumer({ phone, dialCode: null }, { response: responded(`Puede coordinar al ${STORE_PHONE} de lunes a viernes.`) });
      const { answer, text } = outputs(record);
      expect(answer.consumer?.phone, phone).toMatch(/•/);
      // The number is the consumer's as well: shown anywhere, it would give the consumer's phone away.
      expect(digitsOf(text + JSON.stringify(answer)), phone).not.toContain('6150000');
    }
  });

  it("masks the store's phone where the consumer wrote it, and a guardian's field named like the store's", () => {
    const record = withConsumer(
      { isMinor: true, guardian: { store: '41438140', officialResponse: '(01) 412-3456', name: '(01) 412-3456' } },
      {
        reason: `Llamé a la tienda al ${STORE_PHONE}`,
        claim: { ...(detailBody().claim as object), description: `Nadie contestó el ${STORE_PHONE}.` },
        history: [{ eventType: 'note', publicNote: `Cliente llamó al ${STORE_PHONE}`, performedByRole: 'consumer', createdAt: '2026-11-04T14:02:00Z' }],
      },
    );
    const { answer, text } = outputs(record);
    expect(digitsOf(text + JSON.stringify(answer))).not.toMatch(/6150000|41438140|4123456/);
  });

  it('keeps only a fixed line with its area code, not glued to more digits; mobiles and other numbers in the response are masked', () => {
    expect(maskOwnWords('Llame al (01)6150000, al (054) 251234 o al (01) 615 0000.', [])).toBe('Llame al (01)6150000, al (054) 251234 o al (01) 615 0000.');
    for (const text of [
      'Lo llamamos al 987 654 321',
      'Su DNI 41438140',
      'Cuenta (01) 615-0000-1234',
      'Ref 12-(01) 615-0000',
      // Glued by more marks than three, which the text reads as one number as well.
      'Cuenta (01) 615-0000----1234',
      'Ref 12 - - - - (01) 615-0000',
      '(01) 615-0000, 987654321',
      'al 01 615 0000',
    ]) {
      expect(maskOwnWords(text, []), text).toMatch(/•/);
    }
    // Hidden characters are cleaned before the reading: they neither hide a number nor join one to the phone.
    expect(maskOwnWords('al (01) 615\u200b-0000 y 98765\u200b4321', [])).toBe('al (01) 615-0000 y 9••••••21');
  });

  it("keeps the store's phone in the official response unless it is one of the consumer's numbers, however written", () => {
    const local = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 7 }).map((list) => list.join(''));
    const forms = (number: string) => [`(01) ${number.slice(0, 3)}-${number.slice(3)}`, `01${number}`, number, `+51 1 ${number}`, `(01)${number}`];
    fc.assert(
      fc.property(local, local, fc.boolean(), fc.integer({ min: 0, max: 4 }), (store, other, same, form) => {
        const storePhone = `(01) ${store.slice(0, 3)}-${store.slice(3)}`;
        const phone = forms(same ? store : other)[form]!;
        const record = withConsumer({ phone }, { response: responded(`Coordine al ${storePhone} hoy.`) });
        const { answer, text } = outputs(record);
        const response = answer.response!.officialResponse!;
        expect(text).toContain(`  > ${response}`);
        // Found among the record's other numbers (the consumer's phone, or by chance another value), it is masked.
        const { response: _response, store: _store, ...rest } = record as unknown as Record<string, unknown>;
        const elsewhere = JSON.stringify(rest)
          .split('"')
          .some((value) => !/^\d{4}-\d{2}-\d{2}/.test(value) && value.replace(/\D/g, '').includes(store));
        if (same || store === other || elsewhere) expect(digitsOf(response)).not.toContain(store);
        else expect(response).toBe(`Coordine al ${storePhone} hoy.`);
        expect(answer.consumer?.phone).toMatch(/•/);
        expect(digitsOf(answer.consumer!.phone!)).not.toContain(same ? store : other);
      }),
      { numRuns: 200 },
    );
  });

  // Found by an adversarial probe: the consumer's own landline, anywhere else in the record, in the
  // official response's bracket form, came out in clear.
  it('masks a fixed line of the response that is a number anywhere else in the record, whatever surrounds it', () => {
    const LANDLINE = '(01) 412-3456';
    const claim = detailBody().claim as object;
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ['phone with an extension', { phone: '01 412 3456 anexo 21' }, {}],
      ['phone with a second number', { phone: '(01) 412-3456 / 987 654 321' }, {}],
      ['phone without the 0', { phone: '1 412 3456 ext. 5' }, {}],
      ['full-width phone', { phone: '（０１）４１２－３４５６' }, {}],
      ['nested guardian', { isMinor: true, guardian: { contact: { phone: LANDLINE } } }, {}],
      ['the description', { phone: null }, { claim: { ...claim, description: `Pueden llamarme a mi fijo ${LANDLINE} por la tarde.` } }],
      ['the request', { phone: null }, { claim: { ...claim, request: `Llamar al ${LANDLINE}.` } }],
    ];
    for (const [name, consumer, overrides] of cases) {
      const record = withConsumer(consumer, { ...overrides, response: responded(`Lo llamaremos al ${LANDLINE} para coordinar.`) });
      const { answer, text } = outputs(record);
      expect(digitsOf(text + JSON.stringify(answer)), name).not.toContain('4123456');
    }
    // The area code's other fixed lines stay the store's.
    const record = withConsumer({ phone: '01 412 3456 anexo 21' }, { response: responded(`Lo llamaremos al ${LANDLINE} o coordine al ${STORE_PHONE}.`) });
    expect(outputs(record).answer.response?.officialResponse).toMatch(/coordine al \(01\) 615-0000\.$/);
  });

  it("keeps the store's name in a list page and its rows", () => {
    const [item] = mustReadList({ data: [listItemBody({ storeName: 'Tienda 12345678 (01) 615-0000', firstName: 'María 41234578' })], pagination: {} }).data;
    const view = toListView({ items: [redactListItem(item!)], sentMore: 0, pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } }, {}, clock);
    const answer = redactAnswer(view.answer);
    expect(answer.items![0]!.store).toBe('Tienda 12345678 (01) 615-0000');
    expect(answer.items![0]!.consumer).toMatch(/^María 4•••••78/);
  });
});

describe('cutIndex', () => {
  // Grouped with every separator that masking reads between digits: the cut and the mask agree.
  it.each(['Llamar al 987 654 321 por favor', "DNI 41'438'140 gracias", 'cel 987•654|321 ok', 'ruc 20~512345678 fin'])(
    'never leaves part of a word or of a number in groups: %s',
    (text) => {
      const whole = text.replace(/\D/g, '');
      for (let max = 1; max < text.length; max++) {
        const kept = text.slice(0, cutIndex(text, max));
        expect(kept.length).toBeLessThanOrEqual(max);
        expect(text.startsWith(kept)).toBe(true);
        // Either the whole number or none of it.
        expect(['', whole]).toContain(kept.replace(/\D/g, ''));
      }
    },
  );
});

// Two values the text writes side by side, each holding half of a number: nothing but marks and
// spaces between the halves (a quotation mark, a comma) would let a reader join them.
describe('halves of a number in values written side by side', () => {
  const withValues = (consumer: Record<string, unknown>, claim: Record<string, unknown>) =>
    mustReadDetail({
      data: detailBody({ consumer: { ...(detailBody().consumer as object), ...consumer }, claim: { ...(detailBody().claim as object), ...claim } }),
    }).data;
  const shown = (record: ReturnType<typeof withValues>) => {
    const view = toDetailView(redactDetail(record), clock);
    const answer = redactDetailAnswer(view.answer);
    return formatDetailText({ ...view, answer }) + JSON.stringify(answer);
  };
  const joined = (text: string) => text.replace(/[^\p{L}\p{N}•]/gu, '');

  it.each([
    ['a description, then an amount of no currency', {}, { itemDescription: 'zapatos 4131', currency: null, amount: '6690' }],
    ['a description, then an amount of a currency of marks', {}, { itemDescription: 'zapatos 4131', currency: '/', amount: '6690' }],
    ['an e-mail ending in digits, then a dial code', { email: 'r@correo.pe 4131', dialCode: '6690' }, {}],
    ['an e-mail whose domain ends in digits, then a dial code', { email: 'r@correo.pe4131', dialCode: '6690' }, {}],
  ])('keeps %s apart', (_how, consumer, claim) => {
    expect(joined(shown(withValues(consumer, claim)))).not.toContain('41316690');
  });

  it.each([
    ['an "@" and a domain', '@gmail.com'],
    ['"arroba" and a domain', 'arroba gmail.com'],
  ])('keeps a name apart from a document type holding %s', (_how, documentType) => {
    const text = shown(withValues({ firstName: 'Maria', lastName: 'garcia', legalName: null, documentType }, {}));
    expect(joined(text)).not.toMatch(/garcia(?:arroba)?gmail/);
    expect(text).toContain('"Maria garcia"');
  });

  it('keeps a document type that joins nothing, beside a name that masks on its own', () => {
    // A name that is masked by itself ("0 1990-01-01..." reads as a number) is no reason to hide the
    // type written after it: only what the two make together is.
    for (const documentType of ['escalated', 'DNI', 'a__']) {
      const record = withValues({ firstName: '0', lastName: '1990-01-01T00:00:00.000Z', legalName: null, documentType }, {});
      const answer = redactDetailAnswer(toDetailView(redactDetail(record), clock).answer);
      expect(answer.consumer?.documentType).toBe(documentType);
    }
  });

  it('still writes an amount beside its currency, and an e-mail with its domain', () => {
    const text = shown(withValues({ email: 'rosa@correo.pe' }, { currency: 'PEN', amount: '189.90' }));
    expect(text).toContain('S/ 189.90');
    expect(text).toContain('r•••@correo.pe');
  });
});
