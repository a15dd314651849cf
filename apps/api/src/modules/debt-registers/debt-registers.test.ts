import type { Country } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DebtRegisterSandbox,
  startDebtRegisterSandbox,
} from '#src/dev/debt-register-sandbox/debt-register-sandbox.ts';
import { applicationOf } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// Debts from the national debt registers (issue 35 item 3, ADR 0079), against the local stand-in started
// here on a free port as its own HTTP server: Gjeldsregisteret (NO) and the positive credit register (FI),
// each test person chosen by the birth day in the national id (01 several debts, 02 none, 03 unavailable,
// 04 timeout, 05 garbage), and who may see what.

let t: TestApp;
let registers: DebtRegisterSandbox;
const logLines: string[] = [];
const apiKey = 'test-debt-register-key';
let serial = 0;

beforeAll(async () => {
  registers = await startDebtRegisterSandbox({ apiKey });
  t = await createTestApp({
    config: {
      logLevel: 'info',
      debtRegisters: {
        norwayUrl: `${registers.url}/no`,
        finlandUrl: `${registers.url}/fi`,
        apiKey,
        timeoutMs: 2_000,
        sandbox: { enabled: false, port: 0 },
      },
    },
    deps: { logStream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
  await registers?.close();
});

const brandOf: Record<Country, string> = { NO: 'no-main', FI: 'fi-main', SE: 'se-main', DK: 'dk-main' };

/** An applicant born on `day` (the stand-in's test person) with an unsecured-loan application. */
async function applicant(country: Country, day: string) {
  const nationalId = makeTestNationalId(country, `1985-03-${day}`, serial++);
  const login = await t.login({ nationalId, country, role: 'Customer' });
  const application = await applicationOf(t, login, {
    product: 'UnsecuredLoan',
    brand: brandOf[country],
    country,
  });
  return { token: login.token as string, id: application.id, nationalId };
}

const fetchDebts = (who: { token: string; id: string }, payload: unknown = { Consent: true }) =>
  t.app.inject({
    method: 'POST',
    url: `/loan-application/${who.id}/debt-register/fetch`,
    headers: bearer(who.token),
    payload: payload as object,
  });
const read = (who: { token: string; id: string }) =>
  t.app.inject({
    method: 'GET',
    url: `/loan-application/${who.id}/debt-register`,
    headers: bearer(who.token),
  });
const debtsOf = async (who: { token: string; id: string }) =>
  (
    await t.app.inject({ method: 'GET', url: `/loan-application/${who.id}/debt`, headers: bearer(who.token) })
  ).json() as { ID: string; Source: number; DebtType: string; Balance: number; CreditLimit: number | null }[];

describe('debt registers', () => {
  it('writes Gjeldsregisteret’s debts into the application (source 2), unused card limits counted at their limit', async () => {
    const who = await applicant('NO', '01');
    expect((await read(who)).json()).toEqual({ Register: 'NO-GJELDSREGISTERET', Inquiries: [] });
    const fetched = await fetchDebts(who);
    expect(fetched.statusCode).toBe(200);
    const inquiry = fetched.json();
    expect(inquiry).toMatchObject({ State: 'fetched', Failure: null, Register: 'NO-GJELDSREGISTERET' });
    expect(inquiry.Consent.Purpose).toContain(who.id);
    expect(inquiry.Consent.Scope).toContain('Gjeldsregisteret');
    expect(inquiry.Found).toHaveLength(4);
    const unused = inquiry.Found.find((debt: { Creditor: string }) => debt.Creditor === 're:member');
    expect(unused).toMatchObject({
      Balance: 0,
      CreditLimit: 30_000,
      CountedBalance: 30_000,
      DebtType: 'CreditCard',
    });
    const loan = inquiry.Found.find((debt: { DebtType: string }) => debt.DebtType === 'Unsecured');
    expect(loan).toMatchObject({
      Balance: 120_000,
      MonthlyPayment: 3_150,
      InterestRate: 0.149,
      CountedBalance: 120_000,
    });
    const debts = await debtsOf(who);
    expect(debts).toHaveLength(4);
    expect(debts.every((debt) => debt.Source === 2)).toBe(true);
    expect(debts.find((debt) => debt.CreditLimit === 30_000)?.Balance).toBe(0);
    // The national id went to the register only, never to the log.
    expect(logLines.join('\n')).not.toContain(who.nationalId);
    // Every inquiry is audited.
    const audited = await t.database.db.execute(
      `SELECT action, details::text AS details FROM audit_entry WHERE loan_application_id = '${who.id}'` as never,
    );
    expect(JSON.stringify(audited)).toContain('debtRegister.inquiry');
  });

  it('reads the Finnish positive credit register with its purpose of use', async () => {
    const who = await applicant('FI', '01');
    const inquiry = (await fetchDebts(who)).json();
    expect(inquiry).toMatchObject({ State: 'fetched', Register: 'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI' });
    expect(inquiry.Consent.Purpose).toContain('purpose of use 1');
    expect(inquiry.Found).toHaveLength(3);
    expect(inquiry.Found.find((debt: { Balance: number }) => debt.Balance === 12_000)).toMatchObject({
      DebtType: 'Unsecured',
      MonthlyPayment: 315,
    });
    expect((await debtsOf(who)).filter((debt) => debt.Source === 2)).toHaveLength(3);
  });

  it('answers an empty list for a person without debts', async () => {
    const who = await applicant('NO', '02');
    const inquiry = (await fetchDebts(who)).json();
    expect(inquiry).toMatchObject({ State: 'fetched', Found: [] });
    expect(await debtsOf(who)).toEqual([]);
  });

  it.each([
    ['03', 'REGISTER_UNAVAILABLE'],
    ['04', 'REGISTER_TIMEOUT'],
    ['05', 'REGISTER_INVALID_ANSWER'],
  ])('goes on without data when the register (test person %s) fails: %s', async (day, failure) => {
    for (const country of ['NO', 'FI'] as const) {
      const who = await applicant(country, day);
      const answer = await fetchDebts(who);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ State: 'failed', Failure: failure, Found: [] });
      expect(await debtsOf(who)).toEqual([]);
      // The application is still the applicant's to change and send.
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/loan-application/${who.id}`,
        headers: bearer(who.token),
        payload: { Amount: country === 'NO' ? 100_000 : 5_000, Duration: 5 },
      });
      expect(patched.statusCode, patched.body).toBe(200);
    }
  });

  it('asks only with consent, and only where there is a register', async () => {
    const who = await applicant('NO', '01');
    expect((await fetchDebts(who, {})).statusCode).toBe(400);
    expect((await fetchDebts(who, { Consent: false })).statusCode).toBe(400);
    const swede = await applicant('SE', '01');
    expect((await read(swede)).json()).toEqual({ Register: null, Inquiries: [] });
    expect((await fetchDebts(swede)).statusCode).toBe(409);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${who.id}/debt-register/fetch`,
      payload: { Consent: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is the applicant’s own: another person 404, staff of the country read (audited) but do not fetch, other staff 403', async () => {
    const who = await applicant('NO', '01');
    await fetchDebts(who);
    const stranger = await applicant('NO', '02');
    const asStranger = { token: stranger.token, id: who.id };
    expect((await read(asStranger)).statusCode).toBe(404);
    expect((await fetchDebts(asStranger)).statusCode).toBe(404);
    const someDebt = (await debtsOf(who))[0]!;
    const strangerCorrects = await t.app.inject({
      method: 'PUT',
      url: `/loan-application/${who.id}/debt-register/debts/${someDebt.ID}`,
      headers: bearer(stranger.token),
      payload: { Balance: 1, MonthlyPayment: null, CreditLimit: null },
    });
    expect(strangerCorrects.statusCode).toBe(404);
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }], 'NO case handler');
    const staffRead = await read({ token: staff, id: who.id });
    expect(staffRead.statusCode).toBe(200);
    expect(staffRead.json().Inquiries).toHaveLength(1);
    expect((await fetchDebts({ token: staff, id: who.id })).statusCode).toBe(403);
    const audited = await t.database.db.execute(
      `SELECT action FROM audit_entry WHERE loan_application_id = '${who.id}'` as never,
    );
    expect(JSON.stringify(audited)).toContain('debtRegister.read');
    // Every staff read is an entry of its own (the back office's Finances tab reads through this route);
    // the applicant's own read and a refused read are none.
    const staffReads = async () => {
      const result = (await t.database.db.execute(
        `SELECT actor FROM audit_entry WHERE loan_application_id = '${who.id}' AND action = 'debtRegister.read'` as never,
      )) as unknown as { rows: { actor: string }[] } | { actor: string }[];
      return (Array.isArray(result) ? result : result.rows).map((row) => row.actor.split(':')[0]);
    };
    expect(await staffReads()).toEqual(['staff']);
    await read({ token: staff, id: who.id });
    await read(who);
    expect(await staffReads()).toEqual(['staff', 'staff']);
    const swedishStaff = await t.staffToken([{ Name: 'Sales', Country: 'SE' }], 'SE case handler');
    expect([403, 404]).toContain((await read({ token: swedishStaff, id: who.id })).statusCode);
    expect(await staffReads()).toHaveLength(2);
  });

  it('lets the applicant correct a debt: it becomes their own statement, the register’s answer kept as found', async () => {
    const who = await applicant('NO', '01');
    await fetchDebts(who);
    const card = (await debtsOf(who)).find((debt) => debt.CreditLimit === 50_000)!;
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/loan-application/${who.id}/debt-register/debts/${card.ID}`,
      headers: bearer(who.token),
      payload: { Balance: 0, MonthlyPayment: null, CreditLimit: 25_000 },
    });
    expect(corrected.statusCode).toBe(200);
    const found = corrected.json().Found.find((debt: { DebtID: string }) => debt.DebtID === card.ID);
    expect(found).toMatchObject({ Balance: 8_500, CreditLimit: 50_000, CorrectedByApplicant: true });
    const after = (await debtsOf(who)).find((debt) => debt.ID === card.ID)!;
    expect(after).toMatchObject({ Source: 1, Balance: 0, CreditLimit: 25_000 });
    // The register's debts themselves stay facts: the ordinary debt route refuses to restate them.
    const other = (await debtsOf(who)).find((debt) => debt.Source === 2)!;
    const restated = await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${who.id}/debt`,
      headers: bearer(who.token),
      payload: { ID: other.ID, Balance: 1 },
    });
    expect(restated.statusCode).toBe(403);
    // A fetch again later keeps the correction and does not add the debt twice.
    t.clock.advance(11 * 60_000);
    await fetchDebts(who);
    const again = await debtsOf(who);
    expect(again).toHaveLength(4);
    expect(again.find((debt) => debt.ID === card.ID)).toMatchObject({ Source: 1, CreditLimit: 25_000 });
  });

  it('goes with the application when it is deleted', async () => {
    const who = await applicant('FI', '01');
    await fetchDebts(who);
    await t.database.db.execute(`DELETE FROM loan_application WHERE id = '${who.id}'` as never);
    const rows = await t.database.db.execute(
      `SELECT count(*)::int AS n FROM debt_register_inquiry WHERE loan_application_id = '${who.id}'` as never,
    );
    expect(JSON.stringify(rows)).toContain('"n":0');
  });
});

