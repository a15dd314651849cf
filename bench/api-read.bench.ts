// Benchmark of the API's hot calls against the limit of its own stack (issue 12, goal 1).
//
//   npm run bench:api-read                     PostgreSQL at 127.0.0.1:5432 (a fresh database, dropped after)
//   BENCH_DATABASE_URL=postgres://…/postgres   another server (the bench creates and drops its own database)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50      each server's measured time and concurrent connections
//   BENCH_SLICE_SECONDS=1                      nordloan and its limit measured in turns of this length,
//                                              BENCH_SECONDS / this rounds, the order swapped every round;
//                                              0: one run of BENCH_SECONDS each, one after the other (before
//                                              issue 40)
//   BENCH_WARMUP_SECONDS=3                     load before each server's first measured turn, not counted (0: none)
//   BENCH_CPU_PROFILE=/tmp/read                V8 CPU profile of nordloan's measured runs only
//                                              (/tmp/read-<call>.cpuprofile; skips the limit and bare runs)
//   BENCH_ONLY=read|list|quotes|patch|patch-own   one call only; BENCH_PROFILE=1 skips the limit and bare runs
//   BENCH_APPLICANTS=200                       applicants of `patch-own` (default 4 × connections), each
//                                              PATCHing their own application (the goal's PATCH figure;
//                                              `patch` sends every connection to one application)
//
// For each call it serves, on the same machine:
//   nordloan  — the real API (buildApp, logs at warn), an applicant's bearer token;
//   limit     — Fastify + ES256 verification cached per token + ONE indexed query for the same data,
//               the stack's limit for that call (what nordloan could reach with no overhead of its own);
//   bare      — Fastify answering the same JSON from memory (the HTTP stack alone; for the application read).
// nordloan and its limit are measured interleaved (issue 40): after a warm-up of each, turns of
// BENCH_SLICE_SECONDS on one then the other, the order swapped every round, and per server the requests
// summed and the latency histograms merged — so each ratio compares the same moments of a machine whose
// load moves (two runs 13 s apart gave the same code 0.30 and 0.80 of its limit).
// The load comes from autocannon in one child process (bench/support/load-generator.mjs; the other core);
// this process runs the servers.
// It prints the bare-Fastify figure FIRST (how fast this machine is: 66–72k req/s on the fast machine of
// issue 12, 27–38k on the slow one of issue 40), the load average, then per call requests/s, p50/p99
// latency and CPU per request of both, the ratio nordloan / limit of requests/s (goal ≥ 0.8 for the reads;
// with the lowest and highest ratio of one round's two turns) and of p99 (goal ≤ 1.3), each beside its
// goal, and a summary of the goals at the end.
//
//   BENCH_INSTANCES=2 npm run bench:api-read    scale-out (issue 12 goal 5, docs/decisions/0035): the
//   authorised application read against real API processes (apps/api/dist/server.js) on one database —
//   one instance directly, one behind HAProxy with deploy/haproxy.cfg (its own cost; ADR 0070), and n
//   behind it —
//   with requests/s, p50/p99, the gain of n instances over one and each process's peak resident memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { installHint, missingProxies, startHaproxy } from '../apps/api/src/cluster/proxies.ts';
import { createApiBenchWorld, createClusterBenchWorld } from './support/api-bench-world.ts';
import {
  interleave,
  type LoadOptions,
  type LoadResult,
  startLoadGenerator,
} from './support/load-generator.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// Every server is loaded this long before it is measured (BENCH_WARMUP_SECONDS=0: not at all). Cold, the
// first server of a run was measured with V8 still compiling its hot path — and the code it shares with the
// servers measured after it (Fastify, node-postgres, http) — which took over a second of a ten-second run
// and put more than 1 % of its requests over 20 ms.
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// nordloan and its limit measured in turns of this many seconds (issue 40): BENCH_SECONDS of each in
// rounds of one turn each, the order swapped every round. 0: one run of BENCH_SECONDS each, one after the other.
// One second, not two: at a load average of 17 one round's two turns of 2 s still differed by 0.22–1.04 of each
// other (bursts of the other processes); ten shorter rounds average more of those bursts out of the ratio.
const sliceSeconds = Number(process.env.BENCH_SLICE_SECONDS ?? 1);
const rounds = sliceSeconds > 0 ? Math.max(1, Math.round(seconds / sliceSeconds)) : 1;
const turnSeconds = sliceSeconds > 0 ? sliceSeconds : seconds;

// The load generator: autocannon in one child process for the whole bench (the other core).
const generator = startLoadGenerator(connections);

/** One run of the load, not counted anywhere else; no CPU figure (the server may be another process). */
async function load(url: string, options: LoadOptions & { seconds?: number }): Promise<LoadResult> {
  const result = await generator.run(null, url, options, options.seconds ?? seconds);
  return { ...result, cpuMicrosPerRequest: Number.NaN };
}

