// How much of the machine something else used while a target was measured: on a 2-core box a
// test run or a build in the background halves the figures, and req/s alone cannot tell a slow
// server from a busy machine. Linux only (reads /proc); elsewhere it reports nothing.
import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime of a process in clock ticks (1/100 s on Linux); 0 if it is gone. */
export function ticksOf(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are fields 14, 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** PostgreSQL's processes do the database half of our requests: they count as ours. */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Busy ticks of the whole machine; hypervisor steal counts, it is CPU we did not get. */
function machineTicks(): { busy: number; total: number } {
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = (
    readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  )
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return {
    busy: user + nice + system + steal,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

/**
 * Starts counting; the returned function gives the share (0–100) of all the machine's CPU that
 * processes other than ours (this one, `ownPids`, and PostgreSQL when `withPostgres`) used
 * since, or null where /proc cannot be read.
 */
export function startOtherLoad(ownPids: number[], withPostgres: boolean): () => number | null {
  try {
    const ours = () => ['self' as const, ...ownPids, ...(withPostgres ? postgresPids() : [])];
    const before = new Map(ours().map((pid) => [pid, ticksOf(pid)]));
    const machineBefore = machineTicks();
    return () => {
      const machine = machineTicks();
      // A process that appeared since (a new database connection) counts from zero.
      const own = ours().reduce<number>(
        (sum, pid) => sum + ticksOf(pid) - (before.get(pid) ?? 0),
        0,
      );
      const total = machine.total - machineBefore.total;
      const others = machine.busy - machineBefore.busy - own;
      return total > 0 ? Math.max(0, (100 * others) / total) : null;
    };
  } catch {
    return () => null;
  }
}
