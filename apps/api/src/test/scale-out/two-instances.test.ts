import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Haproxy, missingProxies, startHaproxy } from '#src/cluster/proxies.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { freePort, type ServerProcess, startServer } from '#src/test/crash/server-process.ts';
import { mainApplicantDetails } from '#src/test/lending-test-helpers.ts';

// Issue 12 goal 5 (docs/decisions/0035): two real server processes on one fresh PostgreSQL database,
// started together on one empty DATA_DIR, behind HAProxy as `npm run start:cluster` runs it (ADR 0070).
// Applications submitted through the proxy get their offers, each lender is registered once per
// application and no job runs twice although both instances' workers poll one queue; a change stored
// by one instance reaches an event stream held open by the other (LISTEN/NOTIFY, through the proxy,
// unbuffered); and a login limit spent half on each instance is spent (Redis).
// PostgreSQL only: PGlite is one process's own database, two processes cannot share it.

const serverUrl = process.env.TEST_DATABASE_URL;
const redisServer = '/usr/bin/redis-server';
const runnable = Boolean(serverUrl) && existsSync(redisServer) && missingProxies().length === 0;
const skipReason = !serverUrl
  ? 'needs TEST_DATABASE_URL: two instances share one PostgreSQL (PGlite is one process’s own database)'
  : missingProxies().length > 0
    ? `needs ${missingProxies().join(' and ')} (apt-get install -y haproxy pgbouncer)`
    : `needs ${redisServer} for the shared rate limits`;

// Statuses only the job worker moves an application out of (intake, registration, the lenders' answers).
const transientStatuses = [160, 180, 200, 210, 300, 310];

let dataDir: string;
let redis: ChildProcess | undefined;
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | undefined;
const servers: ServerProcess[] = [];
let proxy: Haproxy;
let lenders: LenderSandbox | undefined;

beforeAll(async () => {
  if (!runnable) return;
  dataDir = mkdtempSync(join(tmpdir(), 'nordloan-scale-out-'));
  const name = `nordloan_scaleout_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };

  const redisPort = await freePort();
  redis = spawn(redisServer, ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await waitForPort(redisPort);

  // The lenders: the sandbox lender on a free port, both instances calling it (ADR 0083). Without a
  // callback address it answers `pending` until it has decided and the instances ask again.
  lenders = await startLenderSandbox({ seed: 7, delayScale: 0.05 });
  // Both at once on one empty DATA_DIR and one unmigrated database, as `npm run start:cluster` does: they
  // must migrate one after the other and end up with one signing key.
  const env = {
    LENDER_API_SANDBOX_URL: lenders.url,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    LENDER_DELAY_SCALE: '0.05',
    LENDER_SEED: '7',
    JWT_PRIVATE_KEY: '',
    // Each process would start the local e-ID provider on one fixed port (start:cluster runs it in the
    // first instance only); this test signs in through the development login.
    LOCAL_EID_PROVIDER: 'false',
  };
  const ports = [await freePort(), await freePort()];
  servers.push(
    ...(await Promise.all(
      ports.map((port, index) =>
        startServer({ port, env, logFile: join(dataDir, `instance-${index + 1}.log`) }).catch((error) => {
          // The log goes with DATA_DIR in afterAll: say what it held.
          const logFile = join(dataDir, `instance-${index + 1}.log`);
          console.error(existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4_000) : 'no log');
          throw error;
        }),
      ),
    )),
  );
  proxy = await startHaproxy({
    servers: servers.map((server, index) => ({
      name: `api${index + 1}`,
      address: new URL(server.baseUrl).host,
    })),
    runDir: join(dataDir, 'haproxy'),
  });
  await proxy.waitUntilUp();
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(servers.map((server) => server.kill()));
  redis?.kill();
  await lenders?.close();
  await dropDatabase?.();
  if (dataDir && !process.env.KEEP_SCALE_OUT_LOGS) rmSync(dataDir, { recursive: true, force: true });
});

interface Call {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read field by field in the checks
  body: any;
}

async function call(method: string, path: string, token?: string, body?: unknown): Promise<Call> {
  const response = await fetch(`${proxy.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

let idSerial = 0;
async function applicant(): Promise<string> {
  const index = idSerial++;
  const login = await call('POST', '/auth/dev/login', undefined, {
    nationalId: makeTestNationalId('NO', `1975-03-${String(1 + index).padStart(2, '0')}`, 40),
    country: 'NO',
    role: 'Customer',
  });
  expect(login.status).toBe(200);
  return login.body.token as string;
}

const details = mainApplicantDetails({ grossYearlyIncome: 720_000, netMonthlyIncome: 45_000 });

async function createApplication(token: string): Promise<string> {
  const created = await call('POST', '/loan-application', token, {
    Product: 'UnsecuredLoan',
    Brand: 'no-main',
    Amount: 150_000,
    Duration: 5,
    LoanPurpose: 'Renovation',
    Data: { CreditCheckConsent: { Given: true, At: new Date().toISOString() } },
    MainApplicant: details,
  });
  expect(created.status).toBe(201);
  return created.body.ID as string;
}

/** Reads a server-sent events stream until `wanted` arrives (answers true) or the time is up (false). */
async function waitForEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  wanted: string,
  ms: number,
): Promise<boolean> {
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) return false;
    text += decoder.decode(chunk.value, { stream: true });
    if (text.includes(`event: ${wanted}\n`)) return true;
  }
  return false;
}