/** A run of `seconds` after a warm-up load of the same call that is not counted, with this process's CPU. */
async function measure(url: string, options: LoadOptions, profileTo?: string): Promise<LoadResult> {
  if (warmupSeconds > 0) await load(url, { ...options, seconds: warmupSeconds });
  const profiler = profileTo ? await startCpuProfile() : undefined;
  const result = await generator.run(null, url, options, seconds);
  if (profiler && profileTo) await profiler.stopInto(profileTo);
  return result;
}

/**
 * A V8 CPU profile of this process over the measured run only (BENCH_CPU_PROFILE): `node --cpu-prof` would
 * also hold the setup and the warm-up. Open the file in Chrome's DevTools (Performance) or speedscope.
 */
async function startCpuProfile() {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, answer) => (error ? reject(error) : resolve(answer))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    async stopInto(path: string) {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(path, JSON.stringify(profile));
      session.disconnect();
      console.log(`  (CPU profile of the measured run: ${path})`);
    },
  };
}

async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const format = (result: LoadResult) =>
  `${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  ` +
  `p99 ${String(result.p99).padStart(4)} ms` +
  (Number.isNaN(result.cpuMicrosPerRequest)
    ? ''
    : `  ${result.cpuMicrosPerRequest.toFixed(0).padStart(4)} µs CPU/request`) +
  `${result.non2xx + result.errors ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`;

/**
 * BENCH_INSTANCES=n: the application read against one instance directly, then behind HAProxy with 1, 2, … n
 * instances, each reaching PostgreSQL through PgBouncer in transaction mode (issue 37; BENCH_PGBOUNCER=0
 * goes direct, BENCH_PGBOUNCER_POOL sets its pool, 10): requests/s, p99, and PostgreSQL's connections to the
 * database sampled in the middle of each run — bounded by PgBouncer's pool, not by the number of instances.
 */
async function scaleOut(instanceCount: number) {
  if (missingProxies().length > 0)
    throw new Error(`BENCH_INSTANCES needs ${missingProxies().join(' and ')}: ${installHint}`);
  const throughPgBouncer = process.env.BENCH_PGBOUNCER !== '0';
  const world = await createClusterBenchWorld(serverUrl, instanceCount, {
    throughPgBouncer,
    pgbouncerPoolSize: Number(process.env.BENCH_PGBOUNCER_POOL ?? 10),
  });
  const path = `/loan-application/${world.applicationId}`;
  const runDir = mkdtempSync(join(tmpdir(), 'nordloan-bench-haproxy-'));
  const servers = world.instanceUrls.map((url, index) => ({
    name: `api${index + 1}`,
    address: new URL(url).host,
  }));
  const proxies = [];
  try {
    for (let count = 1; count <= instanceCount; count++) {
      proxies.push(
        await startHaproxy({ servers: servers.slice(0, count), runDir: join(runDir, String(count)) }),
      );
    }
    await Promise.all(proxies.map((proxy) => proxy.waitUntilUp()));
    console.log(
      `API scale-out benchmark — GET /loan-application/{id}, PostgreSQL${
        throughPgBouncer
          ? ` through PgBouncer (transaction mode, pool ${world.pgbouncerPoolSize})`
          : ' direct'
      }, ${connections} connections × ${seconds} s per run, ${instanceCount} processes of apps/api/dist/server.js ` +
        `(logs at warn, no worker), HAProxy (deploy/haproxy.cfg), autocannon in a child process`,
    );
    // Every instance warmed up first (JIT, its pool's connections and prepared statement), or the
    // instances that join last would be measured cold.
    if (warmupSeconds > 0) {
      for (const instanceUrl of world.instanceUrls) {
        await load(instanceUrl + path, { token: world.token, seconds: warmupSeconds });
      }
    }
    /** The run, with PostgreSQL's connection count sampled half-way through it. */
    const withConnections = async (run: () => Promise<LoadResult>) => {
      let sampled = Number.NaN;
      const timer = setTimeout(
        () => {
          void world.connectionCount().then((count) => {
            sampled = count;
          });
        },
        (seconds * 1000) / 2,
      );
      const result = await run();
      clearTimeout(timer);
      return { result, connectionsToPostgres: sampled };
    };
    const direct = await withConnections(() => load(world.instanceUrls[0] + path, { token: world.token }));
    console.log(
      `  1 instance, direct           ${format(direct.result)}  PostgreSQL connections ${direct.connectionsToPostgres}`,
    );
    const behind: LoadResult[] = [];
    for (const [index, proxy] of proxies.entries()) {
      // The instances are processes of their own: this process's CPU would be the proxy's, so none is shown.
      const run = await withConnections(async () => ({
        ...(await measure(proxy.url + path, { token: world.token })),
        cpuMicrosPerRequest: Number.NaN,
      }));
      behind.push(run.result);
      console.log(
        `  ${index + 1} instance${index === 0 ? ' ' : 's'} behind HAProxy  ${format(run.result)}  PostgreSQL connections ${run.connectionsToPostgres}`,
      );
    }
    const last = behind.at(-1)!;
    console.log(
      `  gain: ${instanceCount} behind HAProxy / 1 direct = ${(last.requestsPerSecond / direct.result.requestsPerSecond).toFixed(2)}; ` +
        `/ 1 behind HAProxy = ${(last.requestsPerSecond / behind[0]!.requestsPerSecond).toFixed(2)}`,
    );
    // Issue 12 goal 4: the API process under 250 MB resident during the read benchmark.
    const peaks = world.peakResidentMegabytes().map((megabytes) => `${megabytes.toFixed(0)} MB`);
    console.log(`  peak resident memory per instance (VmHWM, goal < 250 MB): ${peaks.join(' / ')}`);
  } finally {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await world.close();
    rmSync(runDir, { recursive: true, force: true });
  }
}

