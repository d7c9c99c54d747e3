// One value masked whole, by what it is: an identifier (a DNI, a phone) keeps its first and last two
// characters, an e-mail its first character and its domain, an address its region or city. Apart
// from the patterns that find such values inside a text (mask-text.ts) and the rules of which field
// is masked how (redact.ts), since both use these masks.

export const BULLET = '•';

/** "41234578" -> "4•••••78": the first and the last two characters stay, so a person can still tell records apart. */
export function maskIdentifier(value: string): string {
  // By code point, so that no emoji is cut in half.
  const characters = Array.from(value.trim());
  if (characters.length <= 3) return BULLET.repeat(Math.max(characters.length, 1));
  return `${characters[0]}${BULLET.repeat(characters.length - 3)}${characters.slice(-2).join('')}`;
}

/**
 * "maria.quispe@correo.pe" -> "m•••@correo.pe": the domain says which provider, not who. A domain
 * is kept only when it reads as one, ending in a top-level domain's letters: whatever else follows
 * the "@" (digits, words) could be half of a number the next value written beside it completes.
 */
export function maskEmail(value: string): string {
  const text = value.trim();
  const at = text.lastIndexOf('@');
  if (at <= 0) return maskIdentifier(text);
  const domain = text.slice(at + 1);
  return maskedAddress(text.slice(0, at), HOST_NAME.test(domain) ? domain : BULLET.repeat(3));
}

/** "correo.pe", "mail.uni2.edu.pe": labels of letters, digits and dashes, the last of letters only. */
const HOST_NAME = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

/** The first character of the local part, three bullets, the domain. */
export function maskedAddress(local: string, domain: string): string {
  return `${Array.from(local)[0]}${BULLET.repeat(3)}@${domain}`;
}

// Peru's regions and their capitals, and the largest other cities: the one part of an address that
// says where, not who. Compared without accents or case.
// biome-ignore format: a packed list reads better one line per row than one entry per line
const PLACES = new Set(
  [
    'Amazonas', 'Ancash', 'Apurimac', 'Arequipa', 'Ayacucho', 'Cajamarca', 'Callao', 'Cusco', 'Cuzco', 'Huancavelica',
    'Huanuco', 'Ica', 'Junin', 'La Libertad', 'Lambayeque', 'Lima', 'Loreto', 'Madre de Dios', 'Moquegua', 'Pasco',
    'Piura', 'Puno', 'San Martin', 'Tacna', 'Tumbes', 'Ucayali', 'Chachapoyas', 'Huaraz', 'Abancay', 'Huancayo',
    'Trujillo', 'Chiclayo', 'Iquitos', 'Puerto Maldonado', 'Cerro de Pasco', 'Moyobamba', 'Pucallpa', 'Chimbote',
    'Juliaca', 'Sullana', 'Tarapoto', 'Peru',
  ].map(placeKey),
);

function placeKey(name: string): string {
  return withoutAccents(name).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Compared without accents: "Junín" is "Junin", "Dirección" is "Direccion". */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * "Av. Javier Prado 123, San Isidro, Lima" -> "•••, Lima": the region or city only, wherever the
 * address names it ("Lima, Surquillo, Calle Mercaderes 853" -> "•••, Lima"); nothing when it names none.
 */
export function maskAddress(value: string): string {
  const place = value
    .split(',')
    .map((part) => part.trim())
    .findLast((part) => PLACES.has(placeKey(part)));
  return place === undefined ? BULLET.repeat(3) : `${BULLET.repeat(3)}, ${place}`;
}
