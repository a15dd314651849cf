// Benchmark of the quote fan-out (issue 4): applications per second from "application complete" through
// validation, external data, registration with every lender of the panel and their decisions, to the
// quotes (status 410, or 370/270 where no lender gives one), with the lenders' response delays set to zero.
//
//   npm run bench:quotes                      PGlite in memory, 200 applications
//   BENCH_APPLICATIONS=500 npm run bench:quotes
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:quotes   (an empty database)
//   BENCH_WORKERS=4 BENCH_CONCURRENCY=8       workers sharing the queue, jobs each runs at once
//   BENCH_QUERIES=1                           (PostgreSQL) also count the fan-out's statements: per
//                                             application, and the most frequent ones (docs/performance.md)
//   BENCH_QUERIES_TOP=40 BENCH_QUERIES_WIDTH=160   how many of them to list, and how much of each
//   BENCH_PROFILE=1                           a CPU profile of the fan-out phase (its file is printed)
//
//   BENCH_BATCH_SIZE=200                      jobs of a kind recorded in one transaction at most (WORKER_BATCH_SIZE)
//   BENCH_PANEL=code                          the lender panel from the code list, not the lender table (ADR 0067)
//   BENCH_WARMUP=200                          applications fanned out first and not counted (0: none)
//
// Applications are created and submitted through the API (app.inject) first; the clock starts when the
// workers start. A warm-up set goes through the whole fan-out before the measured set is submitted: the
// worker's code is compiled by V8 while it runs (a quarter of the process's CPU in the first seconds, on
// threads that share the two cores with PostgreSQL), and a server that has run for a minute has done
// that once. The measured figure is the steady state; the warm-up's own rate is printed beside it. Random lender failures are off (BENCH_FAILURES=1 turns them on: their retries wait for
// the backoff, which measures the wait, not the engine).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Country, countries } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { defaultDependencies, moduleEventPublisher } from '../apps/api/src/dependencies.ts';
import { outboxRelayTick } from '../apps/api/src/jobs/outbox-relay.ts';
import { createTokenService, loadSigningKey } from '../apps/api/src/modules/auth/token.service.ts';
import { createLocalScreeningList } from '../apps/api/src/modules/compliance/local-screening-list.ts';
import { credentialsOf } from '../apps/api/src/modules/lending/lender-api/lender-credentials.ts';
import { createRegisterPanel } from '../apps/api/src/modules/lending/lender-panel/register-panel.ts';
import { createSimulatedLenderPanel } from '../apps/api/src/modules/lending/lender-panel/simulated-lender-panel.ts';
import { jobKinds } from '../apps/api/src/modules/lending/lending-job-kinds.ts';
import {
  createLendingWorker,
  defaultLendingBatchSize,
} from '../apps/api/src/modules/lending/lending-jobs.ts';
import { listQuotes } from '../apps/api/src/modules/lending/loan-quote.repository.ts';
import { findApplicationById } from '../apps/api/src/modules/loan-applications/application-read.repository.ts';
import {
  brandOfCountry,
  defaultIncome,
  mainApplicantDetails,
} from '../apps/api/src/test/lending-test-helpers.ts';

const applications = Number(process.env.BENCH_APPLICATIONS ?? 200);
const warmUp = Number(process.env.BENCH_WARMUP ?? 200);
const batchSize = Number(process.env.BENCH_BATCH_SIZE ?? defaultLendingBatchSize);
if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('BENCH_BATCH_SIZE: a whole number ≥ 1');
const workers = Number(process.env.BENCH_WORKERS ?? 1);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const countQueries = process.env.BENCH_QUERIES === '1';

/** The bench's own look at the queue: not the fan-out's work, so not counted. */
const benchPoll = `SELECT 1 FROM job WHERE status IN ('pending', 'running') AND kind IN`;

/** Counts every statement node-postgres sends from `start()` on, by its text (whitespace folded). */
function statementCounter() {
  const counts = new Map<string, number>();
  let counting = false;
  const send = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const config = args[0] as string | { text?: string };
      const text = (typeof config === 'string' ? config : (config.text ?? '')).replace(/\s+/g, ' ').trim();
      if (!text.startsWith(benchPoll)) counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    return send.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    start: () => {
      counting = true;
    },
    stop: () => {
      counting = false;
    },
    report(applications: number) {
      const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
      console.log(
        `  statements: ${total} = ${(total / applications).toFixed(1)} per application; the most frequent:`,
      );
      for (const [text, count] of [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.BENCH_QUERIES_TOP ?? 15))) {
        console.log(
          `    ${(count / applications).toFixed(2).padStart(6)} × ${text.slice(0, Number(process.env.BENCH_QUERIES_WIDTH ?? 100))}`,
        );
      }
    },
  };
}

