// The prompts that bring a record (draft_response, summarize_complaint): what one costs the service
// and the model. Requests: counted by a sandbox of the demo book started here (the run's own sandbox
// records none), beside get_complaint by the same reference; the prompt may make no more. Tokens: the
// message the prompt puts in the conversation beside the record's raw API JSON, which the message
// holds as get_complaint's text plus the law's facts and what to write.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { request } from 'undici';
import { generateDataset } from '../../src/sandbox/dataset.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { type BenchContext, type Figure, figure, serverEnv } from '../figure.js';
import { StdioPeer } from '../stdio-peer.js';

/** The demo's claim due in 2 business days (src/sandbox/showcase.ts). */
const REFERENCE = '000000474-2026';
const MAX_REQUESTS = 2;

export async function measurePrompts(context: BenchContext): Promise<Figure[]> {
  const sandbox = await startSandbox({ dataset: generateDataset({ now: new Date() }) });
  const peer = StdioPeer.launch(context.serverPath, serverEnv({ ...context, sandboxUrl: sandbox.url }));
  try {
    await peer.initialize();
    const requestsOf = async (ask: () => Promise<unknown>) => {
      sandbox.requests.length = 0;
      await ask();
      return sandbox.requests.length;
    };
    // The first call also waits for the start check's request (src/cli/start-check.ts): not counted.
    await peer.callTool('get_complaint', { reference: REFERENCE });
    const toolRequests = await requestsOf(() => peer.callTool('get_complaint', { reference: REFERENCE }));
    let message = '';
    const promptRequests = await requestsOf(async () => {
      const answer = await peer.request('prompts/get', { name: 'draft_response', arguments: { reference: REFERENCE } });
      if (!answer.result) throw new Error(`draft_response failed: ${JSON.stringify(answer).slice(0, 300)}`);
      message = answer.result.messages[0].content.text;
    });
    const complete = () =>
      peer.request('completion/complete', { ref: { type: 'ref/prompt', name: 'draft_response' }, argument: { name: 'reference', value: '' } });
    const firstCompletion = await requestsOf(complete);
    const nextCompletion = await requestsOf(complete);
    const id = sandbox.dataset.records.find((record) => record.detail.correlative === REFERENCE)!.id;
    const raw = await (await request(`${sandbox.url}/api/v1/complaints/${id}`, { headers: { authorization: `Bearer ${context.apiKey}` } })).body.text();
    return [
      figure({
        name: 'Prompt: draft_response by correlative, requests to the service',
        unit: 'requests',
        value: promptRequests,
        reference: { label: 'get_complaint by the same reference', value: toolRequests },
        target: `<= ${MAX_REQUESTS}`,
        met: promptRequests <= MAX_REQUESTS,
      }),
      figure({
        name: 'Prompt: draft_response, its message',
        unit: 'tokens',
        value: countTokens(message),
        reference: { label: 'the record’s raw API JSON', value: countTokens(raw) },
        target: '',
        met: null,
        extra: { characters: message.length },
      }),
      figure({
        name: 'Prompt: completing reference, requests (the first of a minute)',
        unit: 'requests',
        value: firstCompletion,
        reference: { label: 'the next within the minute', value: nextCompletion },
        target: '',
        met: null,
      }),
    ];
  } finally {
    await peer.stop();
    await sandbox.close();
  }
}
