import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { startPgBouncer } from '../../apps/api/src/cluster/proxies.ts';
import { testConfig } from '../../apps/api/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { defaultDependencies } from '../../apps/api/src/dependencies.ts';
import {
  createTokenService,
  generateSigningKeyPem,
  loadSigningKey,
  type SigningKey,
} from '../../apps/api/src/modules/auth/token.service.ts';
import { defaultLendingBatchSize } from '../../apps/api/src/modules/lending/lending-jobs.ts';
import { defaultIncome, mainApplicantDetails } from '../../apps/api/src/test/lending-test-helpers.ts';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

// What the API benches (api-read, api-cpu) stand on: a fresh PostgreSQL database of their own (dropped
// again by `close`), the real API built on it (logs at warn, no worker), and one Norwegian applicant with
// one application — and, for the calls measured as many applicants at once, `otherApplicants` more, each
// with an application of their own.

/** The development login of a Norwegian applicant of no-main (a customer-scoped token). */
function devLoginOf(nationalId: string) {
  return { nationalId, country: 'NO', role: 'Customer', brand: 'no-main' };
}

/** The application every bench applicant has: an unsecured loan of no-main with the main applicant's part. */
function benchApplication() {
  return {
    Product: 'UnsecuredLoan',
    Brand: 'no-main',
    Amount: 150_000,
    Duration: 5,
    LoanPurpose: 'Renovation',
    MainApplicant: mainApplicantDetails(defaultIncome.NO),
  };
}

export interface ApiBenchWorld {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Connection string of the bench's own database (for a stack-limit server's raw pool). */
  databaseUrl: string;
  key: SigningKey;
  token: string;
  customerId: string;
  applicationId: string;
  /** More applicants, each with their own application (`options.otherApplicants` of them). */
  otherApplicants: { token: string; applicationId: string }[];
  close(): Promise<void>;
}

