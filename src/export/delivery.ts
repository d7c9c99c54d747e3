// Where a register goes, by where the member is: over stdio a file in a folder of theirs
// (file-delivery.ts), over HTTP a download link on the server (http/export-links.ts). The tool
// (tools/export-complaints.ts) hands the selection here; each delivery checks what it needs (a folder),
// counts the selection and refuses one too large (selection.ts's countWithin), before reading it.
import type { ComplaintsReader } from '../contract/operations.js';
import type { Clock } from '../domain/clock.js';
import type { ExportSelection } from './selection.js';

export interface RegisterRequest {
  selection: ExportSelection;
}

export interface DeliveryContext {
  api: () => Promise<ComplaintsReader>;
  clock: Clock;
  redactPii: boolean;
  signal: AbortSignal;
  progress: (done: number, total: number, message?: string) => void;
  /** Runs the reading in one of the process's few slots for whole-book reads. */
  readBook: <T>(read: () => Promise<T>) => Promise<T>;
}

/** A register written to a file (stdio). */
export interface FileDelivered {
  kind: 'file';
  /** Absolute path of the file written. */
  path: string;
  /** file:// URL of the same file. */
  uri: string;
  fileName: string;
  rows: number;
  bytes: number;
}

/** A register to be read when its link is opened (serve --http). */
export interface LinkDelivered {
  kind: 'link';
  /** Opens the register in a browser, without the key, until `expiresAt`. */
  url: string;
  fileName: string;
  /** ISO 8601, UTC. */
  expiresAt: string;
  /** Minutes the link lasts. */
  minutes: number;
  /** Records the selection holds as the link is made: the file is read when the link is opened. */
  counted: number;
}

export type DeliveredRegister = FileDelivered | LinkDelivered;

export interface RegisterDelivery {
  deliver(request: RegisterRequest, context: DeliveryContext): Promise<DeliveredRegister>;
}
