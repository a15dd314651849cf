import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BankSandbox, startBankSandbox } from '#src/dev/bank-sandbox/bank-sandbox.ts';
import { applicationOf, newApplicant } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// Verified income from the bank account (issue 35 item 2, ADR 0076): the whole redirect-and-API flow
// against the local account-information provider, started here on a free port as its own HTTP server,
// and each fault: consent cancelled, bank unavailable, timeout, no salary, another currency.

let t: TestApp;
let bank: BankSandbox;
const logLines: string[] = [];
const secret = 'test-bank-client-secret';

beforeAll(async () => {
  bank = await startBankSandbox({ clientId: 'nordloan-test', clientSecret: secret });
  t = await createTestApp({
    config: {
      logLevel: 'info',
      bankData: {
        baseUrl: bank.url,
        clientId: 'nordloan-test',
        clientSecret: secret,
        timeoutMs: 300,
        sandbox: { enabled: false, port: 0 },
      },
    },
    deps: { logStream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
  await bank?.close();
});

async function applicant() {
  const login = await newApplicant(t);
  const application = await applicationOf(t, login, { product: 'UnsecuredLoan' });
  return { token: login.token, id: application.id };
}

/** Connect → the bank (as the test person) → the callback; answers where the browser ends up. */
async function connect(who: { token: string; id: string }, person: string) {
  const started = await t.app.inject({
    method: 'POST',
    url: `/loan-application/${who.id}/bank-data/connect`,
    headers: bearer(who.token),
    payload: { ReturnPath: '/apply/details?step=income' },
  });
  expect(started.statusCode).toBe(201);
  const authorize = new URL(started.json().RedirectUrl);
  expect(authorize.origin).toBe(bank.url);
  authorize.searchParams.set('login_hint', person);
  const atBank = await fetch(authorize, { redirect: 'manual' });
  expect(atBank.status).toBe(302);
  const back = new URL(atBank.headers.get('location') ?? '');
  expect(back.pathname).toBe('/bank-data/callback');
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(callback.statusCode).toBe(302);
  return { location: callback.headers.location as string, state: back.searchParams.get('state') ?? '' };
}

const read = (who: { token: string; id: string }) =>
  t.app.inject({ method: 'GET', url: `/loan-application/${who.id}/bank-data`, headers: bearer(who.token) });

describe('bank data (account information)', () => {
  it('derives income, housing cost and loans from the steady test person, keeping only figures and consent', async () => {
    const who = await applicant();
    expect((await read(who)).json().State).toBe('none');
    const { location, state } = await connect(who, 'steady');
    expect(location).toBe('/apply/details?step=income&bankData=connected');
    const data = (await read(who)).json();
    expect(data.State).toBe('connected');
    expect(data.Figures.NetMonthlyIncome).toBe(38_400);
    expect(data.Figures.HousingCostMonthly).toBe(11_900);
    expect(
      data.Figures.LoanPayments.map((loan: { MonthlyPayment: number }) => loan.MonthlyPayment).sort(),
    ).toEqual([1_400, 2_850]);
    expect(data.Consent.Scope).toContain('transactions');
    expect(new Date(data.Consent.ExpiresAt).getTime()).toBeGreaterThan(
      new Date(data.Consent.GrantedAt).getTime(),
    );
    expect(data.IncomeVerified).toBe(true);
    // Only figures: the row holds no transaction text.
    const stored = await t.database.db.execute(
      `SELECT to_json(b)::text AS row FROM bank_data_connection b WHERE loan_application_id = '${who.id}'` as never,
    );
    expect(JSON.stringify(stored)).toContain('38400');
    expect(JSON.stringify(stored)).not.toContain('REMA');
    // The state is single use.
    const again = await t.app.inject({ method: 'GET', url: `/bank-data/callback?state=${state}&code=x` });
    expect(again.headers.location).toBe('/?bankData=EXPIRED');
    // No code, state or token in the log.
    expect(logLines.join('\n')).not.toContain(state);
  });

  it('lets the applicant correct the figures; a corrected income is no longer verified', async () => {
    const who = await applicant();
    await connect(who, 'steady');
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/loan-application/${who.id}/bank-data/corrections`,
      headers: bearer(who.token),
      payload: { NetMonthlyIncome: 45_000, HousingCostMonthly: null, LoanPaymentsMonthly: 4_250 },
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().Corrected.NetMonthlyIncome).toBe(45_000);
    expect(corrected.json().IncomeVerified).toBe(false);
  });

  it.each([
    ['cancelled', 'CONSENT_CANCELLED'],
    ['unavailable', 'BANK_UNAVAILABLE'],
    ['timeout', 'BANK_UNAVAILABLE'],
  ])('goes back to the form without data when the bank says %s', async (person, reason) => {
    const who = await applicant();
    const { location } = await connect(who, person);
    expect(location).toBe(`/apply/details?step=income&bankData=${reason}`);
    const data = (await read(who)).json();
    expect(data).toMatchObject({ State: 'failed', Failure: reason, Figures: null, IncomeVerified: false });
  });

  it('says so when no salary comes in, or the account is in another currency', async () => {
    const none = await applicant();
    await connect(none, 'no-salary');
    const noSalary = (await read(none)).json();
    expect(noSalary.Figures.NetMonthlyIncome).toBeNull();
    expect(noSalary.Figures.Reasons).toContain('NO_SALARY');
    expect(noSalary.IncomeVerified).toBe(false);
    const foreign = await applicant();
    await connect(foreign, 'other-currency');
    const other = (await read(foreign)).json();
    expect(other.Figures.NetMonthlyIncome).toBeNull();
    expect(other.Figures.Reasons).toContain('OTHER_CURRENCY');
    expect(other.Figures.IgnoredOtherCurrency).toBeGreaterThan(0);
  });

  it('is the applicant’s own: others get 404, staff read but do not connect; withdrawing deletes it', async () => {
    const who = await applicant();
    await connect(who, 'steady');
    const stranger = await newApplicant(t);
    expect((await read({ token: stranger.token, id: who.id })).statusCode).toBe(404);
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }], 'NO case handler');
    expect((await read({ token: staff, id: who.id })).statusCode).toBe(200);
    const audited = await t.database.db.execute(
      `SELECT action FROM audit_entry WHERE loan_application_id = '${who.id}'` as never,
    );
    expect(JSON.stringify(audited)).toContain('bankData.read');
    const staffConnect = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${who.id}/bank-data/connect`,
      headers: bearer(staff),
      payload: {},
    });
    expect(staffConnect.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/loan-application/${who.id}/bank-data`,
      headers: bearer(who.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await read(who)).json().State).toBe('none');
  });

  it('refuses a return address that is not ours', async () => {
    const who = await applicant();
    const started = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${who.id}/bank-data/connect`,
      headers: bearer(who.token),
      payload: { ReturnPath: '//evil.example/x' },
    });
    expect(started.statusCode).toBe(400);
  });

  it('goes with the application when it is deleted', async () => {
    const who = await applicant();
    await connect(who, 'steady');
    await t.database.db.execute(`DELETE FROM loan_application WHERE id = '${who.id}'` as never);
    const rows = (await t.database.db.execute(
      `SELECT count(*)::int AS n FROM bank_data_connection WHERE loan_application_id = '${who.id}'` as never,
    )) as unknown as { n: number }[];
    expect(JSON.stringify(rows)).toContain('"n":0');
  });
});
