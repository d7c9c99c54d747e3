// What the load test reads about the server process from Linux /proc: resident memory and CPU time.
import { readFile } from 'node:fs/promises';

const MB = 1024 * 1024;
/** USER_HZ: the unit of utime and stime in /proc/<pid>/stat; 100 on every mainstream Linux. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Resident set size (VmRSS), in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`VmRSS not found in /proc/${pid}/status`);
  return (Number(kilobytes) * 1024) / MB;
}

/** User plus system CPU time the process has used, in ms. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; the fields after it are space-separated, utime and stime
  // being the 14th and 15th of the whole line (the 12th and 13th after the name).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
