// export_complaints over serve --http, as the e2e tests of its download links use it: the link an
// answer gives, a browser's GET of it (no key, no Origin), and the CSV it opens, read back.
import { request } from 'undici';
import { expect } from 'vitest';
import { connectHttp } from './http-serve.js';
import { rememberSecrets } from './transcript.js';

/** export_complaints called by `key` over HTTP: the link, and what the answer says. */
export async function exportLink(url: string, key: string, args: Record<string, unknown> = {}) {
  const member = await connectHttp(url, key);
  try {
    const answer = await member.call('export_complaints', args);
    expect(answer.isError, answer.text).toBe(false);
    const link = answer.structured.url as string;
    const token = new URL(link).pathname.split('/')[2]!;
    // Scanned for in every transcript, as a key is: a token in a log would open the register.
    rememberSecrets(token);
    return { link, token, answer };
  } finally {
    await member.close();
  }
}

/** A browser's GET: no Authorization, no Origin. */
export async function open(link: string, init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {}) {
  const response = await request(link, { method: init.method ?? 'GET', headers: init.headers });
  const body = Buffer.from(await response.body.arrayBuffer()).toString('utf8');
  return { status: response.statusCode, headers: response.headers, body };
}

/** RFC 4180: fields, quoted ones holding commas, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const character = text[at]!;
    if (quoted) {
      if (character === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[at + 1] === '\n') at++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
