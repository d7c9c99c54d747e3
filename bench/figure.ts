// One measured figure, shown beside its reference measured in the same run: these machines are
// shared and absolute times drift, so the ratio is what carries from one run to the next.

export interface Figure {
  /** What was measured, e.g. "Context: list page of 20, text". */
  name: string;
  unit: 'tokens' | 'ms' | 'MB' | 'requests' | 'records' | 'days';
  value: number;
  reference: { label: string; value: number };
  /** value / reference.value */
  ratio: number;
  /** The target in words, or "" when the figure has none. */
  target: string;
  /** Whether the target holds; null when there is none. */
  met: boolean | null;
  /** Further numbers worth seeing (characters, p95, ...). */
  extra?: Record<string, number | string>;
}

export function figure(fields: Omit<Figure, 'ratio'>): Figure {
  return { ...fields, ratio: fields.value / fields.reference.value };
}

/** The paths and keys every figure needs. */
export interface BenchContext {
  /** The built server, dist/index.js. */
  serverPath: string;
  /** The bare SDK server of bench/bare-server.ts, compiled. */
  bareServerPath: string;
  /** The SDK server of bench/echo-server.ts, compiled: one tool answering with a captured result. */
  echoServerPath: string;
  /** bench/get-echo-server.ts: the echo, after making the same GET (the call figure's floor). */
  getEchoServerPath: string;
  /** The sandbox with the demo data set (one record grown to 10 events and 3 attachments). */
  sandboxUrl: string;
  apiKey: string;
  /** Id of the grown record. */
  detailId: string;
}

/** The environment of a server under test: the sandbox and the full-access demo key, nothing else. */
export function serverEnv(context: BenchContext): Record<string, string> {
  return { COMPLAINTS_API_URL: context.sandboxUrl, COMPLAINTS_API_KEY: context.apiKey };
}