describe.runIf(runnable)('two API instances on one PostgreSQL behind one address', () => {
  it('gets every submitted application its offers, each lender registered once, each job run once', async () => {
    const applications: { id: string; token: string }[] = [];
    for (let index = 0; index < 6; index++) {
      const token = await applicant();
      applications.push({ id: await createApplication(token), token });
    }
    await Promise.all(
      applications.map(async ({ id, token }) =>
        expect((await call('PATCH', `/loan-application/${id}/application-complete`, token, {})).status).toBe(
          200,
        ),
      ),
    );

    // Which workers hold jobs while the applications move on: said, not asserted — a loaded machine may let
    // one worker take everything, which is correct too.
    const sampler = new pg.Client({ connectionString: databaseUrl });
    await sampler.connect();
    const workersSeen = new Set<string>();
    const deadline = Date.now() + 45_000;
    let waiting = applications;
    while (waiting.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const holders = await sampler.query<{ locked_by: string }>(
        "SELECT DISTINCT locked_by FROM job WHERE status = 'running' AND locked_by IS NOT NULL",
      );
      for (const row of holders.rows) workersSeen.add(row.locked_by);
      const statuses = await Promise.all(
        waiting.map(
          async ({ id, token }) => (await call('GET', `/loan-application/${id}`, token)).body?.Status,
        ),
      );
      waiting = waiting.filter((_, index) => transientStatuses.includes(statuses[index]));
    }
    await sampler.end();
    console.log(`scale-out: jobs were seen running on ${workersSeen.size} of the 2 workers`);
    expect(waiting.map(({ id }) => id)).toEqual([]);

    // Offers arrived and are read through either instance.
    let offers = 0;
    for (const { id, token } of applications) {
      const quotes = await call('GET', `/loan-quote-presentation/application/${id}/quotes`, token);
      expect(quotes.status).toBe(200);
      offers += (quotes.body as { Status: string }[]).filter((quote) => quote.Status === 'approved').length;
    }
    expect(offers).toBeGreaterThan(0);

    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      const ids = applications.map(({ id }) => id);
      // One request per lender and application, and no request went through the same status twice (a
      // registration or decision job run by both workers would write its step twice).
      const requests = await database.query(
        'SELECT loan_application_id, count(*)::int AS n, count(DISTINCT lender_id)::int AS lenders FROM loan_request WHERE loan_application_id = ANY($1) GROUP BY 1',
        [ids],
      );
      expect(requests.rows).toHaveLength(ids.length);
      for (const row of requests.rows) expect(row.n).toBe(row.lenders);
      const repeatedSteps = await database.query(
        'SELECT loan_request_id, status, count(*)::int AS n FROM loan_request_event WHERE loan_application_id = ANY($1) GROUP BY 1, 2 HAVING count(*) > 1',
        [ids],
      );
      expect(repeatedSteps.rows).toEqual([]);
      // A job is claimed again only after a failure (last_error) or a lost lease; neither happens here
      // unless two workers took one job.
      const claimedTwice = await database.query(
        "SELECT id, kind, attempts FROM job WHERE attempts > 1 AND last_error IS NULL AND status = 'done'",
      );
      expect(claimedTwice.rows).toEqual([]);
      const unfinished = await database.query(
        "SELECT count(*)::int AS n FROM job WHERE status = 'running' AND locked_until < now()",
      );
      expect(unfinished.rows[0].n).toBe(0);
    } finally {
      await database.end();
    }
    // Both instances served: HAProxy alternates.
    const [first, second] = await proxy.requestCounts();
    expect(Math.abs(first! - second!)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('brings a change stored by one instance to an event stream held open by the other', async () => {
    const token = await applicant();
    const id = await createApplication(token);
    const controller = new AbortController();
    const stream = await fetch(`${proxy.url}/loan-application/${id}/events`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      const reader = stream.body!.getReader();
      // The first event arrives on its own: the proxy does not hold it back waiting for more.
      expect(await waitForEvent(reader, 'ready', 5_000)).toBe(true);
      // The proxy alternates, so the next request goes to the other instance than the stream's.
      const streamInstance = ((await proxy.requestCounts()).reduce((sum, count) => sum + count, 0) - 1) % 2;
      expect((await call('PATCH', `/loan-application/${id}/application-complete`, token, {})).status).toBe(
        200,
      );
      expect(((await proxy.requestCounts()).reduce((sum, count) => sum + count, 0) - 1) % 2).not.toBe(
        streamInstance,
      );
      expect(await waitForEvent(reader, 'changed', 10_000)).toBe(true);
    } finally {
      controller.abort();
    }
  }, 30_000);

  it('counts a login limit once across both instances (Redis)', async () => {
    const before = await proxy.requestCounts();
    // POST /customer is limited to 20 a minute per client (loginRateLimit); the proxy sends them in turn.
    for (let index = 0; index < 20; index++) {
      expect((await call('POST', '/customer?accepted_terms=true', undefined, {})).status).toBe(201);
    }
    const after = await proxy.requestCounts();
    expect(after.map((count, index) => count - before[index]!)).toEqual([10, 10]);
    const refused = await call('POST', '/customer?accepted_terms=true', undefined, {});
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // And the other instance refuses too: the budget is one.
    expect((await call('POST', '/customer?accepted_terms=true', undefined, {})).status).toBe(429);
  }, 30_000);
});

describe.skipIf(runnable)('two API instances on one PostgreSQL behind one address', () => {
  it.skip(skipReason, () => undefined);
});

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not start on ${port}`);
}
