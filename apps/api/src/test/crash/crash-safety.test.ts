import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainApplicantDetails } from '#src/test/lending-test-helpers.ts';
import { type SandboxProcess, startSandboxProcess } from './sandbox-process.ts';
import { freePort, type ServerProcess, startServer } from './server-process.ts';

// Issue 15 item 3: the real server as a child process under concurrent creates, PATCHes, submits and
// accepts, killed with SIGKILL in the middle, started again on the same data. Every acknowledged write
// must be there, the job worker must pick up where it stopped (no application left in a status only a
// job moves it out of), each lender registered at most once per application; and on the restarted
// server parallel PATCHes with one Revision have one winner, two accepts at once one acceptance.
// PGlite by default; PostgreSQL when TEST_DATABASE_URL is set (npm test runs the api project on both).
// CRASH_CLIENTS / CRASH_LOAD_MS set the size (npm test: small; npm run test:deep: large).

const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 4);
const LOAD_MS = Number(process.env.CRASH_LOAD_MS ?? 4_000);
const serverUrl = process.env.TEST_DATABASE_URL;
const engine = serverUrl ? 'PostgreSQL' : 'PGlite';

// Statuses only the job worker moves an application out of (intake, registration, the lenders' answers).
const transientStatuses = [160, 180, 200, 210, 300, 310];

let dataDir: string;
let env: Record<string, string>;
let port: number;
let server: ServerProcess | undefined;
let sandbox: SandboxProcess | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nordloan-crash-'));
  env = { DATA_DIR: dataDir, LENDER_DELAY_SCALE: '0.02', LENDER_SEED: '7', DATABASE_URL: '' };
  if (serverUrl) {
    const name = `nordloan_crash_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  port = await freePort();
  // The lenders are the sandbox lender's process (ADR 0083: the API has no simulated lenders of its own), so
  // the load's acceptances have offers to accept; its callbacks are retried through the kill.
  sandbox = await startSandboxProcess({
    callbackUrl: `http://127.0.0.1:${port}/lender-api/callbacks`,
    logFile: join(dataDir, 'sandbox.log'),
    env: {
      LENDER_SEED: '7',
      LENDER_DELAY_SCALE: '0.02',
      LENDER_SANDBOX_CALLBACK_TRIES: '720',
      LENDER_SANDBOX_CALLBACK_RETRY_MS: '250',
    },
  });
  env.LENDER_API_SANDBOX_URL = sandbox.url;
}, 240_000);

