import { readdirSync, readFileSync } from 'node:fs';

// CPU time of other processes (Linux /proc), for benches whose work is spread over several: the API, the
// sandbox lender, PostgreSQL. utime + stime, fields 14 and 15 of proc_pid_stat(5), in clock ticks (100 a
// second on Linux); the fields after the command name, which may itself hold spaces, are read from its ')'.

const ticksPerSecond = 100;

function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** User + system CPU seconds process `pid` has used so far; NaN where there is no /proc or it is gone. */
export function processCpuSeconds(pid: number | undefined): number {
  try {
    return ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8')) / ticksPerSecond;
  } catch {
    return Number.NaN;
  }
}

/** The postgres processes of this machine (the local server): CPU ticks so far, and each one's title. */
export type PostgresCpuSnapshot = Map<number, { ticks: number; title: string }>;

export function postgresCpuSnapshot(): PostgresCpuSnapshot {
  const snapshot: PostgresCpuSnapshot = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!name.startsWith('postgres')) continue;
      // A backend's title: "postgres: <user> <database> <client> <state>" (update_process_title).
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      snapshot.set(Number(entry), { ticks: ticksOf(stat), title });
    } catch {}
  }
  return snapshot;
}

/**
 * CPU seconds the postgres processes used between two snapshots, per process, so that one that ended in
 * between (another session's backend, on a shared machine) counts nothing rather than taking its whole past
 * off the sum: `all` of them, and `database`'s backends alone (those whose title names it — the bench's own
 * work, without the other sessions' databases; the server's background processes are not in it). NaN: no
 * postgres process seen.
 */
export function postgresCpuSince(
  before: PostgresCpuSnapshot,
  after: PostgresCpuSnapshot,
  database: string,
): { all: number; database: number } {
  if (after.size === 0) return { all: Number.NaN, database: Number.NaN };
  let all = 0;
  let ofDatabase = 0;
  for (const [pid, { ticks, title }] of after) {
    const used = Math.max(0, ticks - (before.get(pid)?.ticks ?? 0));
    all += used;
    if (title.split(' ').includes(database)) ofDatabase += used;
  }
  return { all: all / ticksPerSecond, database: ofDatabase / ticksPerSecond };
}
