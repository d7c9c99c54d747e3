// Preload for server processes under test (NODE_OPTIONS=--import <file URL of this file>): keeps
// every test on loopback. Names under the reserved .invalid domain (RFC 6761) fail the way
// getaddrinfo fails for an unknown name (ENOTFOUND), without any DNS query leaving the machine;
// every other name goes to the original lookup. Each decision is written to stderr as a marker line,
// so a test can prove that the process really resolved through this lookup, and count the attempts.
//
// OFFLINE_DNS_HEAL_FILE: while the named file exists, .invalid names resolve to 127.0.0.1 instead,
// so a test can show the same process recovering once the name resolves again.
import dns from 'node:dns';
import { existsSync } from 'node:fs';

const REFUSED_MARKER = 'offline-dns: refused';
const RESOLVED_MARKER = 'offline-dns: resolved';

const originalLookup = dns.lookup;
const originalPromisesLookup = dns.promises.lookup;
const healFile = process.env.OFFLINE_DNS_HEAL_FILE;

const isOffline = (hostname) => typeof hostname === 'string' && /(^|\.)invalid\.?$/i.test(hostname);
const healed = () => Boolean(healFile) && existsSync(healFile);

function notFound(hostname) {
  // The shape Node gives a getaddrinfo failure: code and errno, syscall, hostname.
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    errno: -3008,
    code: 'ENOTFOUND',
    syscall: 'getaddrinfo',
    hostname,
  });
}

/** What the lookup answers for an offline name: an error, or loopback once healed. */
function decide(hostname) {
  if (healed()) {
    process.stderr.write(`${RESOLVED_MARKER} ${hostname} to 127.0.0.1\n`);
    return { address: '127.0.0.1', family: 4 };
  }
  process.stderr.write(`${REFUSED_MARKER} ${hostname}\n`);
  return notFound(hostname);
}

function offlineLookup(hostname, options, callback) {
  if (!isOffline(hostname)) return originalLookup.call(dns, hostname, options, callback);
  if (typeof options === 'function') {
    callback = options;
    options = {};
  }
  const all = typeof options === 'object' && options !== null && options.all === true;
  const answer = decide(hostname);
  // Asynchronous, as the real lookup is.
  process.nextTick(() => {
    if (answer instanceof Error) callback(answer);
    else if (all) callback(null, [answer]);
    else callback(null, answer.address, answer.family);
  });
}

async function offlinePromisesLookup(hostname, options) {
  if (!isOffline(hostname)) return originalPromisesLookup.call(dns.promises, hostname, options);
  const answer = decide(hostname);
  if (answer instanceof Error) throw answer;
  return typeof options === 'object' && options !== null && options.all === true ? [answer] : answer;
}

dns.lookup = offlineLookup;
dns.promises.lookup = offlinePromisesLookup;
