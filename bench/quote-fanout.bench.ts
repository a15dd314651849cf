// Benchmark of the quote fan-out over HTTP (issue 33 "Benchmark", issue 40 item 3): applications per second
// from "application complete" (the submit, over HTTP) through screening, validation, external data,
// registration with every lender of the panel and their decisions, to every answer stored (status 410, or
// 370/270 where no lender gives an offer, and no lender job left) — with the API and the sandbox lender
// each a process of its own, every lender call a signed HTTP request to the sandbox, lender delays zero.
//
//   npm run bench:quotes                          300 then 1,000 applications, after a warm-up of 200
//   BENCH_APPLICATIONS=300 npm run bench:quotes   one batch size (or a list: 300,1000)
//   BENCH_DATABASE_URL=postgres://…/postgres      the PostgreSQL server (default 127.0.0.1:5432; the bench
//                                                 makes a database of its own and drops it after)
//   BENCH_WARMUP=200                              applications fanned out first and not counted (0: none)
//   BENCH_SUBMITTERS=16                           submits in flight at once
//   BENCH_BATCH_SIZE=200                          lender jobs recorded in one transaction (WORKER_BATCH_SIZE)
//   BENCH_BARE_SECONDS=5                          length of the bare-Fastify run (0: skipped)
//   BENCH_PROFILE=1                               the API process under `node --cpu-prof` (file printed, and
//                                                 where each batch lies in it)
//   BENCH_QUERIES=1                               the statements the API sends per application, and the most
//                                                 frequent (BENCH_QUERIES_TOP=15, BENCH_QUERIES_WIDTH=100)
//
// Printed first: how fast this machine is (bare Fastify, as bench:api-read measures it). Then per batch:
// applications/s from the first submit to the last answer stored, and the CPU each process used for it per
// application — the API, the sandbox lender (the lenders' side, not ours) and PostgreSQL (the backends of the
// bench's database, the bench's own polling among them; in brackets every postgres process of the machine,
// other sessions' too) — read from /proc around the batch. The goal (issue 40): ≥ 300 applications/s for a batch of 300 on the 2-core machine.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bareFastifyLine, measureBareFastify } from './support/bare-fastify.ts';
import { type BenchApplication, createFanOutWorld, type FanOutWorld } from './support/fanout-world.ts';
import { postgresCpuSince, postgresCpuSnapshot, processCpuSeconds } from './support/process-cpu.ts';

