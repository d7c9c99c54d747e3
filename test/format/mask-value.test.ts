import { describe, expect, it } from 'vitest';
import { maskAddress, maskEmail, maskIdentifier } from '../../src/format/mask-value.js';

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
});
