// A register written to a file (stdio): in COMPLAINTS_EXPORT_DIR, else the member's Downloads folder
// where there is one, else their home folder. The file is written under a name that says it is
// incomplete, and given its own name only once whole, never over a file already there; a reading
// that fails or is cancelled removes what it wrote.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, unlinkSync, type WriteStream } from 'node:fs';
import { constants, copyFile, link, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserFacingError } from '../errors.js';
import type { DeliveredRegister, DeliveryContext, RegisterDelivery, RegisterRequest } from './delivery.js';
import { registerFileName } from './register-name.js';
import { writeRegister } from './register-writer.js';
import { countWithin } from './selection.js';

/** The Downloads folder's usual names (English systems, then Spanish Linux desktops), under the home folder. */
const DOWNLOADS = ['Downloads', 'Descargas'];
/** Names tried for one register: "name.csv", "name-2.csv", ... */
const MOST_NAMES = 100;

/**
 * Drafts being written now. A server stopped mid-register (the client closed it, gave up waiting, or
 * a signal) removes them as it exits; only a killed process leaves one, named as incomplete.
 */
const DRAFTS = new Set<string>();
let removedAtExit = false;
function keepDraft(path: string): void {
  if (!removedAtExit) {
    removedAtExit = true;
    process.once('exit', () => {
      for (const draft of DRAFTS) {
        try {
          unlinkSync(draft);
        } catch {
          // Gone already, or never made: nothing to remove.
        }
      }
    });
  }
  DRAFTS.add(path);
}

/** The folder registers go to when COMPLAINTS_EXPORT_DIR is unset: Downloads where it exists, else home. */
export async function defaultExportFolder(home = homedir()): Promise<string> {
  for (const name of DOWNLOADS) {
    const folder = join(home, name);
    if (await isFolder(folder)) return folder;
  }
  return home;
}

export function fileDelivery(settings: { exportDir: string | undefined; maxSheets: number }): RegisterDelivery {
  return {
    async deliver({ selection }: RegisterRequest, context: DeliveryContext): Promise<DeliveredRegister> {
      const folder = await exportFolder(settings.exportDir);
      const reader = await context.api();
      const counted = await countWithin(reader, selection, settings.maxSheets, context.signal);
      const draft = join(folder, `${registerFileName(selection).slice(0, -'.csv'.length)}.${randomBytes(4).toString('hex')}.${INCOMPLETE[selection.language]}`);
      const file = await openNew(draft, folder);
      keepDraft(draft);
      // A failed write (a full disk) is the register's failure, said at the next piece; and once the
      // register has failed, a piece still on its way is not written.
      let failure: Error | undefined;
      file.on('error', (error) => {
        failure ??= error;
      });
      let bytes = 0;
      const write = (piece: string) => {
        if (failure !== undefined || file.destroyed) throw failure ?? new Error('the register was stopped');
        bytes += Buffer.byteLength(piece);
        return file.write(piece) ? undefined : drained(file, context.signal);
      };
      try {
        const written = await context.readBook(() =>
          writeRegister(reader, selection, write, {
            clock: context.clock,
            redactPii: context.redactPii,
            maxSheets: settings.maxSheets,
            signal: context.signal,
            progress: context.progress,
            counted,
          }),
        );
        await closed(file);
        const path = await giveName(draft, folder, registerFileName(selection, written.storeName));
        return {
          kind: 'file',
          path,
          uri: pathToFileURL(path).href,
          fileName: basename(path),
          rows: written.rows,
          bytes,
        };
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(String(error));
        if (!file.closed) {
          file.destroy();
          await once(file, 'close').catch(() => undefined);
        }
        await unlink(draft).catch(() => undefined);
        throw writeFailure(error, folder);
      } finally {
        DRAFTS.delete(draft);
      }
    },
  };
}

const INCOMPLETE = { es: 'csv.incompleto', en: 'csv.incomplete' } as const;

async function exportFolder(setting: string | undefined): Promise<string> {
  if (setting === undefined) return defaultExportFolder();
  if (setting === '') {
    throw new UserFacingError(
      'COMPLAINTS_EXPORT_DIR holds what looks like an API key (it is not shown): set it to a folder, in the "env" of this server in your MCP client\'s configuration, or unset it to write to your Downloads folder.',
    );
  }
  if (!isAbsolute(setting)) {
    throw new UserFacingError(
      `COMPLAINTS_EXPORT_DIR must be an absolute path, or start with ~/ for your home folder (it is "${setting}"): set it in the "env" of this server in your MCP client's configuration, or unset it to write to your Downloads folder.`,
    );
  }
  if (!(await isFolder(setting))) {
    throw new UserFacingError(`COMPLAINTS_EXPORT_DIR names no folder that can be written to (${setting}): create it, or set the setting to another folder.`);
  }
  return setting;
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
}

/** A new file at `path`, failing if one is there; a folder that cannot be written to is said so. */
async function openNew(path: string, folder: string): Promise<WriteStream> {
  // The member's own: a register holds consumers' personal data.
  const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  try {
    await once(file, 'open');
    return file;
  } catch (error) {
    throw writeFailure(error, folder);
  }
}

/** Why a file system refused, in words; other errors pass as they are. */
const REFUSALS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'a read-only file system',
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'the disk quota is used up',
  ENOENT: 'the folder is gone',
  ENOTDIR: 'not a folder',
};

/** A file system's refusal as the member reads it: the folder and why, in words. */
function writeFailure(error: unknown, folder: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined || !Object.hasOwn(REFUSALS, code)) return error;
  return new UserFacingError(
    `The register could not be written in ${folder} (${REFUSALS[code]}): set COMPLAINTS_EXPORT_DIR to a folder you can write to, or free some space.`,
  );
}

/** Waits for the file to take more, or for the call to end (the writer then stops at its next check). */
function drained(file: WriteStream, signal: AbortSignal): Promise<void> {
  return once(file, 'drain', { signal }).then(() => undefined);
}

function closed(file: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/**
 * Gives the whole file its name: `name`, else "name-2.csv" and on, never over a file already there
 * (a hard link fails when the name is taken; a file system without links gets an exclusive copy).
 */
async function giveName(draft: string, folder: string, name: string): Promise<string> {
  const stem = name.slice(0, -'.csv'.length);
  for (let attempt = 1; attempt <= MOST_NAMES; attempt += 1) {
    const path = join(folder, attempt === 1 ? name : `${stem}-${attempt}.csv`);
    try {
      await link(draft, path).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') throw error;
        await copyFile(draft, path, constants.COPYFILE_EXCL);
      });
      await unlink(draft);
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new UserFacingError(
    `${MOST_NAMES} files named ${stem}*.csv are already in ${folder}: move them elsewhere, or set COMPLAINTS_EXPORT_DIR to another folder.`,
  );
}
