// A spawned server reads its own clock. What a test works out from "today" in this process agrees
// with what the server worked out only if both read the same day: the server's readings fall between
// the test's first and last, so when those are one day (in the time zone), so were the server's.
import { localDate } from '../../src/calendar/time-zone.js';

/**
 * Runs `check` with the current instant and its date in `timeZone`. When the check fails and the date
 * has changed since (midnight passed during the run), the server may have read either day: the check
 * runs once more, from the new day, which a run of seconds cannot see change again. Any other failure
 * is the check's own.
 */
export async function onOneDay(timeZone: string, check: (now: Date, today: string) => Promise<void>): Promise<void> {
  const now = new Date();
  try {
    await check(now, localDate(now, timeZone));
  } catch (error) {
    const later = new Date();
    if (localDate(later, timeZone) === localDate(now, timeZone)) throw error;
    await check(later, localDate(later, timeZone));
  }
}
