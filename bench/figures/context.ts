// Context cost: what the model reads, on both channels of one result: the text (content) and the
// structured result (structuredContent, as JSON.stringify writes it), beside the raw API JSON of the
// same page or record. A client may put either channel, or both, before the model, so each has its
// own target. complaints_overview has no single API body to compare with (it reads every page), so
// its structured result stands beside its own text. Tokenizer: gpt-tokenizer's o200k_base encoding
// (GPT-4o and later); Claude's own tokenizer is not public, but the ratio between two texts is what
// matters here.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { request } from 'undici';
import { type BenchContext, type Figure, figure, serverEnv } from '../figure.js';
import { StdioPeer } from '../stdio-peer.js';

export const TOKENIZER = 'gpt-tokenizer o200k_base';

/** Targets, as a share of the raw API JSON (lists, detail) or of the result's own text (overview). */
const TARGETS = {
  list: { text: 0.25, structured: 0.35 },
  detail: { text: 0.5, structured: 0.65 },
  overviewStructuredToText: 1.5,
};
/** What every conversation pays before the first question: the tools' definitions as a model API takes them. */
/** 500 tokens a tool on average, as test/tools/catalog.test.ts holds them. */
const TOKENS_PER_TOOL = 500;
const OVERVIEW_ARGUMENTS: Array<Record<string, unknown>> = [{}, { period: 'last_30_days' }];

async function rawBody(context: BenchContext, path: string): Promise<string> {
  const response = await request(`${context.sandboxUrl}${path}`, { headers: { authorization: `Bearer ${context.apiKey}` } });
  if (response.statusCode !== 200) throw new Error(`${path}: HTTP ${response.statusCode}`);
  return response.body.text();
}

/** structuredContent as a client would pass it on; undefined when the result has none. */
const stringified = (structured: unknown) => (structured === undefined ? undefined : JSON.stringify(structured));

/** Both channels of one result beside the raw API JSON: two rows. */
function againstRaw(name: string, result: { text: string; structured: unknown }, raw: string, targets: { text: number; structured: number }): Figure[] {
  const rawTokens = countTokens(raw);
  const row = (channel: string, text: string | undefined, share: number) => {
    const tokens = countTokens(text ?? '');
    return figure({
      name: `Context: ${name}, ${channel}`,
      unit: 'tokens',
      value: tokens,
      reference: { label: 'raw API JSON', value: rawTokens },
      target: `<= ${share * 100}% of raw`,
      // A result without the channel has not met its target by costing nothing.
      met: text === undefined ? null : tokens <= share * rawTokens,
      extra: { characters: text?.length ?? 'none in the result', rawCharacters: raw.length },
    });
  };
  return [row('text', result.text, targets.text), row('structuredContent', stringified(result.structured), targets.structured)];
}

/**
 * The name, description and input schema of every tool, each as compact JSON (what a client hands a
 * model API as a tool); the output schema and annotations are not shown to the model.
 */
async function toolDefinitions(peer: StdioPeer): Promise<Figure> {
  const { tools } = (await peer.request('tools/list')).result as { tools: Array<{ name: string; description?: string; inputSchema: unknown }> };
  const perTool = Object.fromEntries(
    tools.map(({ name, description, inputSchema }) => [name, countTokens(JSON.stringify({ name, description, inputSchema }))]),
  );
  const total = Object.values(perTool).reduce((sum, tokens) => sum + tokens, 0);
  const budget = TOKENS_PER_TOOL * tools.length;
  return figure({
    name: `Context: tool definitions (${tools.length} tools: name, description, input schema)`,
    unit: 'tokens',
    value: total,
    reference: { label: 'the budget: 500 a tool', value: budget },
    target: `<= ${budget}`,
    met: total <= budget,
    extra: perTool,
  });
}

export async function measureContext(context: BenchContext): Promise<Figure[]> {
  const peer = StdioPeer.launch(context.serverPath, serverEnv(context));
  try {
    await peer.initialize();
    const figures: Figure[] = [await toolDefinitions(peer)];
    for (const pageSize of [20, 100]) {
      const result = await peer.callTool('list_complaints', { pageSize });
      const raw = await rawBody(context, `/api/v1/complaints?page=1&pageSize=${pageSize}`);
      figures.push(...againstRaw(`list page of ${pageSize}`, result, raw, TARGETS.list));
    }
    const detail = await peer.callTool('get_complaint', { id: context.detailId });
    const raw = await rawBody(context, `/api/v1/complaints/${context.detailId}`);
    figures.push(...againstRaw('detail, 10 events, 3 files', detail, raw, TARGETS.detail));
    for (const args of OVERVIEW_ARGUMENTS) {
      const overview = await peer.callTool('complaints_overview', args);
      const structured = stringified(overview.structured);
      const tokens = countTokens(structured ?? '');
      const textTokens = countTokens(overview.text);
      figures.push(
        figure({
          name: `Context: complaints_overview ${JSON.stringify(args)}, structuredContent`,
          unit: 'tokens',
          value: tokens,
          reference: { label: 'its text', value: textTokens },
          target: `<= ${TARGETS.overviewStructuredToText}x its text`,
          met: structured === undefined ? null : tokens <= TARGETS.overviewStructuredToText * textTokens,
          extra: { characters: structured?.length ?? 'none in the result', textCharacters: overview.text.length },
        }),
      );
    }
    return figures;
  } finally {
    await peer.stop();
  }
}