const amounts: Record<Country, number> = { NO: 150_000, SE: 200_000, FI: 20_000, DK: 100_000 };

async function main() {
  if (countQueries && !databaseUrl)
    throw new Error('BENCH_QUERIES=1 counts node-postgres statements: set BENCH_DATABASE_URL');
  const statements = countQueries ? statementCounter() : undefined;
  const database = await openDatabase({
    url: databaseUrl,
    poolSize: Math.max(10, workers * concurrency + 2),
  });
  await migrate(database);
  const config = testConfig({
    webDistDir: '/nonexistent',
    worker: { enabled: false, lenderSeed: 42, lenderDelayScale: 0, batchSize },
  });
  const now = () => new Date();
  const tokens = createTokenService({
    key: await loadSigningKey({}),
    issuer: 'bench',
    ttlSeconds: 3_600,
    now,
  });
  const app = await buildApp({
    config,
    database,
    tokens,
    now,
    ...defaultDependencies({ config, db: database.db, now }),
  });
  await app.ready();

  /** Creates and submits `count` applications through the API; `first` keeps national ids apart. */
  const createAndSubmit = async (count: number, first: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let index = first; index < first + count; index++) {
      const country = countries[index % countries.length]!;
      const birthYear = 1960 + (Math.floor(index / countries.length) % 40);
      const nationalId = makeTestNationalId(
        country,
        `${birthYear}-0${1 + (index % 9)}-1${index % 10}`,
        Math.floor(index / 400),
      );
      const login = await app.inject({
        method: 'POST',
        url: '/auth/dev/login',
        payload: { nationalId, country, role: 'Customer', brand: brandOfCountry[country] },
      });
      const { token } = login.json() as { token: string };
      const headers = { authorization: `Bearer ${token}` };
      const created = await app.inject({
        method: 'POST',
        url: '/loan-application',
        headers,
        payload: {
          Product: 'UnsecuredLoan',
          Brand: brandOfCountry[country],
          Amount: amounts[country],
          Duration: 5,
          LoanPurpose: 'Renovation',
          // The apply journey's consent step (submit refuses without it).
          Data: { CreditCheckConsent: { Given: true, At: new Date().toISOString() } },
          MainApplicant: mainApplicantDetails(defaultIncome[country]),
        },
      });
      if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
      const id = (created.json() as { ID: string }).ID;
      const submitted = await app.inject({
        method: 'PATCH',
        url: `/loan-application/${id}/application-complete`,
        headers,
        payload: {},
      });
      if (submitted.statusCode !== 200)
        throw new Error(`submit failed: ${submitted.statusCode} ${submitted.body}`);
      ids.push(id);
    }
    // The submissions' events handed on: each is screened, and its intake job enqueued (ADR 0056).
    while ((await unrelayed()) > 0) await relay();
    return ids;
  };

  // The panel the engine runs with: the lender table (ADR 0067), each fan-out checking its version first.
  // BENCH_PANEL=code: the code list in memory, as before the table was the panel (to compare).
  const simulation = { seed: 42, delayScale: 0, failures: process.env.BENCH_FAILURES === '1' };
  const panel =
    process.env.BENCH_PANEL === 'code'
      ? createSimulatedLenderPanel(simulation)
      : createRegisterPanel({ simulation, fallbackCredentials: credentialsOf({}) });
  const kinds = Object.values(jobKinds);
  // The modules' reactions to the outbox as the app's worker relays it (ADR 0056): a submission's screening
  // starts its intake; the work queues follow the statuses. Without them no application reaches the lenders.
  const events = moduleEventPublisher({ screening: createLocalScreeningList(), now });
  const unrelayed = async () => {
    const result = await database.db.execute(
      sql`SELECT count(*)::integer AS n FROM outbox_event WHERE published_at IS NULL`,
    );
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  };
  /**
   * The fan-out of every submitted application: workers run as in the app (start(): their slots refill as
   * jobs finish) until no job is left; then the relay's tick runs until every event is handed on.
   */
  const fanOut = async () => {
    const pool = Array.from({ length: workers }, (_, index) =>
      createLendingWorker({
        db: database.db,
        config,
        now,
        panel,
        concurrency,
        workerId: `bench-${index}`,
        publish: events,
      }),
    );
    const started = performance.now();
    for (const worker of pool) worker.start();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const open = await database.db.execute(sql`${sql.raw(benchPoll)} ${kinds} LIMIT 1`);
      if ((open as unknown as { rows: unknown[] }).rows.length === 0) break;
    }
    await Promise.all(pool.map((worker) => worker.stop()));
    const seconds = (performance.now() - started) / 1000;
    // The relay hands events on beside the jobs; what it had not yet published when the last job finished.
    const backlog = await unrelayed();
    while ((await unrelayed()) > 0) await relay();
    return { seconds, backlog, relayedSeconds: (performance.now() - started) / 1000 };
  };
  const relay = outboxRelayTick({ db: database.db, now, publish: events });

  // ── Warm-up: the same fan-out, not counted ────────────────────────────────────────────────────
  let warmUpLine = '  warm-up: none (BENCH_WARMUP=0)';
  if (warmUp > 0) {
    const warmUpIds = await createAndSubmit(warmUp, applications);
    const warm = await fanOut();
    warmUpLine = `  warm-up, not counted: ${warmUpIds.length} applications fanned out at ${(warmUpIds.length / warm.seconds).toFixed(1)} applications/s`;
  }

  // ── Create and submit through the API ──────────────────────────────────────────────────────────
  const createdAt = performance.now();
  const ids = await createAndSubmit(applications, 0);
  const submitSeconds = (performance.now() - createdAt) / 1000;

  // ── The measured fan-out ───────────────────────────────────────────────────────────────────────
  statements?.start();
  const profiler = process.env.BENCH_PROFILE === '1' ? await startProfiler() : undefined;
  const postgresAtStart = postgresCpuSeconds();
  const cpuAtStart = process.cpuUsage();
  const { seconds, backlog, relayedSeconds } = await fanOut();
  const cpu = process.cpuUsage(cpuAtStart);
  const postgresAtEnd = postgresCpuSeconds();
  statements?.stop();
  if (profiler) console.log(`  CPU profile of the fan-out: ${await profiler.stop()}`);

  // ── Results ────────────────────────────────────────────────────────────────────────────────────
  const statuses = new Map<number, number>();
  let quotes = 0;
  for (const id of ids) {
    const row = await findApplicationById(database.db, id);
    statuses.set(row!.status, (statuses.get(row!.status) ?? 0) + 1);
    quotes += (await listQuotes(database.db, id)).length;
  }
  const finished = [...statuses.entries()].filter(([status]) => [410, 370, 270].includes(status));
  const done = finished.reduce((sum, [, count]) => sum + count, 0);
  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)';
  console.log(
    `quote fan-out benchmark — ${engine}, ${workers} worker(s) × ${concurrency} concurrent jobs, batches of ${batchSize} at most, lender delays 0`,
  );
  console.log(warmUpLine);
  console.log(`  created + submitted through the API: ${applications} in ${submitSeconds.toFixed(2)} s`);
  console.log(
    `  statuses: ${[...statuses.entries()].map(([status, count]) => `${status}×${count}`).join(', ')}`,
  );
  console.log(`  quotes stored: ${quotes} (${(quotes / seconds).toFixed(1)} quotes/s)`);
  console.log(
    `  registration → quotes: ${done} applications in ${seconds.toFixed(2)} s = ${(done / seconds).toFixed(1)} applications/s`,
  );
  // Steadier than the rate on a shared machine: the API process's own CPU (user + system) per application,
  // until the relay has handed on every event (so the relay's whole share is in it).
  console.log(
    `  worker process CPU: ${((cpu.user + cpu.system) / 1000 / applications).toFixed(1)} ms per application ` +
      `(${((cpu.user + cpu.system) / 1e6 / relayedSeconds).toFixed(2)} cores busy on average)`,
  );
  if (postgresAtStart !== undefined && postgresAtEnd !== undefined) {
    const postgres = postgresAtEnd - postgresAtStart;
    console.log(
      `  PostgreSQL server CPU: ${((postgres * 1000) / applications).toFixed(1)} ms per application ` +
        `(${(postgres / relayedSeconds).toFixed(2)} cores busy on average; its processes on this machine)`,
    );
  }
  console.log(
    `  outbox events not yet relayed when the last job finished: ${backlog}; all relayed after ` +
      `${relayedSeconds.toFixed(2)} s = ${(done / relayedSeconds).toFixed(1)} applications/s`,
  );
  statements?.report(applications);
  await app.close();
  await database.close();
  if (done !== applications) {
    console.error(`  ${applications - done} applications did not reach their quotes`);
    process.exit(1);
  }
}

/** User + system CPU seconds of the local PostgreSQL server's processes (Linux /proc); undefined elsewhere. */
function postgresCpuSeconds(): number | undefined {
  if (!databaseUrl) return undefined;
  try {
    const ticksPerSecond = 100;
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
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    }
    return found ? ticks / ticksPerSecond : undefined;
  } catch {
    return undefined;
  }
}

/** A CPU profile of this process from now until `stop()`, written to the temporary directory. */
async function startProfiler() {
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      const file = join(tmpdir(), `quote-fanout-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      return file;
    },
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
