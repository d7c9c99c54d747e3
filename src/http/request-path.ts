// The path a request asks for, as serve --http routes it: without its query, and without trailing
// slashes (/mcp/ is /mcp). One reading for the routes and for the answers given while starting.

/** `url`'s path, its query and trailing slashes left out; "/" stays "/". */
export function pathOf(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
