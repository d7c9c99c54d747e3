// Environment -> Config. The one place that reads process.env (through the `env` argument).
//
// A bad or missing setting does not stop the server: MCP clients show a dead server badly, so the
// server starts, warns once on stderr, and every tool call answers with the problem instead.
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_SHEETS, MAX_REGISTER_ROWS } from './export/selection.js';
import { holdsKey } from './key-echo.js';
import { gotValue, holdsKeyShape, looksLikeToken, wrappedInQuotes } from './key-shape.js';
import { LOG_LEVELS, type LogFormat, type LogLevel } from './log.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './prompts/language.js';

export interface Config {
  /** The member's personal key, or undefined when it is missing or malformed (see `problems`). */
  apiKey: string | undefined;
  /** Base URL of the service, without `/api/v1`; undefined when missing or malformed. */
  apiUrl: string | undefined;
  /** Bounds each request to the service, retries included (a tool call may make several). */
  timeoutMs: number;
  /** IANA time zone in which relative periods and days left are computed. */
  timeZone: string;
  /** Mask the consumer's document numbers, tax ids, e-mails, phones and addresses in every result. */
  redactPii: boolean;
  /** COMPLAINTS_LANGUAGE: the language of a report prompt not given one (es or en). */
  language: Language;
  /**
   * COMPLAINTS_ANSWER_GUIDE: the path of the business's guide for drafting answers, absolute ("~/"
   * expanded), or as given when relative: then warned of here, and refused where it is read, each time
   * a prompt is built. Undefined when unset.
   */
  answerGuide: string | undefined;
  /**
   * COMPLAINTS_EXPORT_DIR: the folder export_complaints writes registers to over stdio, absolute ("~/"
   * expanded), or as given when relative (warned of here, refused when a register is written).
   * Undefined when unset: the Downloads folder, else the home folder (export/file-delivery.ts).
   */
  exportDir: string | undefined;
  /** COMPLAINTS_MAX_SHEETS: records a register with each sheet's content holds at most. */
  exportMaxSheets: number;
  /** COMPLAINTS_LOG_LEVEL and COMPLAINTS_LOG_FORMAT. */
  logLevel: LogLevel;
  logFormat: LogFormat;
  /** Human-readable reasons why tool calls cannot reach the API; empty when all is well. */
  problems: string[];
  /** Settings that were ignored (their default applies); tool calls still work. */
  warnings: string[];
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_TIME_ZONE = 'America/Lima';
export const KEY_PREFIX = 'or_';

/** The characters of a key: visible ASCII, as a header carries it (RFC 9110's field value, without spaces). */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
/** The words a flag accepts, in any case; its problem lists them all. */
export const FLAG_WORDS = { true: ['true', 'yes', 'on', '1'], false: ['false', 'no', 'off', '0'] } as const;

const timeoutSchema = z.coerce
  .number({ error: 'must be a number of milliseconds' })
  .int('must be a whole number of milliseconds')
  .min(100, 'must be at least 100 ms')
  .max(120_000, 'must be at most 120000 ms (MCP clients give up on a call after about 60 s)');

const urlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((url) => url.replace(/\/+$/, ''))
  .refine((url) => !/\/api\/v1$/.test(url), 'must not end in /api/v1 (the server adds it)')
  // The paths are appended to the base URL: a query or a fragment would end up in the middle.
  .refine((url) => !/[?#]/.test(url), 'must be a base URL without a query (?...) or fragment (#...)');

function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The sign-in's secrets (serve --http), which no message may quote, even in part. */
export function tokenSecretsIn(env: Record<string, string | undefined>): string[] {
  return (readSetting(env, 'COMPLAINTS_HTTP_TOKEN_SECRET') ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '');
}

/** A setting's value, trimmed; an empty value counts as unset. */
export function readSetting(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

/**
 * Reads the settings from an environment such as process.env. Never throws. With `keyFrom: 'request'`
 * (serve --http) each request brings its member's key, so a key in the environment is a problem: a
 * shared server must hold none of its own.
 */
export function loadConfig(env: Record<string, string | undefined>, keyFrom: 'environment' | 'request' = 'environment'): Config {
  const problems: string[] = [];
  const setting = (name: string) => readSetting(env, name);
  let apiKey = setting('COMPLAINTS_API_KEY');
  // The key as set, even when refused below: a wrong key is a secret too, and no message quotes it in another setting.
  const keySet = apiKey;
  const secrets = tokenSecretsIn(env);
  const got = (value: string) => gotValue(value, { key: keySet, secrets });

  if (keyFrom === 'request') {
    if (apiKey !== undefined) {
      problems.push(
        'COMPLAINTS_API_KEY must not be set for serve --http: each member sends their own key with every request (Authorization: Bearer), and the shared server holds none. Unset it.',
      );
    }
    apiKey = undefined;
  } else if (apiKey === undefined) {
    problems.push('COMPLAINTS_API_KEY is not set: set it to your personal API key (it starts with "or_").');
  } else if (wrappedInQuotes(apiKey)) {
    // Refused, not unwrapped: the value is not what the member meant to set, and nothing is sent.
    problems.push(
      'COMPLAINTS_API_KEY is wrapped in quotation marks: remove them, so that the value is the key alone, starting with "or_" (the quotes of a shell line or a JSON string are not part of it).',
    );
    apiKey = undefined;
  } else if (!apiKey.startsWith(KEY_PREFIX)) {
    // The value is a secret even when it is wrong: never echo it.
    problems.push('COMPLAINTS_API_KEY does not look like an API key: keys start with "or_".');
    apiKey = undefined;
  } else if (!VISIBLE_ASCII.test(apiKey)) {
    // No HTTP header can carry it: the request would fail before it is sent, and read as the network's fault.
    problems.push(
      'COMPLAINTS_API_KEY holds a character an API key never has (a space, a line break, a typographic dash or quote, an accented letter): copy the key again from the dashboard, as plain text.',
    );
    apiKey = undefined;
  }

  let apiUrl: string | undefined;
  const rawUrl = setting('COMPLAINTS_API_URL');
  if (rawUrl === undefined) {
    problems.push('COMPLAINTS_API_URL is not set: set it to the base URL of the complaints service, without /api/v1.');
  } else if (holdsKeyShape(rawUrl, true) || (keySet !== undefined && holdsKey(rawUrl, keySet))) {
    // A key in the URL (a query parameter, or pasted into the wrong variable, in any form) would be
    // shown wherever the URL is, and sent to whoever answers it (a host name is even asked of the DNS).
    problems.push(
      'COMPLAINTS_API_URL must not contain the API key (it holds a value that looks like one; it is not shown): give the key in COMPLAINTS_API_KEY, which is sent in the Authorization header, and the URL without it.',
    );
  } else if (URL.canParse(rawUrl) && (new URL(rawUrl).username !== '' || new URL(rawUrl).password !== '')) {
    // Credentials in the URL would be shown wherever the URL is (errors, the check command): never echo it.
    problems.push('COMPLAINTS_API_URL must not contain a user name or password: the API key is the only credential.');
  } else {
    const parsed = urlSchema.safeParse(rawUrl);
    if (parsed.success) apiUrl = parsed.data;
    else problems.push(`COMPLAINTS_API_URL ${parsed.error.issues[0]?.message ?? 'is invalid'} (${got(rawUrl)}).`);
  }

  let timeoutMs = DEFAULT_TIMEOUT_MS;
  const rawTimeout = setting('COMPLAINTS_TIMEOUT_MS');
  if (rawTimeout !== undefined) {
    const parsed = timeoutSchema.safeParse(rawTimeout);
    if (parsed.success) timeoutMs = parsed.data;
    else problems.push(`COMPLAINTS_TIMEOUT_MS ${parsed.error.issues[0]?.message ?? 'is invalid'} (${got(rawTimeout)}).`);
  }

  let timeZone = DEFAULT_TIME_ZONE;
  const rawZone = setting('COMPLAINTS_TIMEZONE');
  if (rawZone !== undefined) {
    if (isValidTimeZone(rawZone)) timeZone = rawZone;
    else problems.push(`COMPLAINTS_TIMEZONE must be an IANA time zone such as America/Lima (${got(rawZone)}).`);
  }

  let redactPii = false;
  const rawRedact = setting('COMPLAINTS_REDACT_PII');
  if (rawRedact !== undefined) {
    const flag = parseFlag(rawRedact);
    // An unreadable value fails closed: the member asked for redaction in some form.
    if (flag === undefined)
      problems.push(`COMPLAINTS_REDACT_PII must be ${FLAG_WORDS.true.join('/')} (mask personal data) or ${FLAG_WORDS.false.join('/')} (${got(rawRedact)}).`);
    redactPii = flag ?? true;
  }

  // Logging settings never stop tool calls: a bad value falls back to the default, with a warning.
  // A value is compared lower-cased but quoted as written, which is what the key check reads: the key
  // in base64, lower-cased, is no longer base64 a check could decode.
  const warnings: string[] = [];
  const choice = <T extends string>(name: string, choices: readonly T[], fallback: T, rule: string): T => {
    const raw = setting(name);
    if (raw === undefined) return fallback;
    const chosen = choices.find((candidate) => candidate === raw.toLowerCase());
    if (chosen === undefined) warnings.push(`${name} must be ${rule} (${got(raw)}); using ${fallback}.`);
    return chosen ?? fallback;
  };
  // A shared server's operator reads its log: it says when it listens and stops (info) by default.
  const defaultLevel: LogLevel = keyFrom === 'request' ? 'info' : 'warn';
  const logLevel = choice('COMPLAINTS_LOG_LEVEL', LOG_LEVELS, defaultLevel, `one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = choice<LogFormat>('COMPLAINTS_LOG_FORMAT', ['text', 'json'], 'text', 'text or json');
  // Nor does the language of reports: a prompt can always be given one.
  const language = choice('COMPLAINTS_LANGUAGE', LANGUAGES, DEFAULT_LANGUAGE, LANGUAGES.join(' or '));
  // Nor does the answer guide: a draft can be written without it.
  // A relative path is kept, so that each draft says why it has no guide (a log line reaches few members).
  const rawGuide = setting('COMPLAINTS_ANSWER_GUIDE');
  const absoluteGuide = rawGuide === undefined ? undefined : absolutePath(rawGuide);
  if (rawGuide !== undefined && absoluteGuide === undefined)
    warnings.push(`COMPLAINTS_ANSWER_GUIDE must be an absolute path, or start with ~/ for your home folder (${got(rawGuide)}); no answer guide is used.`);
  const answerGuide = absoluteGuide ?? (holdsKeyShape(rawGuide ?? '') || looksLikeToken(rawGuide ?? '') ? undefined : rawGuide);

  // Nor does the export folder: the other tools work without it, and a register says why it was not
  // written. A value holding the key is kept as "" (relative: refused where a register is written,
  // never quoted); a relative one as given, to be refused there by name.
  // serve --http writes no file (registers are download links): its setting is not read.
  const rawExportDir = keyFrom === 'request' ? undefined : setting('COMPLAINTS_EXPORT_DIR');
  let exportDir = rawExportDir === undefined ? undefined : absolutePath(rawExportDir);
  if (
    rawExportDir !== undefined &&
    (holdsKeyShape(rawExportDir, true) || looksLikeToken(rawExportDir) || (keySet !== undefined && holdsKey(rawExportDir, keySet)))
  ) {
    warnings.push('COMPLAINTS_EXPORT_DIR holds what looks like an API key (it is not shown): set it to a folder; registers are not written until it is.');
    exportDir = '';
  } else if (rawExportDir !== undefined && exportDir === undefined) {
    warnings.push(
      `COMPLAINTS_EXPORT_DIR must be an absolute path, or start with ~/ for your home folder (${got(rawExportDir)}); registers are not written until it is.`,
    );
    exportDir = rawExportDir;
  }

  let exportMaxSheets = DEFAULT_MAX_SHEETS;
  const rawMaxSheets = setting('COMPLAINTS_MAX_SHEETS');
  if (rawMaxSheets !== undefined) {
    if (/^\d+$/.test(rawMaxSheets) && Number(rawMaxSheets) >= 1 && Number(rawMaxSheets) <= MAX_REGISTER_ROWS) exportMaxSheets = Number(rawMaxSheets);
    else warnings.push(`COMPLAINTS_MAX_SHEETS must be a whole number from 1 to ${MAX_REGISTER_ROWS} (${got(rawMaxSheets)}); using ${DEFAULT_MAX_SHEETS}.`);
  }

  return {
    apiKey,
    apiUrl,
    timeoutMs,
    timeZone,
    redactPii,
    language,
    answerGuide,
    exportDir,
    exportMaxSheets,
    logLevel,
    logFormat,
    problems,
    warnings,
  };
}

/**
 * A path setting made absolute: "~/" expanded to the home folder (Claude Desktop and other clients
 * pass env as written, with no shell to expand it). A relative path gives undefined: it would be read
 * from whatever folder the client happens to start the server in. No file is touched here.
 */
function absolutePath(raw: string): string | undefined {
  const expanded = raw.startsWith('~/') ? join(homedir(), raw.slice(2)) : raw;
  return isAbsolute(expanded) ? resolve(expanded) : undefined;
}

export function parseFlag(value: string): boolean | undefined {
  const text = value.toLowerCase();
  if ((FLAG_WORDS.true as readonly string[]).includes(text)) return true;
  if ((FLAG_WORDS.false as readonly string[]).includes(text)) return false;
  return undefined;
}
