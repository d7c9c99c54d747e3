// The loopback names and the reading of a Host header, shared by `serve --http` and the sandbox:
// both refuse a Host that names anything else, the mark of a web page that rebound its own name to
// 127.0.0.1 to reach a server on this machine.

/** The names a browser on the same machine uses for a server bound to loopback. */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopbackHost(bindHost: string): boolean {
  return bindHost === 'localhost' || bindHost === '::1' || bindHost === '[::1]' || /^127(\.\d{1,3}){3}$/.test(bindHost);
}

/**
 * `name[:port]` or `[v6][:port]` -> the name in lower case, brackets kept for IPv6; undefined when the
 * header is missing or has anything after the name but a port ("localhost:80.evil.example").
 */
export function hostName(host: string | undefined): string | undefined {
  const match = /^(\[[^\]]*\]|[^:[\]]*)(:\d*)?$/.exec(host?.trim().toLowerCase() ?? '');
  return match?.[1] || undefined;
}

/** Whether a Host header names this machine's loopback interface (any port). */
export function namesLoopback(host: string | undefined): boolean {
  const name = hostName(host);
  return name !== undefined && LOOPBACK_NAMES.includes(name);
}
