/**
 * What Linux's /proc tells about a process: resident memory, CPU time, open-file limits.
 * The bench reads the servers from outside, so no server needs a route for it.
 */
import { readFileSync } from 'node:fs';

/**
 * Resident set size of process `pid` in KiB (`VmRSS` of /proc/<pid>/status).
 * @throws Error when the process is gone or the line is missing
 */
export function rssKiB(pid: number): number {
  return statusField(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
}

/** The KiB value of one `Name:   123 kB` line of a /proc status text. */
export function statusField(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match) throw new Error(`/proc status has no ${name} line`);
  return Number(match[1]);
}

/** User plus system CPU time of process `pid`, in seconds (/proc/<pid>/stat fields 14 and 15, at 100 ticks a second). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; fields after it are plain.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** This process's open-file limits (`Max open files` of /proc/self/limits); Infinity for unlimited. */
export function openFileLimits(): { soft: number; hard: number } {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line ?? '').replace('Max open files', '').trim().split(/\s+/);
  const value = (v: string | undefined) => (v === 'unlimited' ? Infinity : Number(v));
  return { soft: value(soft), hard: value(hard) };
}
