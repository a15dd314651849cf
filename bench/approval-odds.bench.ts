// Benchmark of POST /approval-odds (issue 35 item 1, docs/decisions/0074): goal p99 < 300 ms with 12 or more
// lenders on the 2-core machine.
//
//   npm run bench:approval-odds
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=4 BENCH_LENDERS=12 BENCH_WARMUP_SECONDS=2
//
// The API (buildApp, PGlite, logs at warn) with a Swedish panel of BENCH_LENDERS lenders (the built-in
// Swedish profiles repeated under new ids), every one called over HTTP through the lender API's soft
// pre-qualification at the sandbox lender server (in this process, no extra delay): each request is a fan-out
// of BENCH_LENDERS signed HTTP calls. Public calls are rate-limited per client, so the load (autocannon in a
// child process, the other core) comes from many client addresses through X-Forwarded-For (TRUST_PROXY on).
// It prints the bare-Fastify figure FIRST (how fast this machine is: the same JSON from memory), the load
// average, then requests/s and p50/p99 of the odds call beside the goal.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { type LenderProfile, lenderPanel } from '@nordloan/domain/lending/lender-panel';
import Fastify, { type FastifyInstance } from 'fastify';
import { lenderEndpointSchema } from '../apps/api/src/config.ts';
import { startLenderSandbox } from '../apps/api/src/dev/lender-sandbox/lender-sandbox.ts';
import { createSimulatedLenderPanel } from '../apps/api/src/dev/lender-sandbox/simulated-lender.ts';
import {
  closeHttpLenders,
  withHttpLenders,
} from '../apps/api/src/modules/lending/lender-api/http-lender-panel.ts';
import { credentialsOf } from '../apps/api/src/modules/lending/lender-api/lender-credentials.ts';
import { createTestApp } from '../apps/api/src/test/test-app.ts';

const run = promisify(execFile);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const lenderCount = Number(process.env.BENCH_LENDERS ?? 12);

const body = {
  Brand: 'se-main',
  Amount: 120_000,
  Duration: 6,
  GrossYearlyIncome: 540_000,
  NetMonthlyIncome: 33_000,
  HousingCostMonthly: 7_500,
  DebtBalance: 20_000,
  DebtMonthlyPayments: 900,
};

/** BENCH_LENDERS Swedish unsecured-loan lenders: the built-in ones, then copies under new ids. */
function swedishPanel(count: number): LenderProfile[] {
  const base = lenderPanel.filter(
    (lender) => lender.country === 'SE' && lender.products.includes('UnsecuredLoan') && !lender.disabled,
  );
  return Array.from({ length: count }, (_, index) => {
    const profile = base[index % base.length]!;
    return index < base.length
      ? profile
      : { ...profile, id: `${profile.id}-bench-${index}`, name: `${profile.name} ${index + 1}` };
  });
}

interface Result {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

// autocannon in a child process; each request from another client address (the public rate limit).
const loader = `
import autocannon from 'autocannon';
const o = JSON.parse(process.argv[1]);
let n = 0;
const result = await autocannon({
  url: o.url, connections: o.connections, duration: o.seconds,
  requests: [{ method: 'POST', body: JSON.stringify(o.body), setupRequest(r) {
    n++;
    return { ...r, headers: { ...r.headers, 'content-type': 'application/json',
      'x-forwarded-for': '10.' + ((n >> 16) & 255) + '.' + ((n >> 8) & 255) + '.' + (n & 255) } };
  } }],
});
process.stdout.write(JSON.stringify(result));
`;

async function load(url: string, duration: number): Promise<Result> {
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '-e', loader, JSON.stringify({ url, connections, seconds: duration, body })],
    { maxBuffer: 10_000_000, cwd: process.cwd() },
  );
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function measure(url: string): Promise<Result> {
  if (warmupSeconds > 0) await load(url, warmupSeconds);
  return load(url, seconds);
}

async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const format = (r: Result) =>
  `${Math.round(r.requestsPerSecond)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms` +
  (r.non2xx || r.errors ? ` (non-2xx ${r.non2xx}, errors ${r.errors})` : '');

async function main() {
  const lenders = swedishPanel(lenderCount);
  const sandbox = await startLenderSandbox({ seed: 42, delayScale: 0, lenders });
  const credentials = credentialsOf({}, { sandboxSecrets: true });
  const panel = withHttpLenders(
    createSimulatedLenderPanel({ seed: 42, delayScale: 0, failures: false, lenders }),
    {
      endpoints: new Map(
        lenders.map((lender) => [
          lender.id,
          lenderEndpointSchema.parse({
            url: sandbox.urlOf(lender.id),
            simulation: true,
            ratePerSecond: 1_000,
            burst: 1_000,
          }),
        ]),
      ),
      credentials,
    },
  );
  const api = await createTestApp({
    config: { trustProxy: true, logLevel: 'warn' },
    deps: { panel, lenderCredentials: credentials },
  });
  const apiUrl = await listenOn(api.app);
  const check = await fetch(`${apiUrl}/approval-odds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await check.json()) as { Lenders: Array<{ Likelihood: string }> };
  const estimates = answer.Lenders.filter((lender) => lender.Likelihood !== 'no-estimate').length;
  if (check.status !== 200 || answer.Lenders.length !== lenderCount)
    throw new Error(`the odds call answered ${check.status} with ${answer.Lenders?.length} lenders`);

  const bare = Fastify({ logger: false });
  const bareBody = JSON.stringify(answer);
  bare.post('/approval-odds', async (_request, reply) => reply.type('application/json').send(bareBody));
  const bareUrl = await listenOn(bare);

  console.log(
    `approval odds: ${lenderCount} lenders over HTTP (${estimates} estimates in the check call), ${connections} connections, ${seconds} s`,
  );
  const machine = await measure(`${bareUrl}/approval-odds`);
  console.log(`this machine — bare Fastify, the odds JSON from memory: ${format(machine)}`);
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const odds = await measure(`${apiUrl}/approval-odds`);
  console.log(`nordloan POST /approval-odds: ${format(odds)}`);
  console.log(
    `goal p99 < 300 ms with 12+ lenders: ${odds.p99 < 300 && lenderCount >= 12 ? 'met' : 'NOT met'} (p99 ${odds.p99} ms)`,
  );

  await bare.close();
  await api.close();
  closeHttpLenders(panel);
  await sandbox.close();
}

await main();