const sizes = (process.env.BENCH_APPLICATIONS ?? '300,1000').split(',').map(Number);
if (sizes.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error('BENCH_APPLICATIONS: whole numbers ≥ 1, separated by commas');
const warmUp = Number(process.env.BENCH_WARMUP ?? 200);
const submitters = Number(process.env.BENCH_SUBMITTERS ?? 16);
const batchSize = process.env.BENCH_BATCH_SIZE ? Number(process.env.BENCH_BATCH_SIZE) : undefined;
const bareSeconds = Number(process.env.BENCH_BARE_SECONDS ?? 5);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const profileDir =
  process.env.BENCH_PROFILE === '1' ? mkdtempSync(join(tmpdir(), 'quote-fanout-')) : undefined;
const statementsFile =
  process.env.BENCH_QUERIES === '1'
    ? join(mkdtempSync(join(tmpdir(), 'quote-fanout-')), 'statements.json')
    : undefined;
const goal = 300;

/** The lender jobs of the fan-out (the expiry sweep re-enqueues itself for ever: not counted). */
const fanOutKinds = ['process-application', 'lender-register', 'lender-decision'];
const finalStatuses = [410, 370, 270];

/** Whether every application of `ids` has its answers: in a final status, and no fan-out job left open. */
async function allAnswered(world: FanOutWorld, ids: string[]): Promise<boolean> {
  const { rows } = await world.pool.query<{ waiting: number; open: number }>(
    `SELECT (SELECT count(*)::int FROM loan_application WHERE id = ANY($1::uuid[]) AND status <> ALL($2::int[])) AS waiting,
            (SELECT count(*)::int FROM job WHERE status IN ('pending', 'running') AND kind = ANY($3::text[])) AS open`,
    [ids, finalStatuses, fanOutKinds],
  );
  return rows[0]!.waiting === 0 && rows[0]!.open === 0;
}

/** Submits every application (BENCH_SUBMITTERS at once) and waits until all are answered; seconds taken. */
async function fanOut(world: FanOutWorld, applications: BenchApplication[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: submitters }, async () => {
      while (next < applications.length) {
        const { id, token } = applications[next++]!;
        const response = await fetch(`${world.apiUrl}/loan-application/${id}/application-complete`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        });
        if (response.status !== 200) throw new Error(`submit: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
    }),
  );
  const ids = applications.map((application) => application.id);
  const deadline = Date.now() + 600_000;
  while (!(await allAnswered(world, ids))) {
    if (Date.now() > deadline) throw new Error('the fan-out did not finish within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return (performance.now() - started) / 1000;
}

async function statusesOf(world: FanOutWorld, ids: string[]) {
  const { rows } = await world.pool.query<{ status: number; n: number }>(
    'SELECT status, count(*)::int AS n FROM loan_application WHERE id = ANY($1::uuid[]) GROUP BY status ORDER BY status',
    [ids],
  );
  const quotes = await world.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM loan_quote WHERE loan_application_id = ANY($1::uuid[])',
    [ids],
  );
  return { statuses: rows.map((row) => `${row.status}×${row.n}`).join(', '), quotes: quotes.rows[0]!.n };
}

/** The statements the API sent during a batch (BENCH_QUERIES=1): per application, and the most frequent. */
function reportStatements(file: string, applications: number) {
  const deadline = Date.now() + 5_000;
  while (!existsSync(file) && Date.now() < deadline)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  const counts = JSON.parse(readFileSync(file, 'utf8')) as [string, number][];
  rmSync(file);
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `    statements: ${total} = ${(total / applications).toFixed(1)} per application; the most frequent:`,
  );
  for (const [text, count] of counts
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.BENCH_QUERIES_TOP ?? 15))) {
    console.log(
      `      ${(count / applications).toFixed(2).padStart(6)} × ${text.slice(0, Number(process.env.BENCH_QUERIES_WIDTH ?? 100))}`,
    );
  }
}

async function main() {
  const log = (line: string) => console.log(line);
  const world = await createFanOutWorld({
    serverUrl,
    ...(batchSize ? { batchSize } : {}),
    apiNodeFlags: [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...(statementsFile
        ? ['--import', new URL('./support/count-statements.mjs', import.meta.url).href]
        : []),
    ],
    ...(statementsFile ? { apiEnv: { BENCH_STATEMENTS_FILE: statementsFile } } : {}),
    log,
  });
  try {
    const total = sizes.reduce((sum, size) => sum + size, 0);
    const created = performance.now();
    const warmUpSet = await world.createApplications(warmUp, total);
    const batches: BenchApplication[][] = [];
    let first = 0;
    for (const size of sizes) {
      batches.push(await world.createApplications(size, first));
      first += size;
    }
    const createSeconds = (performance.now() - created) / 1000;

    // The machine first: every figure below is read against it.
    if (bareSeconds > 0) {
      const sample = batches[0]![0]!;
      const read = await fetch(`${world.apiUrl}/loan-application/${sample.id}`, {
        headers: { authorization: `Bearer ${sample.token}` },
      });
      console.log(
        bareFastifyLine(await measureBareFastify({ body: await read.text(), seconds: bareSeconds })),
      );
    }
    console.log(
      `\nquote fan-out over HTTP — the API (apps/api/src/server.ts, built) and the sandbox lender ` +
        `(15 lenders, delays 0) as separate processes, PostgreSQL, ${submitters} submits in flight`,
    );
    console.log(
      `  created ${warmUp + total} applications through the API in ${createSeconds.toFixed(1)} s (not counted)`,
    );
    if (warmUp > 0) {
      const seconds = await fanOut(world, warmUpSet);
      console.log(
        `  warm-up, not counted: ${warmUp} applications at ${(warmUp / seconds).toFixed(1)} applications/s`,
      );
    }

    const results: string[] = [];
    for (const batch of batches) {
      const startedAt = Date.now();
      const before = {
        api: processCpuSeconds(world.api.pid),
        sandbox: processCpuSeconds(world.sandbox.child.pid),
        postgres: postgresCpuSnapshot(),
        bench: process.cpuUsage(),
      };
      if (statementsFile) world.api.kill('SIGUSR2');
      const seconds = await fanOut(world, batch);
      if (statementsFile) world.api.kill('SIGUSR2');
      const perApplication = (after: number, start: number) =>
        `${(((after - start) * 1000) / batch.length).toFixed(2)} ms`;
      const api = perApplication(processCpuSeconds(world.api.pid), before.api);
      const sandbox = perApplication(processCpuSeconds(world.sandbox.child.pid), before.sandbox);
      const postgresUsed = postgresCpuSince(before.postgres, postgresCpuSnapshot(), world.databaseName);
      const postgres = `${perApplication(postgresUsed.database, 0)} (every postgres process: ${perApplication(postgresUsed.all, 0)})`;
      const benchCpu = process.cpuUsage(before.bench);
      const { statuses, quotes } = await statusesOf(
        world,
        batch.map((application) => application.id),
      );
      const rate = batch.length / seconds;
      const mark = batch.length === goal ? ` (goal ≥ ${goal}) ${rate >= goal ? '✓' : '✗'}` : '';
      console.log(`\n  ${batch.length} applications: statuses ${statuses}; ${quotes} quotes stored`);
      console.log(
        `    submit → all answers stored: ${seconds.toFixed(2)} s = ${rate.toFixed(1)} applications/s${mark}`,
      );
      console.log(
        `    CPU per application: API ${api}, sandbox lender ${sandbox}, PostgreSQL ${postgres}` +
          ` (this bench process: ${((benchCpu.user + benchCpu.system) / 1000 / batch.length).toFixed(2)} ms)`,
      );
      if (statementsFile) reportStatements(statementsFile, batch.length);
      if (profileDir) {
        const from = (startedAt - world.apiStartedAt) / 1000;
        console.log(
          `    in the API's CPU profile: ${from.toFixed(1)}–${(from + seconds).toFixed(1)} s after its start`,
        );
      }
      results.push(
        `${String(batch.length).padStart(5)} applications: ${rate.toFixed(1)} applications/s${mark}`,
      );
    }
    console.log(
      `\nsummary (load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' / ')} on ${cpus().length} cores):`,
    );
    for (const line of results) console.log(`  ${line}`);
  } finally {
    await world.close();
  }
  if (profileDir) {
    for (const file of readdirSync(profileDir))
      console.log(`  CPU profile of the API process: ${join(profileDir, file)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
