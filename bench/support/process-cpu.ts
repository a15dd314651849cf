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

/** User + system CPU seconds of every process named postgres* on this machine (the local server); NaN: none. */
export function postgresCpuSeconds(): number {
  let ticks = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!name.startsWith('postgres')) continue;
    ticks += ticksOf(stat);
    found = true;
  }
  return found ? ticks / ticksPerSecond : Number.NaN;
}
