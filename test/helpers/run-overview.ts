// complaints_overview run directly over a reader the test gives, as server.ts runs it for a call:
// arguments parsed by the tool's own schema, no gate, no deadline, nothing masked.

import { z } from 'zod';
import { RecentReadings } from '../../src/api/recent-readings.js';
import type { ComplaintsReader } from '../../src/contract/operations.js';
import type { Clock } from '../../src/domain/clock.js';
import { complaintsOverview } from '../../src/tools/complaints-overview.js';
import { NO_REGISTER } from './no-register.js';

export function runOverview(reader: ComplaintsReader, input: Record<string, unknown>, clock: Clock) {
  const args = z.object(complaintsOverview.inputSchema).parse(input);
  return complaintsOverview.run(args, {
    api: async () => reader,
    clock,
    redactPii: false,
    signal: new AbortController().signal,
    progress: () => undefined,
    readBook: (read) => read(),
    listReadings: new RecentReadings().of('member'),
    language: 'es',
    register: NO_REGISTER,
  });
}
