import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#src/db/client.ts';
import type { SandboxLedgerSnapshot } from '#src/dev/lender-sandbox/sandbox-ledger.ts';
import { mainApplicantDetails } from '#src/test/lending-test-helpers.ts';
import { type SandboxProcess, startSandboxProcess } from './sandbox-process.ts';
import { freePort, type ServerProcess, startServer } from './server-process.ts';

// Issue 33, "Crash": the real API process talks to the sandbox lender — a process of its own, as `npm start`
// runs it — over the lender API, with applications being submitted, lender calls at the lenders and their
// decisions coming back as signed callbacks. The API is killed with SIGKILL while the sandbox is answering
// calls and has callbacks to deliver, and started again on the same data; the sandbox retries the
// callbacks it could not deliver meanwhile. Then, from the sandbox's ledger (GET /_sandbox/ledger) and the
// API's callback inbox (lender_callback):
//   - each lender got each call once: one idempotency key per application and operation that changes
//     something at the lender, its work done once however often it came, one registration per application;
//   - every callback the API acknowledged is recorded exactly once, none was lost or left waiting, and the
//     sandbox has none left to deliver.
// PGlite by default; PostgreSQL when TEST_DATABASE_URL is set. A job the dead process held is taken over
// when its claim runs out: WORKER_LEASE_MS shortens that to 6 s, so the test is its two starts of the API
// and about 15 s more.

const serverUrl = process.env.TEST_DATABASE_URL;
const engine = serverUrl ? 'PostgreSQL' : 'PGlite';
const clients = 4;
/** Lender delays × 0.5: calls take 50–250 ms at the lender, decisions come back 1–10 s later. */
const delayScale = '0.5';
// Statuses only the job worker moves an application out of (intake, registration, the lenders' answers).
const transientStatuses = [160, 180, 200, 210, 300, 310];
/** Operations that change something at the lender: a repeat must carry the same key. */
const changingOperations = ['registerApplication', 'changeOffer', 'acceptOffer', 'disburse'];

let dataDir: string;
let apiEnv: Record<string, string>;
let port: number;
let server: ServerProcess | undefined;
let sandbox: SandboxProcess | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nordloan-crash-http-'));
  port = await freePort();
  apiEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LENDER_SEED: '7',
    LENDER_DELAY_SCALE: delayScale,
    WORKER_LEASE_MS: '6000',
  };
  if (serverUrl) {
    const name = `nordloan_crash_http_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    apiEnv.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  sandbox = await startSandboxProcess({
    callbackUrl: `http://127.0.0.1:${port}/lender-api/callbacks`,
    logFile: join(dataDir, 'sandbox.log'),
    env: {
      LENDER_SEED: '7',
      LENDER_DELAY_SCALE: delayScale,
      // Callbacks the dead API could not take are tried every 250 ms for 3 minutes: through the restart (as
      // long as server-process.ts lets a start take).
      LENDER_SANDBOX_CALLBACK_TRIES: '720',
      LENDER_SANDBOX_CALLBACK_RETRY_MS: '250',
    },
  });
  apiEnv.LENDER_API_SANDBOX_URL = sandbox.url;
}, 240_000);

