// service-calls.ts: which messages of a request may send its key to the service, and so spend the
// budget of a key the service has not accepted. Every way to reach it counts; lists and notifications do not.
import { describe, expect, it } from 'vitest';
import { callsReachingService } from '../../src/http/service-calls.js';

const message = (method: unknown, id: number | undefined = 1) => ({ jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method });

describe('callsReachingService', () => {
  it.each(['initialize', 'INITIALIZE', ' Initialize ', 'tools/call', 'resources/read', 'prompts/get', 'completion/complete', 'some/unknown'])(
    'counts %j',
    (method) => {
      expect(callsReachingService(message(method))).toBe(1);
      expect(callsReachingService(message(method, undefined))).toBe(1);
    },
  );

  it.each(['ping', 'tools/list', 'Tools/List', 'resources/list', 'resources/templates/list', 'prompts/list', 'logging/setLevel', 'notifications/initialized'])(
    'does not count %j, answered here',
    (method) => {
      expect(callsReachingService(message(method))).toBe(0);
    },
  );

  it('counts each message of a batch that may reach the service, and nothing that is not a request', () => {
    const batch = [
      message('tools/call', 1),
      message('tools/list', 2),
      message('tools/call', 3),
      message('initialize', 4),
      { jsonrpc: '2.0', id: 5, result: {} },
      null,
      7,
      message(42),
    ];
    expect(callsReachingService(batch)).toBe(3);
    expect(callsReachingService('tools/call')).toBe(0);
  });
});
