// Why a server of ours (serve --http, sandbox) could not listen, in one line a person can act on. The
// error's own message ("listen EADDRINUSE: address already in use") names the code, not the remedy.

/** The line for the errors a person can fix by choosing another address or port; undefined for others. */
export function listenErrorMessage(error: unknown, host: string, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE') return `cannot listen on ${where}: the port is in use by another program; stop it or choose another --port`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `cannot listen on ${where}: ${host} is not an address of this machine; use --host 127.0.0.1, or 0.0.0.0 for every interface`;
  if (code === 'EACCES') return `cannot listen on ${where}: permission denied (ports below 1024 need privileges); choose another --port`;
  return undefined;
}
