// The resource template complaint://{id}: one record as the same compact text get_complaint returns,
// for clients that attach resources to a conversation. {id} is a uuid, a correlative or a tracking code.
// Knows nothing of the MCP SDK; server.ts registers it.

import { REFERENCE_PATTERN, REFERENCE_RULE } from '../domain/reference.js';
import { InvalidArgumentError } from '../errors.js';
import { couldBeKey } from '../key-shape.js';
import type { ToolContext } from '../tools/tool.js';

/** The percent-decoded address; a malformed escape (%ZZ) is the caller's error, not ours. */
function decoded(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    throw new InvalidArgumentError(`complaint://{id}: the address is not correctly percent-encoded.`);
  }
}

export const complaintResource = {
  name: 'complaint',
  uriTemplate: 'complaint://{id}',
  title: 'A complaint or claim in full',
  description:
    'One record of the complaints book as compact text: complaint://<id>, complaint://000000481-2026 (correlative) or complaint://RCL-7KQ2-M9XD (tracking code).',
  mimeType: 'text/plain',
  async read(id: string, context: Omit<ToolContext, 'progress'>): Promise<string> {
    const value = decoded(id).trim();
    if (!REFERENCE_PATTERN.test(value) || couldBeKey(value)) throw new InvalidArgumentError(`complaint://{id}: ${REFERENCE_RULE}, or a record's uuid.`);
    // Loaded at the first read, as a tool's run is: start-up needs only the template.
    const { readComplaint } = await import('../tools/get-complaint-run.js');
    return (await readComplaint(value, context)).text;
  },
};
