// Call overhead: list_complaints through the stdio server beside the same HTTP request made directly
// with undici to the same sandbox, and beside the SDK's own round trip for an answer of the same size
// (bench/echo-server.ts answering with a list_complaints result captured here). The three kinds of
// call alternate, so that drift on a shared machine touches all alike.
//
// The server's own work per call is what is left of its overhead over the direct GET once the SDK's
// round trip (reading a request line, routing, serializing an answer, the pipe both ways) is taken
// out: parsing the page, the deadlines, both renderings, the cleaning, the SDK's checks of our schemas.
// Beside it, its floor: the same formula for bench/get-echo-server.ts, an SDK server that makes the
// same GET from its own process and answers the same bytes: what the figure counts that no code of
// ours does (the direct GET is made from the bench's own process, where the sandbox runs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { type BenchContext, type Figure, figure, serverEnv } from '../figure.js';
import { quantile, timed } from '../stats.js';
import { StdioPeer } from '../stdio-peer.js';

const CALLS = 500;
/** The target: the server's own work in a call, at the median (issue 40). */
const MAX_OWN_WORK_MS = 0.5;
const WARM_UP = 50;

export async function measureOverhead(context: BenchContext): Promise<Figure[]> {
  const peer = StdioPeer.launch(context.serverPath, serverEnv(context));
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const scratch = mkdtempSync(join(tmpdir(), 'bench-echo-'));
  let echo: StdioPeer | undefined;
  let getEcho: StdioPeer | undefined;
  // What list_complaints sends for {}: the defaults, page 1 of 20.
  const url = `${context.sandboxUrl}/api/v1/complaints?page=1&pageSize=20`;
  const direct = async () => {
    const response = await request(url, { dispatcher, headers: { authorization: `Bearer ${context.apiKey}`, accept: 'application/json' } });
    await response.body.json();
  };
  const viaServer = () => peer.callTool('list_complaints', {});
  try {
    await peer.initialize();
    // The echo answers with what list_complaints answers: the same bytes to serialize, write and read.
    const { result } = await peer.request('tools/call', { name: 'list_complaints', arguments: {} });
    const payloadPath = join(scratch, 'answer.json');
    writeFileSync(payloadPath, JSON.stringify({ content: result.content, structuredContent: result.structuredContent }));
    echo = StdioPeer.launch(context.echoServerPath, {}, [payloadPath]);
    await echo.initialize();
    const viaEcho = () => echo!.callTool('echo', {});
    getEcho = StdioPeer.launch(context.getEchoServerPath, serverEnv(context), [payloadPath]);
    await getEcho.initialize();
    const viaGetEcho = () => getEcho!.callTool('list_complaints', {});
    for (let i = 0; i < WARM_UP; i++) {
      await viaServer();
      await direct();
      await viaEcho();
      await viaGetEcho();
    }
    const server: number[] = [];
    const http: number[] = [];
    const echoed: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      server.push(await timed(viaServer));
      http.push(await timed(direct));
      echoed.push(await timed(viaEcho));
      floor.push(await timed(viaGetEcho));
    }
    const p50 = quantile(server, 0.5);
    const p50Direct = quantile(http, 0.5);
    const p50Echo = quantile(echoed, 0.5);
    const p95 = quantile(server, 0.95);
    const p95Direct = quantile(http, 0.95);
    const overDirect = p50 - p50Direct;
    const ownWork = overDirect - p50Echo;
    const floorWork = quantile(floor, 0.5) - p50Direct - p50Echo;
    const answerChars = JSON.stringify(result).length;
    const ownTarget = `own work <= ${MAX_OWN_WORK_MS.toFixed(1)} ms`;
    return [
      figure({
        name: `Call: list_complaints p50 (${CALLS} calls)`,
        unit: 'ms',
        value: p50,
        reference: { label: 'direct undici GET', value: p50Direct },
        target: `${ownTarget} (below)`,
        met: ownWork <= MAX_OWN_WORK_MS,
        extra: { differenceMs: overDirect },
      }),
      figure({
        name: `Call: list_complaints p95 (${CALLS} calls)`,
        unit: 'ms',
        value: p95,
        reference: { label: 'direct undici GET', value: p95Direct },
        target: '',
        met: null,
        extra: { differenceMs: p95 - p95Direct },
      }),
      figure({
        name: `Call: own work per call, p50 (${overDirect.toFixed(2)} ms over the direct GET, less the SDK's echo)`,
        unit: 'ms',
        value: ownWork,
        reference: { label: `SDK echo round trip, an answer of the same ${answerChars} characters`, value: p50Echo },
        target: ownTarget,
        met: ownWork <= MAX_OWN_WORK_MS,
        extra: { overDirectMs: overDirect, p50EchoMs: p50Echo, answerChars, floorMs: floorWork },
      }),
      figure({
        name: 'Call: own work per call, its floor: an SDK server that only makes the same GET and answers the same bytes, by the same formula',
        unit: 'ms',
        value: floorWork,
        reference: { label: 'own work per call (above)', value: ownWork },
        target: '',
        met: null,
      }),
    ];
  } finally {
    await peer.stop();
    await echo?.stop();
    await getEcho?.stop();
    await dispatcher.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