async function main() {
  const instances = process.env.BENCH_INSTANCES ? Number(process.env.BENCH_INSTANCES) : undefined;
  if (instances !== undefined) {
    if (!Number.isInteger(instances) || instances < 1)
      throw new Error('BENCH_INSTANCES must be a whole number ≥ 1');
    return scaleOut(instances);
  }
  // BENCH_ONLY=read|list|quotes|patch|patch-own runs one call (e.g. under node --cpu-prof); BENCH_PROFILE=1
  // skips the limit and bare servers' runs, so a profile holds nordloan's work only.
  const only = process.env.BENCH_ONLY;
  // A profiled run is slower: its ratio to an unprofiled limit would say nothing.
  const profiling = process.env.BENCH_PROFILE === '1' || Boolean(process.env.BENCH_CPU_PROFILE);
  // The PATCH as many applicants make it, each their own application: more of them than connections, so
  // two PATCHes in flight at once are (almost always) for different applications.
  const patchingApplicants =
    !only || only === 'patch-own' ? Number(process.env.BENCH_APPLICANTS ?? connections * 4) : 0;
  const {
    app,
    databaseUrl,
    key,
    token,
    customerId: CustomerID,
    applicationId,
    otherApplicants,
    close,
  } = await createApiBenchWorld(serverUrl, { otherApplicants: patchingApplicants });
  const rawPool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // The bench database is dropped WITH (FORCE) at the end; a connection still closing then must not crash
  // the run after its figures are printed.
  rawPool.on('error', () => undefined);
  const readBody = (
    await app.inject({
      url: `/loan-application/${applicationId}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).body;
  const nordloan = await listenOn(app);

  // The stack's limit: the same framework, the same signature check (once per token), one query.
  const verified = new Map<string, unknown>();
  const limit = Fastify({ logger: false });
  limit.addHook('onRequest', async (request) => {
    const bearer = request.headers.authorization?.slice(7) ?? '';
    if (!verified.has(bearer)) {
      const { payload } = await jwtVerify(bearer, key.publicKey, {
        algorithms: ['ES256'],
        issuer: 'nordloan',
      });
      verified.set(bearer, payload);
    }
  });
  limit.get<{ Params: { id: string } }>('/loan-application/:id', async (request) => {
    const { rows } = await rawPool.query('SELECT * FROM loan_application WHERE id = $1', [request.params.id]);
    return rows[0];
  });
  limit.get<{ Querystring: { customerID: string } }>('/loan-application', async (request) => {
    const { rows } = await rawPool.query(
      'SELECT * FROM loan_application WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 25',
      [request.query.customerID],
    );
    return { Items: rows };
  });
  limit.get<{ Params: { id: string } }>(
    '/loan-quote-presentation/v2/application/:id/quotes',
    async (request) => {
      const { rows } = await rawPool.query('SELECT * FROM loan_quote WHERE loan_application_id = $1', [
        request.params.id,
      ]);
      return rows;
    },
  );
  limit.patch<{ Params: { id: string }; Body: { Amount: number } }>(
    '/loan-application/:id',
    async (request) => {
      const { rows } = await rawPool.query(
        'UPDATE loan_application SET amount = $2, revision = revision + 1, updated_at = now() WHERE id = $1 RETURNING *',
        [request.params.id, request.body.Amount],
      );
      return rows[0];
    },
  );
  const limitUrl = await listenOn(limit);

  const bare = Fastify({ logger: false });
  bare.get('/loan-application/:id', async (_request, reply) => reply.type('application/json').send(readBody));
  const bareUrl = await listenOn(bare);

  const calls = [
    {
      key: 'read',
      name: 'GET /loan-application/{id}',
      path: `/loan-application/${applicationId}`,
    },
    { key: 'list', name: 'GET /loan-application (list)', path: `/loan-application?customerID=${CustomerID}` },
    {
      key: 'quotes',
      name: 'GET …/v2/application/{id}/quotes',
      path: `/loan-quote-presentation/v2/application/${applicationId}/quotes`,
    },
    {
      key: 'patch',
      name: 'PATCH /loan-application/{id}',
      path: `/loan-application/${applicationId}`,
      method: 'PATCH',
      body: { Amount: 160_000 },
      note: 'every connection on ONE application: the row lock serialises them (the worst case)',
    },
    {
      key: 'patch-own',
      name: 'PATCH /loan-application/{id}',
      path: '',
      method: 'PATCH',
      body: { Amount: 160_000 },
      note: `${patchingApplicants} applicants, each PATCHing their own application`,
      spreadOver: otherApplicants.map((applicant) => ({
        path: `/loan-application/${applicant.applicationId}`,
        token: applicant.token,
      })),
    },
  ];

  const schedule =
    sliceSeconds > 0
      ? `nordloan and its limit in turns: ${rounds} rounds of ${turnSeconds} s each (order swapped every round, ` +
        `BENCH_SLICE_SECONDS), requests summed and latency histograms merged per server`
      : `nordloan then its limit, ${seconds} s each (BENCH_SLICE_SECONDS=0)`;
  console.log(
    `API read benchmark — PostgreSQL, ${connections} connections, ${schedule}, after ${warmupSeconds} s of ` +
      `warm-up per server; logs at warn, autocannon in a child process`,
  );
  const loadNote = () =>
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')} on ${cpus().length} cores`;
  // The machine first: every figure below is read against it (issue 40).
  const readCall = calls[0]!;
  if (!profiling) {
    const machine = await measure(bareUrl + readCall.path, { token });
    console.log(`\nthis machine — bare Fastify, the read's JSON from memory: ${format(machine)}`);
    console.log(
      `  (${loadNote()}; the fast machine of issue 12 gave 66–72k req/s, the slow one of issue 40 27–38k)`,
    );
  }
  const goals: string[] = [];
  for (const call of calls.filter((entry) => !only || entry.key === only)) {
    const options = { token, method: call.method, body: call.body, spreadOver: call.spreadOver };
    console.log(`\n${call.name}${call.note ? ` — ${call.note}` : ''}`);
    if (profiling) {
      const profileTo = process.env.BENCH_CPU_PROFILE
        ? `${process.env.BENCH_CPU_PROFILE}-${call.key}.cpuprofile`
        : undefined;
      console.log(`  nordloan  ${format(await measure(nordloan + call.path, options, profileTo))}`);
      continue;
    }
    // The same moments of the machine for both (issue 40): a ratio of two runs 13 s apart measured the load
    // of the other processes as much as nordloan.
    const compared = await interleave(
      generator,
      { a: nordloan + call.path, b: limitUrl + call.path },
      options,
      { rounds, sliceSeconds: turnSeconds, warmupSeconds },
    );
    const { a: ours, b: stackLimit } = compared;
    console.log(`  nordloan  ${format(ours)}`);
    console.log(`  limit     ${format(stackLimit)}`);
    const throughput = ours.requestsPerSecond / stackLimit.requestsPerSecond;
    const tail = ours.p99 / Math.max(stackLimit.p99, 1);
    // The reads' goals (issue 40): ≥ 0.8 of the limit's requests/s and a p99 ≤ 1.3 × the limit's, every run.
    const isRead = !call.method;
    const mark = (met: boolean) => (isRead ? (met ? ' ✓' : ' ✗') : '');
    const throughputLine = `nordloan / limit, requests/s = ${throughput.toFixed(2)}${isRead ? ' (goal ≥ 0.80)' : ''}${mark(throughput >= 0.8)}`;
    const tailLine = `nordloan / limit, p99 = ${tail.toFixed(2)}${isRead ? ' (goal ≤ 1.30)' : ''}${mark(tail <= 1.3)}`;
    // How far the machine moved under the run: each round's ratio of its two turns.
    const ratios = [...compared.roundRatios].sort((x, y) => x - y);
    const spread =
      ratios.length > 1
        ? `  (rounds: ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}, median ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)})`
        : '';
    console.log(`  ${throughputLine}${spread}\n  ${tailLine}`);
    if (isRead) goals.push(`${call.name.padEnd(34)} ${throughputLine}; ${tailLine}`);
  }
  if (goals.length > 0) {
    console.log(`\ngoals (${loadNote()}):`);
    for (const line of goals) console.log(`  ${line}`);
  }

  await Promise.all([limit.close(), bare.close()]);
  await rawPool.end();
  await close();
}

main()
  .then(() => generator.close())
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
