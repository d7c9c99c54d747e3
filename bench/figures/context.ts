// Context cost: what the model reads (tokens and characters of the text result) beside the raw API
// JSON of the same data. Tokenizer: gpt-tokenizer's o200k_base encoding (GPT-4o and later); Claude's
// own tokenizer is not public, but the ratio between the two texts is what matters here.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { request } from 'undici';
import { figure, serverEnv, type BenchContext, type Figure } from '../figure.js';
import { StdioPeer } from '../stdio-peer.js';

export const TOKENIZER = 'gpt-tokenizer o200k_base';

async function rawBody(context: BenchContext, path: string): Promise<string> {
  const response = await request(`${context.sandboxUrl}${path}`, { headers: { authorization: `Bearer ${context.apiKey}` } });
  if (response.statusCode !== 200) throw new Error(`${path}: HTTP ${response.statusCode}`);
  return response.body.text();
}

function compare(name: string, text: string, raw: string, targetRatio: number): Figure {
  const tokens = countTokens(text);
  const rawTokens = countTokens(raw);
  return figure({
    name,
    unit: 'tokens',
    value: tokens,
    reference: { label: 'raw API JSON', value: rawTokens },
    target: `<= ${targetRatio * 100}% of raw`,
    met: tokens <= targetRatio * rawTokens,
    extra: { characters: text.length, rawCharacters: raw.length },
  });
}

export async function measureContext(context: BenchContext): Promise<Figure[]> {
  const peer = new StdioPeer(process.execPath, [context.serverPath], serverEnv(context));
  try {
    await peer.initialize();
    const figures: Figure[] = [];
    for (const pageSize of [20, 100]) {
      const { text } = await peer.callTool('list_complaints', { pageSize });
      const raw = await rawBody(context, `/api/v1/complaints?page=1&pageSize=${pageSize}`);
      figures.push(compare(`Context: list page of ${pageSize}`, text, raw, 0.25));
    }
    const { text } = await peer.callTool('get_complaint', { id: context.detailId });
    const raw = await rawBody(context, `/api/v1/complaints/${context.detailId}`);
    figures.push(compare('Context: detail, 10 events, 3 files', text, raw, 0.5));
    return figures;
  } finally {
    await peer.stop();
  }
}
