// Memory: the server's resident set size (RSS) and its anonymous part (RssAnon: the heaps and
// compiled code, without the file-backed pages of the node binary that every Node process maps
// alike) after start and after 5,000 back-to-back calls, four list_complaints to one get_complaint.
// The references, measured in the same run: a bare SDK stdio server after start, and after the calls
// the MCP project's own reference server (@modelcontextprotocol/server-everything) over stdio after
// answering its echo tool 5,000 times with a 20 KB message, about the bytes of one of our list pages
// (text plus structured page). Every server starts as its bin's launch line says, V8 flags included:
// that is the process a member's client runs. (The old NODE_OPTIONS row is gone for that reason: V8
// limits, if the server sets any, are on the launch line, which every row here already measures.)
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type BenchContext, type Figure, figure, serverEnv } from '../figure.js';
import { StdioPeer } from '../stdio-peer.js';

const CALLS = 5000;
const LIMIT_AFTER_START_MB = 80;
const ECHO_MESSAGE = 'x'.repeat(20 * 1024);

type Memory = { rss: number; rssAnon: number };

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** The bin of @modelcontextprotocol/server-everything, as `npx` would run it. */
function everythingBin(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const { bin } = require(manifest) as { bin: Record<string, string> };
  return join(dirname(manifest), bin['mcp-server-everything']!);
}

/**
 * Memory after start (initialized, then 300 ms for start-up garbage to settle), halfway and right
 * after `calls` calls of `call`. Not settled after the calls: that is what a client leaves it at.
 */
async function memoryOverCalls(
  peer: StdioPeer,
  calls: number,
  call: (index: number) => Promise<unknown>,
): Promise<{ afterStart: Memory; halfway: Memory; after: Memory }> {
  try {
    await peer.initialize();
    await settle();
    const afterStart = await peer.memoryMb();
    let halfway = afterStart;
    for (let index = 1; index <= calls; index++) {
      await call(index);
      if (index === calls / 2) halfway = await peer.memoryMb();
    }
    return { afterStart, halfway, after: await peer.memoryMb() };
  } finally {
    await peer.stop();
  }
}

export async function measureMemory(context: BenchContext): Promise<Figure[]> {
  const { afterStart: bareAfterStart } = await memoryOverCalls(StdioPeer.launch(context.bareServerPath, {}), 0, async () => undefined);
  const everything = StdioPeer.launch(everythingBin(), {}, ['stdio']);
  const reference = await memoryOverCalls(everything, CALLS, () => everything.callTool('echo', { message: ECHO_MESSAGE }));
  const server = StdioPeer.launch(context.serverPath, serverEnv(context));
  // Both tools, as a session uses them.
  const ours = await memoryOverCalls(server, CALLS, (index) =>
    index % 5 === 0 ? server.callTool('get_complaint', { id: context.detailId }) : server.callTool('list_complaints', { pageSize: 20 }),
  );
  return [
    figure({
      name: 'Memory: RSS after start',
      unit: 'MB',
      value: ours.afterStart.rss,
      reference: { label: 'bare SDK stdio server', value: bareAfterStart.rss },
      target: `< ${LIMIT_AFTER_START_MB} MB`,
      met: ours.afterStart.rss < LIMIT_AFTER_START_MB,
      extra: {
        rssAnonMb: ours.afterStart.rssAnon,
        bareRssAnonMb: bareAfterStart.rssAnon,
        everythingRssMb: reference.afterStart.rss,
        everythingRssAnonMb: reference.afterStart.rssAnon,
      },
    }),
    figure({
      name: `Memory: RSS after ${CALLS} calls`,
      unit: 'MB',
      value: ours.after.rss,
      reference: { label: `server-everything, ${CALLS} echo calls of 20 KB`, value: reference.after.rss },
      target: '<= reference (RssAnon too, in extra)',
      met: ours.after.rss <= reference.after.rss,
      extra: {
        rssAnonMb: ours.after.rssAnon,
        referenceRssAnonMb: reference.after.rssAnon,
        rssAnonMet: ours.after.rssAnon <= reference.after.rssAnon ? 'yes' : 'NO',
        [`rssAt${CALLS / 2}Mb`]: ours.halfway.rss,
        [`referenceRssAt${CALLS / 2}Mb`]: reference.halfway.rss,
      },
    }),
  ];
}