describe('the co-applicant’s own inquiry (ADR 0079: each applicant for their own part)', () => {
  it('the co-applicant fetches their own register debts; neither applicant sees the other’s', async () => {
    const main = await t.login({
      nationalId: makeTestNationalId('NO', '1985-03-02', serial++),
      country: 'NO',
      role: 'Customer',
    });
    const coNationalId = makeTestNationalId('NO', '1987-06-01', serial++);
    const created = await t.app.inject({
      method: 'POST',
      url: '/loan-application',
      headers: bearer(main.token),
      payload: {
        Product: 'UnsecuredLoan',
        Brand: 'no-main',
        Amount: 150_000,
        Duration: 5,
        CoApplicant: { NationalID: coNationalId, NetMonthlyIncome: 31_000 },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { ID: string }).ID;
    const co = await t.login({ nationalId: coNationalId, country: 'NO', role: 'Customer' });
    const asCo = { token: co.token as string, id };
    const asMain = { token: main.token as string, id };

    const fetched = await fetchDebts(asCo);
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json()).toMatchObject({ OwnerRole: 'CoApplicant', State: 'fetched' });
    expect(fetched.json().Found.length).toBeGreaterThan(0);
    // The register's answer about the co-applicant is theirs alone.
    expect((await read(asCo)).json().Inquiries.map((row: { OwnerRole: string }) => row.OwnerRole)).toEqual([
      'CoApplicant',
    ]);
    expect((await read(asMain)).json().Inquiries).toEqual([]);
    // The main applicant's own inquiry (born on the 2nd: no debts) stays apart from it.
    expect((await fetchDebts(asMain)).json()).toMatchObject({ OwnerRole: 'MainApplicant', Found: [] });
    expect((await read(asCo)).json().Inquiries).toHaveLength(1);
  });
});
