import { makeTestNationalId } from '@nordloan/domain/national-id';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsecuredNo } from '#src/modules/loan-applications/test-fixtures.ts';
import { initTelemetry, shutdownTelemetry } from '#src/telemetry/tracing.ts';
import { defaultIncome, mainApplicantDetails } from '#src/test/lending-test-helpers.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

// Issue 15 item 4: everything the API logs at its most verbose level, through the flows that carry
// secrets (logins, national ids in bodies, queries and paths, magic links, staff search, tokens in
// queries, failing requests), holds no national id, no token and no magic token. Nor do the traces of the
// same requests (issue 37 item 5): every span's name, attributes, events and status, with tracing on.

const logLines: string[] = [];
const spans = new InMemorySpanExporter();
let t: TestApp;
const secrets = new Set<string>();

beforeAll(async () => {
  initTelemetry({ exporter: spans, env: {} });
  t = await createTestApp({
    config: { logLevel: 'trace' },
    deps: { logStream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await t.close();
  await shutdownTelemetry();
});

function remember(...values: (string | undefined)[]) {
  for (const value of values) if (value) secrets.add(value);
}

/** A Norwegian unsecured-loan application of the caller with these applicants; answers its id. */
async function createApplication(headers: Record<string, string>, applicants: Record<string, unknown>) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/loan-application',
    headers,
    payload: { ...unsecuredNo, LoanPurpose: 'Renovation', ...applicants },
  });
  expect(created.statusCode).toBe(201);
  return (created.json() as { ID: string }).ID;
}

describe('log scan', () => {
  it('finds no national id, token or magic token in anything the API logged', async () => {
    const mainId = makeTestNationalId('NO', '1985-06-15', 41);
    const coId = makeTestNationalId('NO', '1987-02-03', 42);
    const swedishId = makeTestNationalId('SE', '1979-11-30', 43);
    remember(mainId, coId, swedishId);

    const owner = await t.login({ nationalId: mainId, country: 'NO' });
    const swede = await t.login({ nationalId: swedishId, country: 'SE', brand: 'se-main' });
    remember(owner.token, swede.token);
    const auth = { authorization: `Bearer ${owner.token}` };

    const id = await createApplication(auth, {
      MainApplicant: mainApplicantDetails(defaultIncome.NO),
      CoApplicant: { ...mainApplicantDetails(defaultIncome.NO), NationalID: coId },
    });

    // Refused inputs that echo a national id back to nobody: a bad one, and one in a path and a query.
    await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${id}`,
      headers: auth,
      payload: { CoApplicant: { NationalID: `${coId.slice(0, -1)}0` } },
    });
    await t.app.inject({ method: 'GET', url: `/person/${mainId}`, headers: auth });
    await t.app.inject({ method: 'GET', url: `/loan-application?nationalId=${mainId}`, headers: auth });
    await t.app.inject({ method: 'GET', url: `/loan-application/${id}?token=${owner.token}` });
    await t.app.inject({ method: 'GET', url: `/loan-application/${id}`, headers: auth });

    // A magic link, sent, looked up and exchanged for a token.
    const email = `log-scan-${Date.now()}@example.no`;
    await t.database.withSession((session) =>
      session.query('UPDATE customer SET email = $1 WHERE id = $2', [email, owner.CustomerID]),
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${id}/magic-link`,
      headers: auth,
      payload: { Channel: 'email' },
    });
    expect(sent.statusCode).toBe(201);
    // The worker sends it over SMTP to the local sink (ADR 0030); the mailbox shows what arrived there.
    await t.deliverMessages();
    const mailbox = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent(email)}`,
    });
    const magicTokens = [...mailbox.body.matchAll(/#magic=([A-Za-z0-9_-]+)/g)].map((match) => match[1]!);
    expect(magicTokens.length).toBeGreaterThan(0);
    remember(...magicTokens);
    for (const magicToken of magicTokens) {
      await t.app.inject({ method: 'GET', url: `/loan-application/magic/${magicToken}` });
      const exchanged = await t.app.inject({
        method: 'POST',
        url: '/auth/magic-token',
        payload: { magicToken },
      });
      remember((exchanged.json() as { token?: string }).token);
    }

    // Staff look the applicant up by national id.
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }], 'log-scan agent');
    remember(staff);
    const search = await t.app.inject({
      method: 'GET',
      url: `/backoffice/search?q=${mainId}`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(search.statusCode).toBe(200);

    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(20);
    const found = [...secrets].filter((secret) => log.includes(secret));
    console.log(
      `log scan: ${logLines.length} lines, ${log.length} characters, ${secrets.size} secrets looked for, ${found.length} found`,
    );
    expect(found).toEqual([]);
    // The digits of the numbers without their separators, too.
    for (const nationalId of [mainId, coId, swedishId]) {
      expect(log).not.toContain(nationalId.replace(/\D/g, ''));
    }

    // The spans of the same requests: what an OTLP collector would receive of them.
    const traced = JSON.stringify(
      spans.getFinishedSpans().map((span) => ({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
        status: span.status,
      })),
    );
    expect(spans.getFinishedSpans().length).toBeGreaterThan(20);
    expect(traced).toContain('/loan-application/:id');
    const inSpans = [...secrets].filter((secret) => traced.includes(secret));
    console.log(`span scan: ${spans.getFinishedSpans().length} spans, ${inSpans.length} secrets found`);
    expect(inSpans).toEqual([]);
    for (const nationalId of [mainId, coId, swedishId]) {
      expect(traced).not.toContain(nationalId.replace(/\D/g, ''));
    }
  });

  it('logs a request whose statement failed without the statement’s parameters', async () => {
    const owner = await t.login({ nationalId: makeTestNationalId('NO', '1990-01-20', 44), country: 'NO' });
    const auth = { authorization: `Bearer ${owner.token}` };
    const secret = `Secret Employer ${Date.now()}`;
    const id = await createApplication(auth, {
      MainApplicant: { ...mainApplicantDetails(defaultIncome.NO), EmployerName: secret },
    });
    // The database refuses the change: the statement that fails carries the application's snapshot.
    await t.database.withSession((session) =>
      session.query(`CREATE FUNCTION log_scan_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the log scan'; END $$;
        CREATE TRIGGER log_scan_refuse BEFORE INSERT ON loan_application_revision
          FOR EACH ROW EXECUTE FUNCTION log_scan_refuse();`),
    );
    const before = logLines.length;
    try {
      const refused = await t.app.inject({
        method: 'PATCH',
        url: `/loan-application/${id}`,
        headers: auth,
        payload: { Amount: 160_000 },
      });
      expect(refused.statusCode).toBe(500);
    } finally {
      await t.database.withSession((session) =>
        session.query(
          'DROP TRIGGER log_scan_refuse ON loan_application_revision; DROP FUNCTION log_scan_refuse();',
        ),
      );
    }
    const log = logLines.slice(before).join('');
    expect(log).toContain('refused by the log scan');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(owner.token);
  });
});
