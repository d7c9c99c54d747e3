import { describe, expect, it } from 'vitest';
import { maskInText } from '../../src/format/mask-text.js';

describe('masks', () => {
  it('masks e-mails and long numbers inside free text, but not amounts or receipt numbers', () => {
    expect(maskInText('Escríbanme a rosa.flores@correo.pe o al +51 987 654 321, DNI 41234578.')).toBe(
      'Escríbanme a r•••@correo.pe o al +•••••••••21, DNI 4•••••78.',
    );
    const untouched = 'Reclamo N.° 000001105-2026: pagué S/ 189.90 con la boleta B001-004512 (factura F001-00012345) el 2026-11-01.';
    expect(maskInText(untouched)).toBe(untouched);
  });
});

describe('identifiers however spelled', () => {
  // What a second adversarial probe wrote: [how, as written, what must not show].
  const SPELLINGS: Array<[string, string, string]> = [
    ['combining mark on a digit', '4\u03011438140', '41438140'],
    ['keycaps', '4\u20e31\u20e34\u20e33\u20e38\u20e31\u20e34\u20e30\u20e3', '41438140'],
    ['zero-width space', '4143\u200b8140', '41438140'],
    ['escape sequence', '4143\u001b[0m8140', '41438140'],
    ['carriage return', '4143\r8140', '41438140'],
    ['space 4-4', '4143 8140', '41438140'],
    ['dots 2-3-3', '41.438.140', '41438140'],
    ['dash 4-4', '4143-8140', '41438140'],
    ['comma groups', '41,438,140', '41438140'],
    ['+51-', '+51-987654321', '987654321'],
    ['area code', 'Tel 01-987654321', '987654321'],
    ['3-2-2-2', '987 65 43 21', '987654321'],
    ['slash', '987/654/321', '987654321'],
    ['underscore', '987_654_321', '987654321'],
    ['en dash', '987\u2013654\u2013321', '987654321'],
    ['middle dot', '987\u00b7654\u00b7321', '987654321'],
    ['no-break and ideographic spaces', '987\u00a0654\u3000321', '987654321'],
    ['every digit apart', '9 8 7 6 5 4 3 2 1', '987654321'],
    ['RUC with dashes', '20-51234567-8', '20512345678'],
    ['after a date', '2026-11-16/41438140', '41438140'],
    ['fullwidth', '\uff14\uff11\uff14\uff13\uff18\uff11\uff14\uff10', '41438140'],
    ['superscript', '\u2074\u00b9\u2074\u00b3\u2078\u00b9\u2074\u2070', '41438140'],
    ['circled', '\u2463\u2460\u2463\u2462\u2467\u2460\u2463\u24ea', '41438140'],
    ['mathematical bold', '\u{1d7d2}\u{1d7cf}\u{1d7d2}\u{1d7d1}\u{1d7d6}\u{1d7cf}\u{1d7d2}\u{1d7ce}', '41438140'],
    ['fullwidth @', 'juan.perez\uff20gmail.com', 'juan.perez'],
    ['small @', 'juan.perez\ufe6bgmail.com', 'juan.perez'],
    ['spaces around @', 'juan.perez @ gmail.com', 'juan.perez'],
    ['spaces around a fullwidth @, no top-level domain', 'juan.perez ＠ gmail', 'juan.perez'],
    ['a plain name, spaces, a provider', 'juan @ hotmail', 'juan @'],
    ['[at]', 'juan.perez[at]gmail.com', 'juan.perez'],
    ['(at)(dot)', 'juan.perez(at)gmail(dot)com', 'juan.perez'],
    ['&#64;', 'juan.perez&#64;gmail.com', 'juan.perez'],
    ['tilde, hash, slash, star', 'juan~p#e/r*ez@gmail.com', 'juan~p'],
    ['quoted local part', '"juan perez"@gmail.com', 'juan perez'],
    ['no top-level domain', 'juan.perez@gmail', 'juan.perez'],
    ['an address for a domain', 'juan.perez@[10.0.0.1]', 'juan.perez'],
    ['combining mark in the local part', 'jose\u0301.perez@gmail.com', 'perez'],
    // What a third probe wrote.
    ['landline with its area code', 'Tel (01) 412-3456', '014123456'],
    ['two separators in a row', '987 - 654 - 321 y 4143--8140 y 41. 438. 140', '987654321'],
    ['a minus sign, fullwidth dashes and dots', '987\u2212654\u2212321 ９８７－６５４－３２１ ４１．４３８．１４０', '987654321'],
    ['apostrophes, bullets, bars', "41'438'140 987•654•321 987|654|321", '41438140'],
    ['arroba and at as words', 'juan.perez arroba gmail.com, juan.perez at gmail.com', 'juan.perez'],
    ['(arroba), {at}', 'juan.perez(arroba)gmail.com juan.perez{at}gmail.com', 'juan.perez'],
    ['encoded @', 'mailto:juan.perez%40gmail.com juan.perez&#x40;gmail.com juan.perezⓐgmail.com', 'juan.perez'],
    ['spaced dots', 'juan.perez @ gmail . com', 'juan.perez'],
    ['Arabic-Indic digits', '\u0664\u0661\u0664\u0663\u0668\u0661\u0664\u0660', '\u0664\u0661\u0664\u0663\u0668\u0661\u0664\u0660'],
  ];
  it.each(SPELLINGS)('masks %s', (_how, written, secret) => {
    const masked = maskInText(`Mis datos: ${written}, gracias.`);
    expect(masked.replace(/[\s.\-•,/_\u00b7\u2013]/g, '')).not.toContain(secret.replace(/[\s.-]/g, ''));
  });

  // What a fourth probe wrote: an "at" or a "dot" in words or brackets with any spacing, a domain in
  // Spanish words, any punctuation or symbol between digits, an 8-digit amount, a time's long fraction.
  const FOURTH_PROBE: Array<[string, string, string]> = [
    ['[ at ] with spaces inside', 'rosa.q [ at ] gmail.com', 'rosa.q'],
    // The domain stays (it says which provider, not who): the local part and its "at" must not.
    ['(at) and (dot) between spaces', 'lucia (at) tienda-lucia (dot) pe', 'lucia (at)'],
    ['arroba and punto as words', 'jperez arroba miempresa punto pe', 'jperez'],
    ['two spaces around @', 'mariagarcia  @  gmail.com', 'mariagarcia'],
    ['colons', '935:224:168', '935224168'],
    ['two dashes between spaces', '987 -- 654 -- 321', '987654321'],
    ['bullet operator', '4131\u22196690', '41316690'],
    ['fullwidth solidus', '4131\uff0f6690', '41316690'],
    ['fullwidth comma', '4131\uff0c6690', '41316690'],
    ['as an amount', '41316690.00', '41316690'],
    ['in the fraction of a time', '10:14:05.912345678', '912345678'],
    // The same shapes, spelled otherwise.
    ['{ arroba } and [ punto ], capitals', 'ROSA.Q { ARROBA } GMAIL [ PUNTO ] COM', 'ROSA.Q'],
    ['at and dot as words', 'lucia at tienda dot pe', 'lucia'],
    ['a local part in words too', 'juan punto perez arroba gmail punto com', 'juan'],
    ['a tab and a line break around @', 'mariagarcia\t@\ngmail.com', 'mariagarcia'],
    ['fullwidth colons', '935\uff1a224\uff1a168', '935224168'],
    ['semicolons, equals signs, degrees', '4131;6690 o 4131=6690 o 4131\u00b06690', '41316690'],
    ['quotes and brackets', '"4131" "6690" [4131](6690)', '41316690'],
    ['three marks with spaces around each', '4131 - . - 6690', '41316690'],
    ['as an amount in thousands', '41,316,690.00', '41316690'],
    ['in the fraction of a dated time', '2026-11-16T10:14:05.41316690-05:00', '41316690'],
    // Around the guards: what is kept readable must not carry a number either.
    ['a comma for the cents', 'S/ 41316690,00', '41316690'],
    ['a time followed by the rest of a number', '12:34 5678', '12345678'],
    ['more dots in words than an address has, before the local part', 'a punto b punto c punto d punto juan arroba gmail punto com', 'juan'],
  ];
  it.each(FOURTH_PROBE)('masks %s', (_how, written, secret) => {
    const masked = maskInText(`Mis datos: ${written}, gracias.`);
    expect(masked.replace(/[^\p{L}\p{N}]/gu, '')).not.toContain(secret.replace(/[^\p{L}\p{N}]/gu, ''));
  });

  // What a fifth probe wrote: more marks in a row, other brackets around the "at", an "@" encoded
  // twice or doubled, pairs of digits that each read as an amount.
  const FIFTH_PROBE: Array<[string, string, string]> = [
    ['four underscores', '4131____6690', '41316690'],
    ['four dots between spaces', '4131 . . . . 6690', '41316690'],
    ['four slashes between spaces', '4131 / / / / 6690', '41316690'],
    ['dashes between spaces, more than three', '987 -- -- -- 654 321', '987654321'],
    ['pairs with dots, each an amount', '41.31.66.90', '41316690'],
    ['(a)', 'rosa.q(a)gmail.com', 'rosa.q'],
    ['( a ) with spaces', 'rosa.q ( a ) gmail.com', 'rosa.q'],
    ['<at>', 'rosa.q <at> gmail.com', 'rosa.q'],
    ['« at »', 'rosa.q « at » gmail.com', 'rosa.q'],
    ['[ @ ] and (@)', 'rosa.q [ @ ] gmail.com o rosa.q (@) gmail.com', 'rosa.q'],
    ['<@>', 'rosa.q <@> gmail.com', 'rosa.q'],
    ['@@', 'rosa.q@@gmail.com', 'rosa.q'],
    ['dashes around arroba', 'rosa.q - arroba - gmail.com', 'rosa.q'],
    ['&commat;', 'rosa.q &commat; gmail.com', 'rosa.q'],
    ['percent-encoded twice', 'rosa.q%2540gmail.com', 'rosa.q'],
  ];
  it.each(FIFTH_PROBE)('masks %s', (_how, written, secret) => {
    const masked = maskInText(`Mis datos: ${written}, gracias.`);
    expect(masked.replace(/[^\p{L}\p{N}]/gu, ''), masked).not.toContain(secret.replace(/[^\p{L}\p{N}]/gu, ''));
  });

  // What a sixth probe wrote (through the prompts' record and decision): other brackets around the
  // "at", and dots with spaces around them, in the local part and the domain.
  const SIXTH_PROBE: Array<[string, string, string]> = [
    ['‹at›', 'rosa.flores‹at›correo.pe', 'rosa.flores'],
    ['⟨at⟩', 'rosa.flores⟨at⟩correo.pe', 'rosa.flores'],
    ['〈arroba〉', 'rosa.flores 〈arroba〉 correo.pe', 'rosa.flores'],
    ['fullwidth brackets', 'rosa.flores（at）correo.pe', 'rosa.flores'],
    ['spaced dots all through', 'rosa . flores @ correo . pe', 'rosaflores'],
    ['spaced dots in the domain', 'rosaflores @ correo . pe', 'rosaflores'],
  ];
  it.each(SIXTH_PROBE)('masks %s', (_how, written, secret) => {
    const masked = maskInText(`Mis datos: ${written}, gracias.`);
    expect(masked.replace(/[^\p{L}\p{N}]/gu, ''), masked).not.toContain(secret.replace(/[^\p{L}\p{N}]/gu, ''));
  });

  // Modifier letters that draw as a dash or an underscore: letters by category, marks to the eye.
  it.each([
    ['a katakana prolonged sound mark', '4131\u30fc6690', '4131'],
    ['an NKo lajanyalan and a modifier macron', '987\u07fa654\u02c9321', '987'],
  ])('masks digits split by %s', (_how, written, start) => {
    const masked = maskInText(`Mis datos: ${written}, gracias.`);
    expect(masked).not.toContain(start);
    expect(masked).toMatch(/•/);
  });

  // Combining marks on what stands between the digits, not on a digit: a reader skips them as he
  // skips the separator they sit on.
  it.each([
    ['an accent on a dash', '4131-\u03016690', '4131'],
    ['an accent on each digit and on the dash', '4\u03011\u03013\u03011\u0301-\u03016\u03016\u03019\u03010', '4\u03011'],
    ['a circle on a dot', '4131.\u20dd6690', '4131'],
    ['accents on spaces', '4131\u0301 \u0301 \u0301 6690', '4131'],
    ['a tilde on a full-width space', '\uff14\uff11\uff13\uff11\u3000\u0303\uff16\uff16\uff19\uff10', '\uff14\uff11\uff13\uff11'],
    // What is left readable on purpose, glued to more digits by a mark: a time, hours, cents, an amount.
    ['an accent after a time', '12:34\u0301 5678', '12:34'],
    ['an accent after opening hours', '09:00-18:00\u0301-45 12', '09:00-18:00'],
    ['an accent after cents', '41.31\u0301.66.90', '41.31'],
    ['an accent after an amount', '4131669.00\u03010', '4131669'],
  ])('masks digits split by %s', (_how, written, start) => {
    const masked = maskInText(`Mis datos: ${written}, gracias.`);
    expect(masked).not.toContain(start);
    expect(masked).toMatch(/•/);
  });

  it('leaves dates, times, amounts, correlatives, receipt numbers and record ids as they are', () => {
    for (const text of [
      'Reclamo N.° 000001105-2026: pagué S/ 189.90 con la boleta B001-004512 (factura F001-00012345) el 2026-11-01.',
      '2026-11-04 09:02 open → in_review (agent) "Se solicitó revisión técnica"',
      'S/ 1,234,567.89 el 16/11/2026 a las 10:14',
      // Milliseconds: a longer fraction could hold a number (see FOURTH_PROBE).
      'Filed 2026-11-16T10:14:05.123Z, due 2026-12-11T00:00:00.000-05:00, seen 11/16/2026.',
      'a las 10:14:05.123, de 09:00 a 18:00; S/ 9,999,999.99 o S/ 1234567.89',
      'Tienda @ Lima: nos vemos at Lima, punto.',
      'id 0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11',
      'Tienda Miraflores @ Lima',
      'Visítenos en Tienda @ Miraflores. Gracias. Nos vemos at Lima.',
      'Nota sobre c9cb1e04-e291-4520-8123-320fd86e86b2: 1½ kg, 1ª vez, N.º 3… [truncated, 627 more characters]',
      '50 m² ①',
      // Around the fifth probe's guards: a list of prices, an option in brackets, a word between dashes.
      'S/ 49.90 / 59.90, 69.90; 12.50',
      'la opción (a) y la (b); lea - a - todos',
      // Opening hours, as a store writes them in its response.
      'Atendemos de lunes a viernes 09:00-18:00 y sábados 10:00 - 13:30 (9:00–18:00 feriados), 12:30/13:30.',
    ]) {
      expect(maskInText(text)).toBe(text);
    }
  });

  it('masks a number written as a range of hours that are no opening hours', () => {
    for (const [text, start] of [
      ['DNI 13:16-16:59', '13:16'],
      ['DNI 41:31-66:90', '41:31'],
      ['DNI 09:00-18:0012', '09:00'],
      ['DNI 09:00-18:00-45', '09:00'],
    ] as const) {
      expect(maskInText(text), text).not.toContain(start);
    }
  });
});
