// The stdio input's filter of JSON-RPC batches: every batch line out and answered once, every other
// byte through untouched, however the input is cut into chunks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutBatches } from '../src/stdio-batches.js';

/** What the filter passes on, and how many batches it answered, for `input` written in `chunks`. */
async function filter(chunks: readonly string[]): Promise<{ passed: string; batches: number }> {
  let batches = 0;
  const stream = withoutBatches(() => {
    batches += 1;
  });
  const passed: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => passed.push(chunk));
  const ended = new Promise((resolve) => stream.once('end', resolve));
  for (const chunk of chunks) stream.write(Buffer.from(chunk));
  stream.end();
  await ended;
  return { passed: Buffer.concat(passed).toString(), batches };
}

const request = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":[1,2]}}}\n';
const batch = '[{"jsonrpc":"2.0","id":2,"method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/initialized"}]\n';

describe('withoutBatches', () => {
  it('drops a batch line and answers it once, passing the messages around it untouched', async () => {
    expect(await filter([request + batch + request])).toEqual({ passed: request + request, batches: 1 });
  });

  it('finds a batch behind blanks, and keeps a message whose content holds brackets or starts a line with one', async () => {
    expect(await filter([` \t\r${batch}`])).toEqual({ passed: ' \t\r', batches: 1 });
    const bracketInside = '{"jsonrpc":"2.0","id":3,"method":"x","params":{"q":"\\n[not a batch"}}\n';
    expect(await filter([bracketInside])).toEqual({ passed: bracketInside, batches: 0 });
  });

  // A Windows tool may start what it writes with a byte order mark, which no JSON parser takes: the
  // line it starts would be dropped unanswered, an initialize as well as a batch.
  it('drops a byte order mark before a line, whole or cut between chunks, and finds a batch behind it', async () => {
    const bom = '\uFEFF';
    expect(await filter([bom + request])).toEqual({ passed: request, batches: 0 });
    expect(await filter([bom + batch + request])).toEqual({ passed: request, batches: 1 });
    const bytes = Buffer.from(bom + request);
    for (const cut of [1, 2]) {
      const stream = withoutBatches(() => {});
      const passed: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => passed.push(chunk));
      stream.write(bytes.subarray(0, cut));
      stream.end(bytes.subarray(cut));
      await new Promise((resolve) => stream.once('end', resolve));
      expect(Buffer.concat(passed).toString(), `cut after byte ${cut}`).toBe(request);
    }
  });

  it('passes on the start of a byte order mark that is not one, untouched, at the end of the input too', async () => {
    const stream = withoutBatches(() => {});
    const passed: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => passed.push(chunk));
    const odd = Buffer.concat([Buffer.from([0xef, 0xbb]), Buffer.from(request), Buffer.from([0xef])]);
    stream.end(odd);
    await new Promise((resolve) => stream.once('end', resolve));
    expect(Buffer.concat(passed)).toEqual(odd);
  });

  it('answers a batch only once its line has ended, and passes an empty line on', async () => {
    expect(await filter(['[1,2'])).toEqual({ passed: '', batches: 0 });
    expect(await filter(['\n', '\n'])).toEqual({ passed: '\n\n', batches: 0 });
  });

  it('drops a batch of many megabytes without keeping it', async () => {
    const huge = `[${'{"jsonrpc":"2.0","id":1,"method":"ping"},'.repeat(300_000)}1]\n`;
    const chunks = Array.from({ length: Math.ceil(huge.length / 65_536) }, (_, index) => huge.slice(index * 65_536, (index + 1) * 65_536));
    expect(await filter([...chunks, request])).toEqual({ passed: request, batches: 1 });
  });

  it('gives the same result however the input is cut into chunks', async () => {
    const lines = fc.constantFrom(request, batch, `  ${batch}`, '\n', '{"a":"[x]"}\n', `\r\n`, `\uFEFF${batch}`, ` \uFEFF${request}`);
    await fc.assert(
      fc.asyncProperty(fc.array(lines, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), async (input, cuts) => {
        const text = input.join('');
        const at = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at].map((start, index) => text.slice(start, [...at, text.length][index]));
        const whole = await filter([text]);
        expect(await filter(chunks)).toEqual(whole);
        expect(whole.batches).toBe(input.filter((line) => line.trimStart().startsWith('[')).length);
      }),
    );
  });
});
