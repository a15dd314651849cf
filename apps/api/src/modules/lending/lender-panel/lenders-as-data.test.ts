import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNationalId } from '#src/db/personal-data-cipher.ts';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { findLender } from '#src/modules/lenders/lender.repository.ts';
import { credentialsOf } from '#src/modules/lending/lender-api/lender-credentials.ts';
import { createRegisterPanel, type RegisterPanel } from '#src/modules/lending/lender-panel/register-panel.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import {
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { testSandboxEndpointsOf } from '#src/test/test-lender-sandbox.ts';

// Issue 33 item 4 (docs/decisions/0067) through the API: a country's Manager adds, edits, pauses and resumes
// lenders; other countries' Managers and other roles are refused; the secret is sealed and never returned;
// every change is audited; a paused lender gets no new application while its open requests finish.

let t: TestApp;
const instance = (): RegisterPanel =>
  createRegisterPanel({
    // The simulated lenders at the test sandbox (ADR 0083).
    endpointsOf: testSandboxEndpointsOf,
    fallbackCredentials: credentialsOf({}, { sandboxSecrets: true }),
  });
// The app's panel is the lender table, as in production (dependencies.ts); the test's worker runs with it.
const panel = instance();
beforeAll(async () => {
  t = await createTestApp({ deps: { panel, lenderCredentials: panel.credentials } });
});
afterAll(async () => t.close());

const url = '/backoffice/lenders';
const staff = (name: string, country?: 'SE' | 'NO') =>
  t.staffToken([country ? { Name: name, Country: country } : { Name: name }], `${name}-${country ?? 'all'}`);
const call = (method: 'GET' | 'POST' | 'PATCH', path: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url: path, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const secret = 'a-very-long-signing-secret-for-fjellbanken-0123456789';
const apiLender = {
  ID: 'no-fjellbanken',
  Name: 'Fjellbanken ASA',
  Country: 'NO',
  OrganisationNumber: '919000001',
  Products: ['UnsecuredLoan'],
  Channel: 'api',
  EndpointUrl: 'http://127.0.0.1:9/fjellbanken',
  TimeoutMs: 3000,
  Secret: secret,
  CommissionPercent: 2.5,
  CommissionTable: { DiscoveryLoan: 1.5 },
  Policy: { MinGrossYearlyIncome: 300_000 },
};

describe('the lender register in the back office', () => {
  it('lists the code list lenders of the Manager’s country only, without any secret', async () => {
    const response = await call('GET', url, await staff('Manager', 'NO'));
    expect(response.statusCode).toBe(200);
    const lenders = response.json();
    expect(lenders.length).toBeGreaterThanOrEqual(4);
    expect(lenders.every((lender: { Country: string }) => lender.Country === 'NO')).toBe(true);
    expect(lenders[0]).toMatchObject({
      Channel: 'simulated',
      Origin: 'code',
      Paused: false,
      HasSecret: false,
    });
    expect(response.body).not.toMatch(/"Secret"|v1:|sandbox-lender-secret/);
  });

  it('a Manager adds a lender with an API: the secret is sealed, never answered, and the change audited', async () => {
    const manager = await staff('Manager', 'NO');
    const response = await call('POST', url, manager, apiLender);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      ID: 'no-fjellbanken',
      Channel: 'api',
      HasSecret: true,
      Origin: 'staff',
      CommissionTable: { DiscoveryLoan: 1.5 },
      Policy: expect.objectContaining({ MinGrossYearlyIncome: 300_000 }),
    });
    expect(response.body).not.toContain(secret);
    const row = await findLender(t.database.db, 'no-fjellbanken');
    expect(row?.secretSealed).toMatch(/^v1:/);
    expect(row?.secretSealed).not.toContain(secret);
    expect(openNationalId(row!.secretSealed!)).toBe(secret);
    for (const read of [
      await call('GET', url, manager),
      await call('GET', `${url}/no-fjellbanken`, manager),
    ]) {
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(secret);
      expect(read.body).not.toContain(row!.secretSealed!);
    }
    const audit = await listAudit(t.database.db, { subjectType: 'lender', offset: 0, limit: 10 });
    expect(audit.Items).toContainEqual(
      expect.objectContaining({ Action: 'lender.create', Country: 'NO', SubjectID: 'no-fjellbanken' }),
    );
    expect(JSON.stringify(audit.Items)).not.toContain(secret);
    // The same id again is a conflict.
    expect((await call('POST', url, manager, apiLender)).statusCode).toBe(409);
  });

  it('refuses a Manager of another country, a Sales agent and no token, and changes nothing', async () => {
    const other = { ...apiLender, ID: 'no-annen-bank' };
    expect((await call('POST', url, await staff('Manager', 'SE'), other)).statusCode).toBe(403);
    expect((await call('POST', url, await staff('Sales', 'NO'), other)).statusCode).toBe(403);
    expect((await call('POST', url, null, other)).statusCode).toBe(401);
    const swede = await staff('Manager', 'SE');
    expect((await call('PATCH', `${url}/no-fjellbanken`, swede, { Name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', `${url}/no-fjellbanken/pause`, swede, { Reason: 'Test' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', `${url}/no-fjellbanken`, swede)).statusCode).toBe(403);
    expect((await call('GET', `${url}?country=NO`, swede)).statusCode).toBe(403);
    expect(await findLender(t.database.db, 'no-annen-bank')).toBeUndefined();
    expect((await findLender(t.database.db, 'no-fjellbanken'))?.paused).toBe(false);
  });

  it('refuses an API lender without an endpoint or a secret, and a short secret (400)', async () => {
    const manager = await staff('Manager', 'NO');
    const { EndpointUrl: _url, ...noEndpoint } = { ...apiLender, ID: 'no-uten-url' };
    expect((await call('POST', url, manager, noEndpoint)).statusCode).toBe(400);
    expect(
      (await call('POST', url, manager, { ...apiLender, ID: 'no-kort', Secret: 'short' })).statusCode,
    ).toBe(400);
    expect((await call('POST', url, manager, { ...apiLender, ID: 'se-feil-land' })).statusCode).toBe(400);
  });

  it('an edit replaces the secret (still never shown) and keeps the rest; audited by field name', async () => {
    const manager = await staff('Manager', 'NO');
    const before = (await findLender(t.database.db, 'no-fjellbanken'))!;
    const next = 'the-rotated-secret-of-fjellbanken-abcdefghijklmnop';
    const response = await call('PATCH', `${url}/no-fjellbanken`, manager, { Secret: next, TimeoutMs: 4000 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ TimeoutMs: 4000, EndpointUrl: apiLender.EndpointUrl });
    expect(response.body).not.toContain(next);
    const after = (await findLender(t.database.db, 'no-fjellbanken'))!;
    expect(openNationalId(after.secretSealed!)).toBe(next);
    expect(after.version).toBeGreaterThan(before.version);
    const audit = await listAudit(t.database.db, { subjectType: 'lender', offset: 0, limit: 10 });
    const line = audit.Items.find((item: { Action: string }) => item.Action === 'lender.update');
    expect(line?.Details).toEqual({ fields: ['Secret', 'TimeoutMs'] });
  });
});

