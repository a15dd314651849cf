// The bench's side of bench/support/load-generator.mjs: one long-lived child process making the load
// (autocannon), so the servers measured in this process have the other core, and a run of two seconds costs
// no process start. Interleaved runs of two servers (interleave) compare the same moments of a busy machine.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  requestsPerSecond: number;
  /** This process's CPU time (user + system) per request answered during the measured runs, in µs: the
   * servers run here and the load generator in a child process, so this is the measured server's own cost.
   * Steadier than requests/s on a machine whose speed moves from one run to the next. NaN: not measured. */
  cpuMicrosPerRequest: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** A request's path and bearer token, for a load spread over many applicants. */
export interface Target {
  path: string;
  token: string;
}

export interface LoadOptions {
  method?: string | undefined;
  token: string;
  body?: unknown;
  /** Every request to the next of these (path on the server's origin, token) instead of `url` and `token`. */
  spreadOver?: Target[] | undefined;
}

interface Summary {
  total: number;
  seconds: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadGenerator {
  /** One run of `seconds`; kept under `label` for merge() unless label is null (a warm-up). */
  run(label: string | null, url: string, options: LoadOptions, seconds: number): Promise<LoadResult>;
  /** Every run kept under `label` as one result: requests summed, latency histograms merged. */
  merge(label: string): Promise<LoadResult>;
  close(): void;
}

export function startLoadGenerator(connections: number): LoadGenerator {
  const child: ChildProcess = fork(fileURLToPath(new URL('./load-generator.mjs', import.meta.url)), [], {
    // Plain node: the child is JavaScript, and tsx's loader would only slow its start.
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 0;
  const waiting = new Map<number, { resolve: (summary: Summary) => void; reject: (error: Error) => void }>();
  child.on('message', (answer: { id: number; summary: Summary }) => {
    waiting.get(answer.id)?.resolve(answer.summary);
    waiting.delete(answer.id);
  });
  // A load generator that dies (its error is on stderr) fails the bench instead of leaving it waiting.
  child.on('exit', (code) => {
    for (const { reject } of waiting.values()) reject(new Error(`the load generator exited (${code})`));
    waiting.clear();
  });
  const ask = (message: object) =>
    new Promise<Summary>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      child.send({ id, ...message }, (error) => error && reject(error));
    });
  const resultOf = (summary: Summary, cpuMicros: number): LoadResult => ({
    requestsPerSecond: summary.total / Math.max(summary.seconds, 1e-9),
    cpuMicrosPerRequest: cpuMicros / Math.max(1, summary.total),
    total: summary.total,
    p50: summary.p50,
    p99: summary.p99,
    non2xx: summary.non2xx,
    errors: summary.errors,
  });
  /** CPU of this process during the runs kept under each label (the servers' own work). */
  const cpuByLabel = new Map<string, number>();

  return {
    async run(label, url, options, seconds) {
      const origin = new URL(url).origin;
      const cpuBefore = process.cpuUsage();
      const summary = await ask({
        kind: 'run',
        label,
        url: options.spreadOver ? origin : url,
        method: options.method ?? 'GET',
        body: options.body,
        token: options.token,
        targets: options.spreadOver,
        connections,
        seconds,
      });
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMicros = cpu.user + cpu.system;
      if (label !== null) cpuByLabel.set(label, (cpuByLabel.get(label) ?? 0) + cpuMicros);
      return resultOf(summary, cpuMicros);
    },
    async merge(label) {
      const summary = await ask({ kind: 'merge', label });
      const cpuMicros = cpuByLabel.get(label) ?? Number.NaN;
      cpuByLabel.delete(label);
      return resultOf(summary, cpuMicros);
    },
    close() {
      child.disconnect();
    },
  };
}

export interface Interleaved {
  a: LoadResult;
  b: LoadResult;
  /** The requests/s ratio a / b of each round's two turns: how far the machine moved within the run. */
  roundRatios: number[];
}

/** The pause before each turn (see interleave). */
const settleMilliseconds = 200;

/**
 * Two servers measured at the same moments of a busy machine: after each has been warmed up, `rounds`
 * rounds of a run of `sliceSeconds` on each, the order swapped every round (a b, b a, a b, …) so neither
 * always has the later half of a round; each server's runs then merged (requests summed, latency histograms
 * merged). On a machine whose load changes from one second to the next, two runs one after the other
 * compared two different machines (issue 40: the same code measured 0.30 and 0.80 of its limit).
 */
export async function interleave(
  generator: LoadGenerator,
  servers: { a: string; b: string },
  options: LoadOptions,
  plan: { rounds: number; sliceSeconds: number; warmupSeconds: number },
): Promise<Interleaved> {
  if (plan.warmupSeconds > 0) {
    await generator.run(null, servers.a, options, plan.warmupSeconds);
    await generator.run(null, servers.b, options, plan.warmupSeconds);
  }
  const roundRatios: number[] = [];
  for (let round = 0; round < plan.rounds; round++) {
    const order = round % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    const slice: Partial<Record<'a' | 'b', LoadResult>> = {};
    for (const which of order) {
      // The requests a turn leaves in flight when its load stops are still worked on by their server:
      // they must not take the next turn's (the other server's) time.
      await new Promise((resolve) => setTimeout(resolve, settleMilliseconds));
      slice[which] = await generator.run(which, servers[which], options, plan.sliceSeconds);
    }
    const ratio = slice.a!.requestsPerSecond / slice.b!.requestsPerSecond;
    // A turn with no answer at all (a machine stalled for the whole second) gives no ratio.
    if (Number.isFinite(ratio) && ratio > 0) roundRatios.push(ratio);
  }
  return { a: await generator.merge('a'), b: await generator.merge('b'), roundRatios };
}