afterAll(async () => {
  await server?.kill();
  await sandbox?.stop();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Call {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read field by field in the checks
  body: any;
}

async function call(method: string, path: string, token?: string, body?: unknown): Promise<Call> {
  const response = await fetch(`${server!.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

let idSerial = 0;
function nextNationalId(): string {
  const index = idSerial++;
  const day = String(1 + (index % 28)).padStart(2, '0');
  const month = String(1 + (Math.floor(index / 28) % 12)).padStart(2, '0');
  return makeTestNationalId('NO', `1970-${month}-${day}`, 100 + Math.floor(index / 336));
}

/** What the server acknowledged before it died: the writes that must survive. */
interface Acknowledged {
  created: { id: string; token: string }[];
  patched: { id: string; revision: number; amount: number }[];
  submitted: { id: string; token: string }[];
  accepted: { id: string; quoteId: string }[];
}

const details = mainApplicantDetails({ grossYearlyIncome: 720_000, netMonthlyIncome: 45_000 });

async function applicant(): Promise<{ token: string }> {
  const login = await call('POST', '/auth/dev/login', undefined, {
    nationalId: nextNationalId(),
    country: 'NO',
    role: 'Customer',
  });
  if (login.status !== 200) throw new Error(`login ${login.status} ${JSON.stringify(login.body)}`);
  return { token: login.body.token };
}

/** One client: apply, change the amount a few times, submit, and accept an offer once one is there. */
async function client(acked: Acknowledged, stop: () => boolean): Promise<void> {
  while (!stop()) {
    try {
      const { token } = await applicant();
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
      acked.created.push({ id, token });
      let revision = created.body.Revision as number;
      for (let step = 1; step <= 3 && !stop(); step++) {
        const amount = 150_000 + step * 10_000;
        const patched = await call('PATCH', `/loan-application/${id}`, token, {
          Revision: revision,
          Amount: amount,
        });
        if (patched.status !== 200) break;
        revision = patched.body.Revision;
        acked.patched.push({ id, revision, amount });
      }
      const submitted = await call('PATCH', `/loan-application/${id}/application-complete`, token, {});
      if (submitted.status === 200) acked.submitted.push({ id, token });
      // An earlier application of this load may have offers by now: accept one.
      const earlier = acked.submitted.find(
        (candidate) => !acked.accepted.some((done) => done.id === candidate.id),
      );
      if (earlier) {
        const quotes = await call(
          'GET',
          `/loan-quote-presentation/application/${earlier.id}/quotes`,
          earlier.token,
        );
        const open = (quotes.body ?? []).find?.((quote: { Status: string }) => quote.Status === 'approved');
        if (open) {
          const accepted = await call('POST', `/loan-quote/${open.ID}/accept`, earlier.token, {
            Consent: true,
          });
          if (accepted.status === 201) acked.accepted.push({ id: earlier.id, quoteId: open.ID });
        }
      }
    } catch {
      // The server died mid-request: what was not acknowledged is not counted.
      if (stop()) return;
    }
  }
}

describe(`crash safety on ${engine}`, () => {
  it('keeps every acknowledged write through kill -9, and the jobs resume', async () => {
    const logFile = join(dataDir, 'server.log');
    server = await startServer({ port, env, logFile });
    const acked: Acknowledged = { created: [], patched: [], submitted: [], accepted: [] };
    let stopped = false;
    const clients = Array.from({ length: CLIENTS }, () => client(acked, () => stopped));
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    // Mid-load: requests in flight, transactions open, jobs running.
    await server.kill();
    stopped = true;
    await Promise.all(clients);

    server = await startServer({ port, env, logFile });
    const staff = await call('POST', '/auth/dev/staff-login', undefined, {
      name: 'crash-check',
      roles: [{ Name: 'Super' }],
    });
    const superToken = staff.body.token as string;
    const lost: string[] = [];
    for (const { id } of acked.created) {
      if ((await call('GET', `/loan-application/${id}`, superToken)).status !== 200)
        lost.push(`create ${id}`);
    }
    for (const { id, revision, amount } of acked.patched) {
      const stored = await call('GET', `/loan-application/${id}/revisions/${revision}`, superToken);
      if (stored.status !== 200 || stored.body.Snapshot?.Amount !== amount)
        lost.push(`patch ${id} r${revision}`);
    }
    for (const { id, quoteId } of acked.accepted) {
      const lending = await call('GET', `/loan-application/${id}/lending`, superToken);
      if (lending.body?.AcceptedQuote?.ID !== quoteId) lost.push(`accept ${id}`);
    }
    // The worker picks up the interrupted intake and fan-out: nothing stays where only a job moves it on.
    const deadline = Date.now() + 120_000;
    let stuck: string[] = [];
    for (;;) {
      stuck = [];
      for (const { id } of acked.submitted) {
        const application = await call('GET', `/loan-application/${id}`, superToken);
        if (application.body?.Status === 100) lost.push(`submit ${id}`);
        if (transientStatuses.includes(application.body?.Status))
          stuck.push(`${id} at ${application.body.Status}`);
      }
      if (stuck.length === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const duplicates: string[] = [];
    for (const { id } of acked.submitted) {
      const lending = await call('GET', `/loan-application/${id}/lending`, superToken);
      const lenders = (lending.body?.LoanRequests ?? []).map(
        (request: { LenderID: string }) => request.LenderID,
      );
      if (new Set(lenders).size !== lenders.length) duplicates.push(id);
    }
    const writes =
      acked.created.length + acked.patched.length + acked.submitted.length + acked.accepted.length;
    console.log(
      `crash safety (${engine}): ${writes} writes acknowledged before kill -9 ` +
        `(${acked.created.length} creates, ${acked.patched.length} PATCHes, ${acked.submitted.length} submits, ` +
        `${acked.accepted.length} accepts), ${lost.length} lost, ${stuck.length} stuck in a transient status, ` +
        `${duplicates.length} applications with a lender registered twice`,
    );
    expect(acked.created.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(stuck).toEqual([]);
    expect(duplicates).toEqual([]);
  }, 900_000);

  it('lets exactly one of parallel PATCHes with the same Revision win', async () => {
    const { token } = await applicant();
    const created = await call('POST', '/loan-application', token, {
      Product: 'UnsecuredLoan',
      Brand: 'no-main',
      Amount: 150_000,
      Duration: 5,
    });
    const id = created.body.ID as string;
    const revision = created.body.Revision as number;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call('PATCH', `/loan-application/${id}`, token, {
          Revision: revision,
          Amount: 100_000 + index * 10_000,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    const winner = answers.find((answer) => answer.status === 200)!;
    const stored = await call('GET', `/loan-application/${id}`, token);
    expect(stored.body).toMatchObject({ Revision: revision + 1, Amount: winner.body.Amount });
  }, 120_000);

  it('accepts exactly once when two accepts arrive at once', async () => {
    const { token } = await applicant();
    const created = await call('POST', '/loan-application', token, {
      Product: 'UnsecuredLoan',
      Brand: 'no-main',
      Amount: 150_000,
      Duration: 5,
      LoanPurpose: 'Renovation',
      Data: { CreditCheckConsent: { Given: true, At: new Date().toISOString() } },
      MainApplicant: details,
    });
    const id = created.body.ID as string;
    expect((await call('PATCH', `/loan-application/${id}/application-complete`, token, {})).status).toBe(200);
    // Offers can be accepted once the application waits for the customer (410): an approved quote may be
    // stored while other lenders still answer, and an accept then is a 409 for every caller.
    let status = 0;
    const deadline = Date.now() + 120_000;
    while (status !== 410 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await call('GET', `/loan-application/${id}/lending`, token)).body?.Status ?? 0;
    }
    expect(status).toBe(410);
    const quotes = await call('GET', `/loan-quote-presentation/application/${id}/quotes`, token);
    const open: { ID: string }[] = (quotes.body ?? []).filter(
      (quote: { Status: string }) => quote.Status === 'approved',
    );
    expect(open.length).toBeGreaterThan(0);
    // The same offer twice at once, and another offer of the application when the panel gave one.
    const targets = [open[0]!, open[0]!, ...open.slice(1, 2)];
    const answers = await Promise.all(
      targets.map((quote) => call('POST', `/loan-quote/${quote.ID}/accept`, token, { Consent: true })),
    );
    const acceptedNow = answers.filter((answer) => answer.status === 201);
    expect(acceptedNow).toHaveLength(1);
    expect(answers.every((answer) => [200, 201, 409].includes(answer.status))).toBe(true);
    const lending = await call('GET', `/loan-application/${id}/lending`, token);
    expect(lending.body.AcceptedQuote.ID).toBe(acceptedNow[0]!.body.Quote.ID);
  }, 180_000);
});
