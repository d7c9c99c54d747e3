// What the benchmarks read about a server process from Linux /proc: resident memory and CPU time.
import { readFile } from 'node:fs/promises';

const MB = 1024 * 1024;
/** USER_HZ: the unit of utime and stime in /proc/<pid>/stat; 100 on every mainstream Linux. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Resident set size (VmRSS) and its anonymous part (RssAnon: the heaps, stacks and compiled code;
 * not the file-backed pages of the node binary and its libraries, which every Node process maps
 * alike and the kernel can drop), in MB.
 */
export async function memoryMb(pid: number): Promise<{ rss: number; rssAnon: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const kilobytes = new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1];
    if (kilobytes === undefined) throw new Error(`${name} not found in /proc/${pid}/status`);
    return (Number(kilobytes) * 1024) / MB;
  };
  return { rss: field('VmRSS'), rssAnon: field('RssAnon') };
}

/** Resident set size (VmRSS), in MB. */
export async function rssMb(pid: number): Promise<number> {
  return (await memoryMb(pid)).rss;
}

/** User plus system CPU time the process has used, in ms. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; the fields after it are space-separated, utime and stime
  // being the 14th and 15th of the whole line (the 12th and 13th after the name).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The highest resident set size the process has had since it started (VmHWM), in MB. */
export async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`VmHWM not found in /proc/${pid}/status`);
  return (Number(kilobytes) * 1024) / MB;
}
