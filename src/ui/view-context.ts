// What every part of the overview's drawing is given: the language and formats, what is selected or
// open, and the member's choices to report (open a record, show a full list). The parts draw from the
// answer and this alone; the state behind it is view-store.ts's.
import type { RiskListKind } from './at-risk-read.js';
import type { RecordRef } from './detail-view.js';
import type { Formats } from './dom.js';
import type { Lang } from './labels.js';

export interface ViewContext {
  lang: Lang;
  formats: Formats;
  /** The record `button` stands for was chosen. */
  open: (record: RecordRef, button: HTMLButtonElement) => void;
  /** The record shown in the detail panel, as refKey gives it. */
  selected: string | undefined;
  /** The full list of `kind` was asked for. */
  showList: (kind: RiskListKind) => void;
  /** The full list shown, if any. */
  listShown: RiskListKind | undefined;
  /** What the overview was narrowed by ("store …", "type …"), which narrows what is at risk too. */
  scope: string[];
  /** No period nor dates were asked: the filings are the whole book's. */
  wholeBook: boolean;
}

/** A record's key: its id, or its reference when the id is unknown; undefined when it has neither. */
export const refKey = (record: RecordRef): string | undefined => (record.id !== undefined ? `id:${record.id}` : record.reference && `ref:${record.reference}`);
