// One record as the model reads it, by id or by the correlative or tracking code people quote: shared by
// get_complaint, the complaint://{id} resource and the prompts.
import { z } from 'zod';
import { idOfReference } from '../api/reference.js';
import { capText } from '../format/cap.js';
import type { DetailAnswer } from '../contract/detail-answer.js';
import { formatDetailText, toDetailView } from '../format/detail.js';
import { redactAnswer, redactDetail } from '../format/redact.js';
import type { ToolContext } from './tool.js';

/** Correlatives and tracking codes: letters, digits and dashes (a uuid passes too, and is read as an id). */
export const REFERENCE_PATTERN = /^[\w-]{1,60}$/;
export const REFERENCE_RULE = 'expected a correlative such as 000000481-2026 or a tracking code such as RCL-7KQ2-M9XD';

export const isUuid = (value: string) => z.guid().safeParse(value).success;

export async function readComplaint(
  idOrReference: string,
  { api, clock, redactPii, signal }: Pick<ToolContext, 'api' | 'clock' | 'redactPii' | 'signal'>,
): Promise<{ text: string; structured: DetailAnswer }> {
  const client = await api();
  const givenId = isUuid(idOrReference) ? idOrReference : undefined;
  const id = givenId ?? (await idOfReference(client, idOrReference, signal));
  const record = await client.getComplaint(id, signal);
  const built = toDetailView(redactPii ? redactDetail(record) : record, clock, givenId);
  const view = redactPii ? { ...built, answer: redactAnswer(built.answer) } : built;
  const text = capText(formatDetailText(view), 'The full record, history included, is in structuredContent.');
  return { text, structured: view.answer };
}
