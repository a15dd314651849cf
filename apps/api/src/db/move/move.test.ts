import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#src/db/client.ts';
import { migrate } from '#src/db/migrate.ts';
import { seedDemoData } from '#src/dev/seed/seed.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { pgliteTemplateDir } from '#src/test/test-database.ts';
import { moveDatabase } from './move-database.ts';

// Issue 37 item 6: a seeded embedded database moved into a fresh PostgreSQL database, and the app on
// PostgreSQL then shows the same applications, quotes, documents and logins through its API. PostgreSQL
// only (TEST_DATABASE_URL): the target is a database of its own on that server, dropped after.

const serverUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);

function databaseUrl(name: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The API on `database`, as the tests build it (no worker: nothing may change between the two looks). */
async function appOn(database: DatabaseHandle, dataDir: string): Promise<TestApp> {
  return createTestApp({ database, config: { dataDir } });
}

/** A minimal PDF upload (multipart) for an application. */
function pdfUpload() {
  const boundary = `----nordloan${randomBytes(8).toString('hex')}`;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2_000, 0x20)]);
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('Category', 'payslip') + field('Owner', 'main-applicant')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payslip.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

type Login = { name: string; country: 'NO' | 'SE' | 'FI' | 'DK'; nationalId: string };

/** What each applicant sees through the API: login ids, applications, their quotes and documents. */
async function lookThrough({ app }: TestApp, logins: readonly Login[]) {
  const seen: Record<string, unknown> = {};
  for (const login of logins) {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      payload: { nationalId: login.nationalId, country: login.country, role: 'Customer' },
    });
    expect(response.statusCode).toBe(200);
    const { token, CustomerID, PersonID } = response.json() as Record<string, string>;
    const get = async (url: string) => {
      const answer = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(answer.statusCode, url).toBe(200);
      return answer.json();
    };
    const page = (await get('/loan-application')) as { Items?: { ID: string }[]; items?: { ID: string }[] };
    const ids = (page.Items ?? page.items ?? []).map((item) => item.ID).sort();
    const applications: Record<string, unknown> = {};
    for (const id of ids) {
      const documents = (await get(`/loan-application/${id}/documents`)) as { ID: string }[];
      const contents = [];
      for (const document of documents) {
        const content = await app.inject({
          url: `/loan-application/${id}/documents/${document.ID}/content`,
          headers: { authorization: `Bearer ${token}` },
        });
        contents.push({ status: content.statusCode, bytes: content.rawPayload.length });
      }
      applications[id] = {
        application: await get(`/loan-application/${id}`),
        quotes: await get(`/loan-quote-presentation/application/${id}/quotes`),
        documents,
        contents,
      };
    }
    seen[login.name] = { CustomerID, PersonID, applications, tokenIssued: typeof token === 'string' };
  }
  return seen;
}

describe.skipIf(!serverUrl)('db:move (embedded database → PostgreSQL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nordloan-move-'));
  const name = `nordloan_move_${randomBytes(6).toString('hex')}`;
  let logins: Login[] = [];
  let before: Record<string, unknown>;

  beforeAll(async () => {
    const source = await openDatabase({
      dataDir: join(dataDir, 'pglite'),
      templateDirectory: join(await pgliteTemplateDir(), 'pglite-template'),
    });
    await migrate(source);
    const t = await appOn(source, dataDir);
    const { app } = t;
    const summary = await seedDemoData({ app, db: source.db });
    logins = summary.logins;
    // A document on the first login's first application, so the move carries one.
    const login = await app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      payload: { nationalId: logins[0]!.nationalId, country: logins[0]!.country, role: 'Customer' },
    });
    const token = (login.json() as { token: string }).token;
    const page = await app.inject({
      url: '/loan-application',
      headers: { authorization: `Bearer ${token}` },
    });
    const first = ((page.json() as { Items: { ID: string }[] }).Items ?? [])[0]!.ID;
    const upload = pdfUpload();
    const uploaded = await app.inject({
      method: 'POST',
      url: `/loan-application/${first}/documents`,
      headers: { authorization: `Bearer ${token}`, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    before = await lookThrough(t, logins);
    await t.close();
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
  }, 120_000);

  afterAll(async () => {
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every table, sets the sequences, and the app on PostgreSQL shows the same', async () => {
    const source = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const target = await openDatabase({ url: databaseUrl(name), poolSize: 2 });
    try {
      const report = await moveDatabase({ source, target });
      expect(report.tables.filter((table) => !table.same)).toEqual([]);
      expect(report.same).toBe(true);
      const rows = Object.fromEntries(report.tables.map((table) => [table.table, table.target.rows]));
      expect(rows.loan_application).toBeGreaterThan(5);
      expect(rows.loan_quote).toBeGreaterThan(0);
      expect(rows.document).toBe(1);
      expect(report.nationalIds).toBe(rows.person);
      // The next application number continues where the embedded database's left off.
      const [sequence] = await target.withSession((session) =>
        session.query<{ is_called: boolean }>('SELECT is_called FROM loan_application_number_seq'),
      );
      expect(sequence?.is_called).toBe(true);
    } finally {
      await source.close();
    }
    const t = await appOn(target, dataDir);
    try {
      const after = await lookThrough(t, logins);
      expect(Object.keys(after)).toHaveLength(logins.length);
      expect(after).toEqual(before);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('refuses a database that is not empty (the one just filled), with a message and exit code 1', async () => {
    const cli = join(import.meta.dirname, 'move-cli.ts');
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', cli, '--to', databaseUrl(name), '--data-dir', dataDir],
      { env: { ...process.env, NODE_ENV: 'test' } },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('The target database is not empty');
  }, 60_000);
});
