// A register's file name, made from its selection, so that a folder of registers reads as a list of
// what each holds: "registro-reclamaciones_2026-10_sin-resolver_hojas.csv". Only ASCII letters,
// digits, "-", "_" and ".": a name every file system and every browser's download keeps as it is.
import { endOfMonth } from '../calendar/calendar-date.js';
import type { ExportSelection } from './selection.js';

const WORDS = {
  es: {
    register: 'registro-reclamaciones',
    whole: 'todo',
    since: 'desde',
    until: 'hasta',
    statuses: { open: 'abiertos', in_review: 'en-revision', resolved: 'resueltos', unresolved: 'sin-resolver' } as Record<string, string>,
    types: { claim: 'reclamos', complaint: 'quejas' } as Record<string, string>,
    store: 'tienda',
    sheets: 'hojas',
  },
  en: {
    register: 'complaints-register',
    whole: 'all',
    since: 'from',
    until: 'to',
    statuses: { open: 'open', in_review: 'in-review', resolved: 'resolved', unresolved: 'unresolved' } as Record<string, string>,
    types: { claim: 'claims', complaint: 'complaints' } as Record<string, string>,
    store: 'store',
    sheets: 'sheets',
  },
} as const;

/** The file's name, without a folder: the book's selection, then ".csv". `storeName` names a store filter better than its id. */
export function registerFileName(selection: ExportSelection, storeName?: string): string {
  const words = WORDS[selection.language];
  const parts: string[] = [words.register, days(selection, words)];
  const status = selection.status === undefined ? undefined : words.statuses[selection.status];
  if (status !== undefined) parts.push(status);
  const type = selection.type === undefined ? undefined : words.types[selection.type];
  if (type !== undefined) parts.push(type);
  if (selection.storeId !== undefined) {
    const store = slug(storeName ?? '') || slug(selection.storeId.slice(0, 8));
    // "Tienda Arequipa Centro" names itself a store already.
    parts.push(/^(tienda|store)-/.test(store) ? store : `${words.store}-${store}`);
  }
  if (selection.sheets) parts.push(words.sheets);
  return `${parts.join('_')}.csv`;
}

function days(selection: ExportSelection, words: (typeof WORDS)[keyof typeof WORDS]): string {
  const from = selection.from?.slice(0, 10);
  const to = selection.to?.slice(0, 10);
  if (from !== undefined && to !== undefined) {
    // A whole calendar month is written as the month.
    if (from.endsWith('-01') && from.slice(0, 7) === to.slice(0, 7) && endOfMonth(from) === to) return from.slice(0, 7);
    return from === to ? from : `${from}_${to}`;
  }
  if (from !== undefined) return `${words.since}-${from}`;
  if (to !== undefined) return `${words.until}-${to}`;
  return words.whole;
}

/** Lower-case ASCII letters and digits, joined by "-": accents dropped ("Jesús María" is "jesus-maria"), at most 40 characters. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}