export async function createApiBenchWorld(
  serverUrl: string,
  options: { otherApplicants?: number } = {},
): Promise<ApiBenchWorld> {
  const databaseName = `nordloan_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  await migrate(database);

  const key = await loadSigningKey({});
  const tokens = createTokenService({ key, issuer: 'nordloan', ttlSeconds: 3_600 });
  const config = testConfig({
    logLevel: 'warn',
    webDistDir: '/nonexistent',
    worker: { enabled: false, lenderSeed: 42, lenderDelayScale: 0, batchSize: defaultLendingBatchSize },
  });
  const now = () => new Date();
  const app = await buildApp({
    config,
    database,
    tokens,
    now,
    ...defaultDependencies({ config, db: database.db, now }),
  });

  const applicantWithApplication = async (birthDate: string, serial: number) => {
    const login = await app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      payload: devLoginOf(makeTestNationalId('NO', birthDate, serial)),
    });
    const { token, CustomerID } = login.json() as { token: string; CustomerID: string };
    const created = await app.inject({
      method: 'POST',
      url: '/loan-application',
      headers: { authorization: `Bearer ${token}` },
      payload: benchApplication(),
    });
    if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
    return { token, customerId: CustomerID, applicationId: (created.json() as { ID: string }).ID };
  };
  const first = await applicantWithApplication('1985-06-15', 7);
  const otherApplicants: ApiBenchWorld['otherApplicants'] = [];
  for (let index = 0; index < (options.otherApplicants ?? 0); index++) {
    // Distinct valid numbers: birth dates 37 days apart from 1 Jan 1960 (500 of them, up to 2010), then the
    // next serial.
    const birthDate = new Date(Date.UTC(1960, 0, 1 + (index % 500) * 37)).toISOString().slice(0, 10);
    const { token, applicationId } = await applicantWithApplication(birthDate, 11 + Math.floor(index / 500));
    otherApplicants.push({ token, applicationId });
  }

  return {
    app,
    database,
    databaseUrl: url.toString(),
    key,
    token: first.token,
    customerId: first.customerId,
    applicationId: first.applicationId,
    otherApplicants,
    close: async () => {
      await app.close();
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * What `BENCH_INSTANCES=n npm run bench:api-read` stands on (issue 12 goal 5): a fresh PostgreSQL database
 * of its own, n real API processes (apps/api/dist/server.js, built first; logs at warn, no job worker: the
 * single-instance bench has none either) on it, all signing with one key, and one Norwegian applicant with
 * one application, made through the first instance's HTTP routes.
 */
export interface ClusterBenchWorld {
  /** The instances' own addresses, e.g. http://127.0.0.1:41234. */
  instanceUrls: string[];
  token: string;
  applicationId: string;
  /** Each instance's peak resident memory so far in MB (Linux's VmHWM; NaN where there is no /proc). */
  peakResidentMegabytes(): number[];
  /** PostgreSQL's connections to the bench database right now (every instance's, through PgBouncer or not). */
  connectionCount(): Promise<number>;
  /** PgBouncer's pool size when the instances go through it (BENCH_PGBOUNCER_POOL); undefined when direct. */
  pgbouncerPoolSize: number | undefined;
  close(): Promise<void>;
}

function peakResidentMegabytesOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]);
    return kilobytes / 1024;
  } catch {
    return Number.NaN;
  }
}

export async function createClusterBenchWorld(
  serverUrl: string,
  instanceCount: number,
  options: { throughPgBouncer?: boolean; pgbouncerPoolSize?: number } = {},
): Promise<ClusterBenchWorld> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs', '--no-template'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('building the API failed');

  const databaseName = `nordloan_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'nordloan-bench-cluster-'));
  const privateKeyPem = await generateSigningKeyPem();

  const children: ChildProcess[] = [];
  const instanceUrls: string[] = [];
  // Issue 37: the instances reach PostgreSQL through PgBouncer in transaction mode, as `npm run start:cluster`
  // runs them (ADR 0070); LISTEN and the migrations keep a direct session.
  const pgbouncerPoolSize = options.throughPgBouncer ? (options.pgbouncerPoolSize ?? 10) : undefined;
  const pgbouncer =
    pgbouncerPoolSize === undefined
      ? undefined
      : await startPgBouncer({
          databaseUrl: url.toString(),
          runDir: join(dataDir, 'pgbouncer'),
          poolSize: pgbouncerPoolSize,
        });
  const databaseEnv = pgbouncer
    ? {
        DATABASE_URL: pgbouncer.url,
        DATABASE_DIRECT_URL: url.toString(),
        DATABASE_POOL_MODE: 'transaction',
      }
    : { DATABASE_URL: url.toString() };
  const close = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await pgbouncer?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < instanceCount; index++) {
      const port = await freePort();
      const child = spawn(process.execPath, [...serverNodeFlags, 'apps/api/dist/server.js'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          ...databaseEnv,
          DATA_DIR: dataDir,
          JWT_PRIVATE_KEY: privateKeyPem,
          WORKER_ENABLED: 'false',
          // One process each would start the local e-ID provider on one fixed port; the bench does not log in through it.
          LOCAL_EID_PROVIDER: 'false',
          WEB_DIST_DIR: '/nonexistent',
          REDIS_URL: '',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      instanceUrls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(instanceUrls.map(waitForHealth));

    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${instanceUrls[0]}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const { token } = (await post(
      '/auth/dev/login',
      devLoginOf(makeTestNationalId('NO', '1985-06-15', 7)),
    )) as { token: string };
    const created = await post('/loan-application', benchApplication(), token);
    return {
      instanceUrls,
      token,
      applicationId: created.ID as string,
      peakResidentMegabytes: () => children.map((child) => peakResidentMegabytesOf(child.pid)),
      connectionCount: async () =>
        Number(
          (
            await admin.query<{ n: string }>(
              'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
              [databaseName],
            )
          ).rows[0]?.n,
        ),
      pgbouncerPoolSize,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy within 2 minutes`);
}
