// The detail the issue measures: a record with 10 history events and 3 attachments. The demo data
// set has up to 5 events, so the benchmark grows one resolved record of organization A to 10 with
// follow-up notes taken from other records, dated in the widest gaps between its events.
import type { Dataset } from '../src/sandbox/dataset.js';

export const HISTORY_EVENTS = 10;
export const ATTACHMENTS = 3;

/** Grows a record of `dataset` in place and returns its id. */
export function growDetailRecord(dataset: Dataset, organizationId: string): string {
  const candidates = dataset.records.filter(
    (record) => record.organizationId === organizationId && record.status === 'resolved' && record.detail.attachments.length === ATTACHMENTS,
  );
  const record = candidates.sort((a, b) => b.detail.history.length - a.detail.history.length)[0];
  if (!record) throw new Error('no resolved record with 3 attachments in the data set');
  const notes = dataset.records
    .flatMap((other) => other.detail.history)
    .filter((event) => event.eventType === 'note_added' && event.publicNote)
    .map((event) => event.publicNote);
  const history = record.detail.history;
  while (history.length < HISTORY_EVENTS) {
    // A note in the middle of the widest gap between two events, so the timeline stays in order and spread.
    const times = history.map((event) => Date.parse(event.createdAt!));
    let widest = 1;
    for (let i = 2; i < times.length; i++) if (times[i]! - times[i - 1]! > times[widest]! - times[widest - 1]!) widest = i;
    history.splice(widest, 0, {
      eventType: 'note_added',
      fromStatus: null,
      toStatus: null,
      publicNote: notes[history.length % notes.length] ?? 'Se contactó al consumidor.',
      performedByRole: 'agent',
      createdAt: new Date(Math.floor((times[widest - 1]! + times[widest]!) / 2)).toISOString(),
    });
  }
  return record.id;
}
