// A key written the ways a careless or hostile text may hold it, and a scan for any of them, for the
// tests that no setting, log line or tool text repeats a key in another form. The scan is written
// apart from src/key-echo.ts on purpose: a test must not trust the detector it tests.

const reversed = (text: string) => [...text].reverse().join('');
const percentEncoded = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * `key` without "or_", "or_ " with a space, upper-cased, percent-encoded, in base64 (both alphabets,
 * and twice), reversed, in hexadecimal, as HTML entities, in full-width letters, a dash between its characters.
 */
export function keyForms(key: string): Record<string, string> {
  const body = key.replace(/^or_/, '');
  return {
    'without "or_"': body,
    '"or_ " with a space': `or_ ${body}`,
    'upper-cased without "or_"': body.toUpperCase(),
    'percent-encoded': percentEncoded(key),
    'in base64': Buffer.from(key).toString('base64'),
    'in url-safe base64': Buffer.from(`x${key}`).toString('base64url'),
    reversed: reversed(body),
    'in hexadecimal': Buffer.from(body).toString('hex'),
    'a dash between every character': [...body].join('-'),
    'as HTML entities': [...body].map((character) => `&#${character.charCodeAt(0)};`).join(''),
    'in base64 twice': Buffer.from(Buffer.from(key).toString('base64')).toString('base64'),
    'in full-width letters': [...body].map((character) => String.fromCharCode(character.charCodeAt(0) + 0xfee0)).join(''),
  };
}

/** How many characters of a form, found together in an output, count as the form shown. */
const SHOWN_RUN = 10;

/** The forms of which `output` shows SHOWN_RUN characters in a row, in any case: [] when none. */
export function formsShown(output: string, forms: Record<string, string>): string[] {
  const text = output.toLowerCase();
  return Object.entries(forms)
    .filter(([, form]) => {
      const lower = form.toLowerCase().replace(/^or_ /, '');
      for (let at = 0; at + SHOWN_RUN <= lower.length; at++) if (text.includes(lower.slice(at, at + SHOWN_RUN))) return true;
      return false;
    })
    .map(([label]) => label);
}