afterAll(async () => {
  await server?.kill();
  await sandbox?.stop();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${server!.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers of several routes, read field by field
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
}

let idSerial = 0;
function nextNationalId(): string {
  const index = idSerial++;
  const day = String(1 + (index % 28)).padStart(2, '0');
  const month = String(1 + (Math.floor(index / 28) % 12)).padStart(2, '0');
  return makeTestNationalId('NO', `1975-${month}-${day}`, 200 + Math.floor(index / 336));
}

const details = mainApplicantDetails({ grossYearlyIncome: 720_000, netMonthlyIncome: 45_000 });

/** One applicant after another: log in, apply, submit; the submits the API acknowledged are kept. */
async function applyUntil(submitted: string[], stop: () => boolean): Promise<void> {
  while (!stop()) {
    try {
      const login = await call('POST', '/auth/dev/login', undefined, {
        nationalId: nextNationalId(),
        country: 'NO',
        role: 'Customer',
      });
      const token = login.body?.token as string;
      const created = await call('POST', '/loan-application', token, {
        Product: 'UnsecuredLoan',
        Brand: 'no-main',
        Amount: 150_000,
        Duration: 5,
        LoanPurpose: 'Renovation',
        Data: { CreditCheckConsent: { Given: true, At: new Date().toISOString() } },
        MainApplicant: details,
      });
      if (created.status !== 201) continue;
      const id = created.body.ID as string;
      const done = await call('PATCH', `/loan-application/${id}/application-complete`, token, {});
      if (done.status === 200) submitted.push(id);
    } catch {
      // The server died mid-request: what was not acknowledged is not counted.
    }
  }
}

/** The inbox after the run: read from the data the API left (PGlite's directory once it is down). */
async function callbackInbox(): Promise<Array<{ lender_id: string; message_id: string; state: string }>> {
  const query = 'SELECT lender_id, message_id, state FROM lender_callback';
  if (serverUrl) {
    const client = new pg.Client({ connectionString: apiEnv.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(query)).rows;
    } finally {
      await client.end();
    }
  }
  await server!.kill();
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    return await database.withSession((session) =>
      session.query<{ lender_id: string; message_id: string; state: string }>(query),
    );
  } finally {
    await database.close();
  }
}

describe(`crash over HTTP to the sandbox lender on ${engine}`, () => {
  it('kill -9 with lender calls and callbacks in flight: each call done once, each callback recorded once', async () => {
    const logFile = join(dataDir, 'server.log');
    const began = Date.now();
    const phase = (text: string) =>
      console.log(`crash over HTTP, ${((Date.now() - began) / 1000).toFixed(1)} s: ${text}`);
    server = await startServer({ port, env: apiEnv, logFile });
    phase('the API is up');
    const submitted: string[] = [];
    let stopped = false;
    const load = Array.from({ length: clients }, () => applyUntil(submitted, () => stopped));

    // Kill once the lenders are at work: a registration the lender has received and not yet done (so the API
    // cannot have its answer), and callbacks still to deliver.
    let atKill: (SandboxLedgerSnapshot & { inFlight: number }) | undefined;
    let halfDone: SandboxLedgerSnapshot['calls'] = [];
    const waitUntil = Date.now() + 60_000;
    while (Date.now() < waitUntil) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (submitted.length < 4) continue;
      const ledger = await sandbox!.ledger();
      halfDone = ledger.calls.filter(
        (entry) =>
          entry.operation === 'registerApplication' &&
          entry.received > entry.answered &&
          entry.executed === 0,
      );
      if (halfDone.length > 0 && ledger.callbacks.pending > 0) {
        atKill = ledger;
        break;
      }
    }
    await server.kill();
    stopped = true;
    await Promise.all(load);
    phase(`killed with ${submitted.length} submits acknowledged`);
    expect(atKill, 'the lenders were never at work during the load').toBeDefined();
    const acknowledged = submitted.length;

    server = await startServer({ port, env: apiEnv, logFile });
    const staff = await call('POST', '/auth/dev/staff-login', undefined, {
      name: 'crash-check',
      roles: [{ Name: 'Super' }],
    });
    const superToken = staff.body.token as string;
    phase('the API is up again');

    // Until every submitted application has its lenders' answers and the sandbox has no callback to deliver.
    const deadline = Date.now() + 45_000;
    let unfinished: string[] = [];
    let ledger = await sandbox!.ledger();
    for (;;) {
      unfinished = [];
      for (const id of submitted) {
        const status = (await call('GET', `/loan-application/${id}`, superToken)).body?.Status;
        if (status === 100 || transientStatuses.includes(status)) unfinished.push(`${id} at ${status}`);
      }
      ledger = await sandbox!.ledger();
      if ((unfinished.length === 0 && ledger.callbacks.pending === 0) || Date.now() > deadline) break;
      phase(`${unfinished.length} applications unanswered, ${ledger.callbacks.pending} callbacks to deliver`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(unfinished).toEqual([]);
    expect(ledger.callbacks.pending).toBe(0);

    // Each lender got each call once.
    const keysOfCall = new Map<string, Set<string>>();
    const doneTwice: string[] = [];
    for (const entry of ledger.calls) {
      if (!changingOperations.includes(entry.operation)) continue;
      const target = `${entry.lenderId} ${entry.operation} ${entry.reference}`;
      keysOfCall.set(target, (keysOfCall.get(target) ?? new Set()).add(entry.idempotencyKey));
      if (entry.executed !== 1) doneTwice.push(`${target} (${entry.idempotencyKey}: ${entry.executed}×)`);
    }
    const newKeys = [...keysOfCall].filter(([, keys]) => keys.size > 1).map(([target]) => target);
    const registeredTwice = ledger.registrations.filter((entry) => entry.count !== 1);
    const repeated = ledger.calls.filter(
      (entry) => changingOperations.includes(entry.operation) && entry.received > 1,
    ).length;
    // The registrations the lender was at when the API died: done once by the lender; sent again after the
    // restart with their key — or not at all, when the lender's decision came back by callback first and
    // the job found the request answered (any other key for them is in `newKeys`).
    const halfDoneAfter = halfDone.map((early) =>
      ledger.calls.find(
        (entry) => entry.idempotencyKey === early.idempotencyKey && entry.lenderId === early.lenderId,
      ),
    );
    const halfDoneNotOnce = halfDoneAfter
      .filter((entry) => entry?.executed !== 1)
      .map((entry) => entry?.idempotencyKey);
    const halfDoneSentAgain = halfDoneAfter.filter((entry) => entry && entry.received > 1).length;
    // The API's side: one loan request per lender and application.
    const twiceInApi: string[] = [];
    for (const id of submitted) {
      const lending = await call('GET', `/loan-application/${id}/lending`, superToken);
      const lenders = (lending.body?.LoanRequests ?? []).map(
        (request: { LenderID: string }) => request.LenderID,
      );
      if (new Set(lenders).size !== lenders.length) twiceInApi.push(id);
    }

    // Every callback the API acknowledged is in its inbox once; none refused, none lost, none left waiting.
    const delivered = ledger.callbacks.delivered;
    const refused = delivered.filter((entry) => entry.status < 200 || entry.status >= 300);
    const acknowledgedIds = new Set(delivered.filter((entry) => entry.status < 300).map((e) => e.messageId));
    const inbox = await callbackInbox();
    const rowsPerMessage = new Map<string, number>();
    for (const row of inbox)
      rowsPerMessage.set(row.message_id, (rowsPerMessage.get(row.message_id) ?? 0) + 1);
    const lost = [...acknowledgedIds].filter((id) => !rowsPerMessage.has(id));
    const recordedTwice = [...rowsPerMessage].filter(([, rows]) => rows > 1).map(([id]) => id);
    const waiting = inbox.filter((row) => row.state === 'waiting');
    const redelivered = delivered.filter((entry) => entry.tries > 1).length;

    console.log(
      `crash over HTTP (${engine}): ${acknowledged} submits acknowledged before kill -9, ` +
        `${submitted.length} applications; at the kill ${atKill!.inFlight} lender requests in flight ` +
        `(${halfDone.length} registrations not yet done; ${halfDoneSentAgain} of them sent again with their key ` +
        'after the restart, the others answered by callback first) and ' +
        `${atKill!.callbacks.pending} callbacks to deliver; after the restart ${repeated} calls came again ` +
        `with their key (answered from the first), ${redelivered} callbacks took more than one try; ` +
        `${ledger.calls.length} calls, ${delivered.length} callbacks (${acknowledgedIds.size} messages), ` +
        `${inbox.length} inbox rows; ${newKeys.length} calls sent with a new key, ${doneTwice.length} done twice, ` +
        `${registeredTwice.length} registered twice, ${lost.length} callbacks lost, ${recordedTwice.length} recorded twice`,
    );
    expect(acknowledged).toBeGreaterThan(0);
    expect(halfDoneNotOnce).toEqual([]);
    expect(newKeys).toEqual([]);
    expect(doneTwice).toEqual([]);
    expect(registeredTwice).toEqual([]);
    expect(twiceInApi).toEqual([]);
    expect(refused).toEqual([]);
    expect(lost).toEqual([]);
    expect(recordedTwice).toEqual([]);
    expect(waiting).toEqual([]);
    expect(inbox.length).toBe(acknowledgedIds.size);
  }, 600_000);
});
