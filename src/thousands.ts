// Counts as the server's English texts write them: 10,000. Not toLocaleString('en-US'): its first
// call loads the locale's number formats (about 10 ms here), and the tools' descriptions, written at
// start, would make every start-up pay for it.

/** `count` with a comma between each group of three digits of its whole part. */
export function thousands(count: number): string {
  const [whole = '', fraction] = String(count).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
