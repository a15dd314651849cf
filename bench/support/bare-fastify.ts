import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { promisify } from 'node:util';
import Fastify from 'fastify';

// How fast this machine is, for every benchmark to print first (issue 40): bare Fastify answering one JSON
// body from memory — the HTTP stack alone, no database, no auth — loaded by autocannon in a child process,
// as bench/api-read.bench.ts measures it. The fast machine of issue 12 gave 66–72k requests/s, the slow one
// of issue 40 27–38k: a figure of any other bench is read against this one of the same run.

const run = promisify(execFile);

export interface BareFastifyFigure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/** Serves `body` as GET /loan-application/:id and loads it for `seconds` after `warmupSeconds`. */
export async function measureBareFastify(options: {
  body: string;
  seconds?: number;
  warmupSeconds?: number;
  connections?: number;
}): Promise<BareFastifyFigure> {
  const bare = Fastify({ logger: false });
  bare.get('/loan-application/:id', async (_request, reply) =>
    reply.type('application/json').send(options.body),
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/loan-application/bench`;
  const load = async (seconds: number) => {
    const { stdout } = await run(
      process.execPath,
      [
        'node_modules/autocannon/autocannon.js',
        '-c',
        String(options.connections ?? 50),
        '-d',
        String(seconds),
        '-j',
        url,
      ],
      { maxBuffer: 10_000_000 },
    );
    const result = JSON.parse(stdout) as {
      requests: { average: number };
      latency: { p50: number; p99: number };
    };
    return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  };
  try {
    if ((options.warmupSeconds ?? 2) > 0) await load(options.warmupSeconds ?? 2);
    return await load(options.seconds ?? 5);
  } finally {
    await bare.close();
  }
}

/** The line every bench prints first. */
export function bareFastifyLine(figure: BareFastifyFigure): string {
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  return (
    `this machine — bare Fastify, an application read's JSON from memory: ${figure.requestsPerSecond.toFixed(0)} req/s ` +
    `(p50 ${figure.p50} ms, p99 ${figure.p99} ms; load average ${load} on ${cpus().length} cores; ` +
    'the fast machine of issue 12 gave 66–72k req/s, the slow one of issue 40 27–38k)'
  );
}
