import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Country, countries } from '@nordloan/domain/enums';
import { lenderPanel } from '@nordloan/domain/lending/lender-panel';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import pg from 'pg';
import { sandboxLenderSecret } from '../../apps/api/src/modules/lending/lender-api/lender-credentials.ts';
import { type SandboxProcess, startSandboxProcess } from '../../apps/api/src/test/crash/sandbox-process.ts';
import {
  brandOfCountry,
  defaultIncome,
  mainApplicantDetails,
} from '../../apps/api/src/test/lending-test-helpers.ts';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

// What `npm run bench:quotes` stands on (issue 33 "Benchmark", issue 40 item 3): the API and the sandbox
// lender as two processes of their own, built as `npm start` runs them (esbuild, into a directory of the
// bench's own so no other build is replaced), the API on a fresh PostgreSQL database of the bench (dropped
// again by `close`) and calling every panel lender over the lender API at the sandbox — signed requests,
// idempotency keys, keep-alive pools, signed answers. The bench talks to the API over HTTP only, and reads
// the database directly to see when every answer is stored.

const root = fileURLToPath(new URL('../..', import.meta.url));
const buildDir = join(root, 'apps/api/dist/bench-quotes');

export interface FanOutWorld {
  apiUrl: string;
  api: ChildProcess;
  /** When the API process was started (Date.now()): where a batch lies in its CPU profile. */
  apiStartedAt: number;
  sandbox: SandboxProcess;
  /** The bench's own database (read-only use: the statuses and the queue). */
  pool: pg.Pool;
  /** Its name: PostgreSQL's backends serving it carry it in their process title (process-cpu.ts). */
  databaseName: string;
  /** Logs in and creates `count` applications (not submitted); `first` keeps national ids apart. */
  createApplications(count: number, first: number): Promise<BenchApplication[]>;
  close(): Promise<void>;
}

export interface BenchApplication {
  id: string;
  token: string;
}

const amounts: Record<Country, number> = { NO: 150_000, SE: 200_000, FI: 20_000, DK: 100_000 };

export async function createFanOutWorld(options: {
  serverUrl: string;
  /** Lender jobs recorded in one transaction at most (WORKER_BATCH_SIZE). */
  batchSize?: number;
  /** Extra node flags of the API process (--cpu-prof …). */
  apiNodeFlags?: string[];
  /** More of the API process's environment. */
  apiEnv?: Record<string, string>;
  log: (line: string) => void;
}): Promise<FanOutWorld> {
  const builder = (await import(pathToFileURL(join(root, 'scripts/build-api.mjs')).href)) as {
    buildApi(options: { outdir: string; only: string[] }): Promise<number>;
  };
  const builtIn = await builder.buildApi({ outdir: buildDir, only: ['server', 'lender-sandbox'] });
  options.log(`  (API and sandbox built in ${Math.round(builtIn)} ms into ${buildDir})`);
  const databaseName = `nordloan_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(options.serverUrl);
  url.pathname = `/${databaseName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'nordloan-bench-quotes-'));
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  let sandbox: SandboxProcess | undefined;
  let api: ChildProcess | undefined;
  let apiStartedAt = 0;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => undefined);
  const close = async () => {
    await pool.end().catch(() => undefined);
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api!.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await sandbox?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    sandbox = await startSandboxProcess({
      builtEntry: join(buildDir, 'lender-sandbox.js'),
      callbackUrl: `${apiUrl}/lender-api/callbacks`,
      // Lender delays 0: the lenders decide within the call, as the in-process bench had them.
      env: { NODE_ENV: 'development', LENDER_SEED: '42', LENDER_DELAY_SCALE: '0' },
    });
    // Every panel lender at the sandbox (docs/decisions/0084). Its outbound limit as for a lender that takes
    // 1,000 calls a second (the default, 20, is for a bank we know nothing of: it would cap the bench at
    // ≈ 40 applications/s — six Norwegian lenders, two calls each per application); asked for its decision
    // at once after the registration (poll interval 0: with delays 0 the sandbox has decided by then, as
    // the in-process lenders had; the default 5 s would measure the interval, not the engine).
    const lenders = Object.fromEntries(
      lenderPanel.map((profile) => [
        profile.id,
        {
          url: `${sandbox!.url}/${profile.id}`,
          simulation: true,
          ratePerSecond: 1_000,
          burst: 1_000,
          pollIntervalMs: 0,
        },
      ]),
    );
    const secrets = lenderPanel
      .map((profile) => `${profile.id}=${sandboxLenderSecret(profile.id)}`)
      .join(',');
    apiStartedAt = Date.now();
    api = spawn(
      process.execPath,
      [...serverNodeFlags, ...(options.apiNodeFlags ?? []), join(buildDir, 'server.js')],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          LOCAL_EID_PROVIDER: 'false',
          WEB_DIST_DIR: '/nonexistent',
          REDIS_URL: '',
          LENDER_SEED: '42',
          LENDER_DELAY_SCALE: '0',
          LENDER_API_LENDERS: JSON.stringify(lenders),
          LENDER_API_SECRETS: secrets,
          ...(options.batchSize ? { WORKER_BATCH_SIZE: String(options.batchSize) } : {}),
          ...options.apiEnv,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    await waitForHealth(apiUrl, api);
  } catch (error) {
    await close();
    throw error;
  }

  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(apiUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const createOne = async (index: number): Promise<BenchApplication> => {
    const country = countries[index % countries.length]!;
    const birthYear = 1960 + (Math.floor(index / countries.length) % 40);
    const nationalId = makeTestNationalId(
      country,
      `${birthYear}-0${1 + (index % 9)}-1${index % 10}`,
      Math.floor(index / 400),
    );
    const { token } = (await post('/auth/dev/login', {
      nationalId,
      country,
      role: 'Customer',
      brand: brandOfCountry[country],
    })) as { token: string };
    const created = await post(
      '/loan-application',
      {
        Product: 'UnsecuredLoan',
        Brand: brandOfCountry[country],
        Amount: amounts[country],
        Duration: 5,
        LoanPurpose: 'Renovation',
        // The apply journey's consent step (submit refuses without it).
        Data: { CreditCheckConsent: { Given: true, At: new Date().toISOString() } },
        MainApplicant: mainApplicantDetails(defaultIncome[country]),
      },
      token,
    );
    return { id: created.ID as string, token };
  };

  return {
    apiUrl,
    api: api!,
    apiStartedAt,
    sandbox: sandbox!,
    pool,
    databaseName,
    async createApplications(count, first) {
      const made: BenchApplication[] = new Array(count);
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < count) {
            const slot = next++;
            made[slot] = await createOne(first + slot);
          }
        }),
      );
      return made;
    },
    close,
  };
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

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy within 2 minutes`);
}
