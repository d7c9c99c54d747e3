// Pure part of the suite-wide key scan, so that it can itself be tested.

/** Name of the file, in the transcript directory, that lists every key handed to a server. */
export const SECRETS_FILE = 'secrets.txt';

/** "<transcript>: <key masked>" for every transcript that contains a key. */
export function findLeaks(transcripts: Array<{ name: string; text: string }>, secrets: string[]): string[] {
  const leaks: string[] = [];
  for (const { name, text } of transcripts) {
    for (const secret of secrets) {
      if (text.includes(secret)) leaks.push(`${name}: ${secret.slice(0, 3)}…${secret.slice(-4)}`);
    }
  }
  return leaks;
}