describe('pausing a lender', () => {
  it('takes it out of new fan-outs at once; its open requests finish; resuming brings it back', async () => {
    const manager = await staff('Manager', 'NO');
    const worker = testWorker(t, { panel, externalData: fixedExternalData() });
    const first = await createCompleteApplication(t, { country: 'NO' });
    await submit(t, first);
    // The intake and registrations run; the decisions are still to come when the lender is paused.
    await worker.runUntilIdle();
    const openRequests = await listLoanRequests(t.database.db, first.id);
    expect(openRequests.some((request) => request.lenderId === 'no-fjordbanken')).toBe(true);

    const paused = await call('POST', `${url}/no-fjordbanken/pause`, manager, {
      Reason: 'Outage at the bank',
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().Paused).toBe(true);

    const second = await createCompleteApplication(t, { country: 'NO' });
    await submit(t, second);
    await settle(t, worker);
    const secondRequests = await listLoanRequests(t.database.db, second.id);
    expect(secondRequests.length).toBeGreaterThan(0);
    expect(secondRequests.map((request) => request.lenderId)).not.toContain('no-fjordbanken');
    // The first application's request to the paused lender went on to its answer.
    const finished = (await listLoanRequests(t.database.db, first.id)).find(
      (request) => request.lenderId === 'no-fjordbanken',
    );
    expect(finished?.status).not.toBe(210);
    expect(finished?.status).not.toBe(251);

    expect((await call('POST', `${url}/no-fjordbanken/resume`, manager)).json().Paused).toBe(false);
    const third = await createCompleteApplication(t, { country: 'NO' });
    await submit(t, third);
    await worker.runUntilIdle();
    const thirdRequests = await listLoanRequests(t.database.db, third.id);
    expect(thirdRequests.map((request) => request.lenderId)).toContain('no-fjordbanken');
    const audit = await listAudit(t.database.db, { subjectType: 'lender', offset: 0, limit: 20 });
    expect(audit.Items).toContainEqual(
      expect.objectContaining({ Action: 'lender.pause', Reason: 'Outage at the bank' }),
    );
  });

  it('a second instance’s panel sees the pause at its next fan-out (the table’s version)', async () => {
    const manager = await staff('Manager', 'NO');
    const other = instance();
    await other.refresh(t.database.db);
    const versionBefore = other.version();
    const ids = () => other.forApplication('NO', 'UnsecuredLoan').map((adapter) => adapter.profile.id);
    expect(ids()).toContain('no-nordlys-kreditt');
    await call('POST', `${url}/no-nordlys-kreditt/pause`, manager, { Reason: 'Capacity' });
    // What every fan-out does first: the table's version moved, so the lenders are read again.
    await other.refresh(t.database.db);
    expect(other.version()).toBeGreaterThan(versionBefore);
    expect(ids()).not.toContain('no-nordlys-kreditt');
    // Its adapter stays for the requests it has.
    expect(other.adapter('no-nordlys-kreditt')).toBeDefined();
    // The lender added above with its own API is on this instance's panel too, over HTTP.
    expect(ids()).toContain('no-fjellbanken');
    await t.database.db.execute(sql`UPDATE lender SET paused = false WHERE id = 'no-nordlys-kreditt'`);
  });
});
