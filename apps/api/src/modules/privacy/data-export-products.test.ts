import { makeTestNationalId } from '@nordloan/domain/national-id';
import { type PersonDataExport, personDataExportSchema } from '@nordloan/domain/privacy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBankDataConnection } from '#src/modules/bank-data/bank-data.repository.ts';
import { saveInquiry } from '#src/modules/debt-registers/debt-registers.repository.ts';
import { insertMandate, insertPaymentMandate } from '#src/modules/insurance/insurance.repository.ts';
import { insertInsuranceRequest } from '#src/modules/insurance/insurance-policy.repository.ts';
import {
  findRateWatchOfApplication,
  insertRateWatchCheck,
  upsertRateWatch,
} from '#src/modules/rate-watch/rate-watch.repository.ts';
import { mainApplicantDetails } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { nextTestFileSerial } from '#src/test/test-file-serial.ts';
import { dataExportSections } from './data-export-pdf.ts';

// The data export's insurance, bank data, debt-register inquiries and rate watches (ADR 0069, ADR 0079,
// ADR 0081): each person finds their own, and never another person's — the co-applicant of a shared application included. Each person's
// records carry distinctive figures; every other person's figures must be absent from the export.

let t: TestApp;
const idOf = (birthDate: string) =>
  makeTestNationalId('SE', birthDate, nextTestFileSerial('data-export-products', 11) % 90);
const login = (nationalId: string) =>
  t.login({ nationalId, country: 'SE', role: 'Customer', brand: 'se-main' });
type Login = Awaited<ReturnType<typeof login>>;

async function apply(owner: Login, body: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/loan-application',
    headers: bearer(owner.token),
    payload: { Product: 'UnsecuredLoan', Brand: 'se-main', Amount: 200_000, Duration: 5, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json() as { ID: string };
}

async function exportOf(who: Login): Promise<PersonDataExport> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/person/${who.PersonID}/data-export`,
    headers: bearer(who.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return personDataExportSchema.parse(response.json());
}

/** A person's holdings, each figure theirs alone. */
async function holdings(who: Login, applicationId: string, figure: number) {
  const db = t.database.db;
  const now = t.clock.now();
  await saveBankDataConnection(
    db,
    {
      loanApplicationId: applicationId,
      state: 'connected',
      stateHash: null,
      stateExpiresAt: null,
      returnPath: '/mina-sidor',
      failureReason: null,
      consentScope: 'accounts:read',
      consentGrantedAt: now,
      consentExpiresAt: new Date(now.getTime() + 90 * 86_400_000),
      figures: {
        NetMonthlyIncome: figure,
        IncomeSources: 1,
        IncomeRegular: true,
        HousingCostMonthly: figure + 1,
        LoanPayments: [{ Creditor: `Kreditor ${figure}`, MonthlyPayment: 1_000 }],
        MonthsCovered: 12,
        IgnoredOtherCurrency: 0,
        Reasons: [],
      },
      corrected: null,
    },
    now,
  );
  const request = await insertInsuranceRequest(db, {
    personId: who.PersonID,
    customerId: who.CustomerID,
    loanApplicationId: applicationId,
    brand: 'se-main',
    country: 'SE',
    insurer: 'NordTrygg',
    insuredMonthlyAmount: figure + 2,
    monthlyPremium: 199,
    createdAt: now,
    updatedAt: now,
  });
  await insertMandate(db, {
    requestId: request.id,
    personId: who.PersonID,
    provider: 'bankid-se',
    orderRef: `order-${figure}`,
  });
  await insertPaymentMandate(db, {
    requestId: request.id,
    personId: who.PersonID,
    kind: 'bankid',
    payerLast4: String(figure).slice(-4),
  });
  const watch = await upsertRateWatch(db, {
    loanApplicationId: applicationId,
    customerId: who.CustomerID,
    country: 'SE',
    brand: 'se-main',
    currency: 'SEK',
    state: 'active',
    intervalMonths: 6,
    thresholdAmount: figure + 3,
    channel: 'email',
    startedAt: now,
    expiresAt: new Date(now.getTime() + 730 * 86_400_000),
    nextCheckAt: now,
  });
  await insertRateWatchCheck(db, {
    rateWatchId: watch.id,
    checkedAt: now,
    lendersAsked: 12,
    lendersAnswered: 9,
    saving: figure + 4,
    thresholdAmount: figure + 3,
    notified: true,
    basis: null,
  });
}

/** A consented register inquiry of one applicant of an application, its debt's figures theirs alone. */
async function registerInquiry(applicationId: string, role: 'MainApplicant' | 'CoApplicant', figure: number) {
  const at = t.clock.now();
  await saveInquiry(
    t.database.db,
    {
      loanApplicationId: applicationId,
      ownerRole: role,
      register: 'NO-GJELDSREGISTERET',
      state: 'fetched',
      failureReason: null,
      consentGivenAt: at,
      consentScope: 'Gjeldsregisteret: unsecured loans, credit facilities and charge cards',
      consentPurpose: `Loan application ${applicationId}: the applicant's debts (${role})`,
      registerReference: `ref-${figure}`,
      found: [
        {
          ExternalRef: `debt-register:${figure}`,
          DebtType: 'CreditCard',
          Creditor: `Kortbank ${figure}`,
          Balance: figure + 5,
          CreditLimit: figure + 6,
          MonthlyPayment: 700,
          InterestRate: 0.219,
          RemainingTermMonths: null,
        },
      ],
      fetchedAt: at,
    },
    at,
  );
}

let main: Login;
let co: Login;
let other: Login;
let shared: { ID: string };
let othersApplication: { ID: string };

beforeAll(async () => {
  t = await createTestApp();
  main = await login(idOf('1972-03-14'));
  const coNationalId = idOf('1974-08-09');
  other = await login(idOf('1988-12-01'));
  shared = await apply(main, {
    MainApplicant: mainApplicantDetails({ grossYearlyIncome: 480_000, netMonthlyIncome: 29_000 }),
    CoApplicant: { NationalID: coNationalId, NetMonthlyIncome: 30_000 },
  });
  co = await login(coNationalId);
  othersApplication = await apply(other);
  await holdings(main, shared.ID, 41_771);
  await holdings(other, othersApplication.ID, 53_331);
  // Both applicants of the shared application asked the register, each about themselves.
  await registerInquiry(shared.ID, 'MainApplicant', 41_771);
  await registerInquiry(shared.ID, 'CoApplicant', 67_761);
  await registerInquiry(othersApplication.ID, 'MainApplicant', 53_331);
}, 120_000);
afterAll(async () => t?.close());

describe('the data export: insurance, bank data, rate watches', () => {
  it('the main applicant finds their own, with every figure', async () => {
    const data = await exportOf(main);
    expect(data.Insurance).toHaveLength(1);
    expect(data.Insurance[0]).toMatchObject({
      Insurer: 'NordTrygg',
      InsuredMonthlyAmount: 41_773,
      LoanApplicationID: shared.ID,
    });
    expect(data.Insurance[0]!.Mandates.map((mandate) => mandate.Kind).sort()).toEqual([
      'e-id-signature (bankid-se)',
      'payment-mandate (bankid)',
    ]);
    expect(data.BankData).toEqual([
      expect.objectContaining({
        LoanApplicationID: shared.ID,
        State: 'connected',
        ConsentScope: 'accounts:read',
        Figures: expect.objectContaining({ NetMonthlyIncome: 41_771 }),
      }),
    ]);
    expect(data.RateWatches).toEqual([
      expect.objectContaining({ LoanApplicationID: shared.ID, ThresholdAmount: 41_774, State: 'active' }),
    ]);
    expect(data.RateWatches[0]!.Checks).toEqual([
      expect.objectContaining({ Saving: 41_775, Notified: true }),
    ]);
    expect(data.DebtRegisterInquiries).toEqual([
      {
        LoanApplicationID: shared.ID,
        Role: 'MainApplicant',
        Register: 'NO-GJELDSREGISTERET',
        State: 'fetched',
        Failure: null,
        ConsentGivenAt: expect.any(String),
        ConsentScope: 'Gjeldsregisteret: unsecured loans, credit facilities and charge cards',
        ConsentPurpose: `Loan application ${shared.ID}: the applicant's debts (MainApplicant)`,
        RegisterReference: 'ref-41771',
        FetchedAt: expect.any(String),
        Found: [
          {
            DebtType: 'CreditCard',
            Creditor: 'Kortbank 41771',
            Balance: 41_776,
            CreditLimit: 41_777,
            MonthlyPayment: 700,
            InterestRate: 0.219,
            RemainingTermMonths: null,
          },
        ],
      },
    ]);
    const text = JSON.stringify(data);
    // Not the other person's, nor the co-applicant's inquiry on the same application.
    for (const foreign of [
      '53331',
      '53332',
      '53333',
      '53334',
      '53335',
      '5333',
      '6776',
      'CoApplicant',
      other.PersonID,
      other.CustomerID,
    ])
      expect(text).not.toContain(foreign);
  });

  it('the co-applicant of the shared application finds none of the main applicant’s', async () => {
    const data = await exportOf(co);
    expect(data.Applications.map((row) => row.Role)).toEqual(['CoApplicant']);
    expect(data.Insurance).toEqual([]);
    expect(data.BankData).toEqual([]);
    expect(data.RateWatches).toEqual([]);
    // Their own register inquiry, and only theirs.
    expect(data.DebtRegisterInquiries).toEqual([
      expect.objectContaining({
        LoanApplicationID: shared.ID,
        Role: 'CoApplicant',
        RegisterReference: 'ref-67761',
        Found: [expect.objectContaining({ Creditor: 'Kortbank 67761', Balance: 67_766 })],
      }),
    ]);
    const text = JSON.stringify(data);
    for (const foreign of ['4177', 'NordTrygg', 'MainApplicant', main.CustomerID])
      expect(text).not.toContain(foreign);
  });

  it('another person finds only theirs, and the PDF lists the three sections', async () => {
    const data = await exportOf(other);
    expect(data.Insurance.map((row) => row.InsuredMonthlyAmount)).toEqual([53_333]);
    expect(data.BankData.map((row) => row.Figures?.NetMonthlyIncome)).toEqual([53_331]);
    expect(data.RateWatches.map((row) => row.ThresholdAmount)).toEqual([53_334]);
    expect(JSON.stringify(data)).not.toContain('41771');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/person/${other.PersonID}/data-export.pdf?Locale=sv-SE`,
      headers: bearer(other.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('the readable PDF lists the register inquiry in the person’s language', async () => {
    const data = await exportOf(main);
    const section = (locale: 'nb-NO' | 'fi-FI') =>
      dataExportSections(data, locale).sections.find((candidate) =>
        candidate.items.some((item) => item.rows.some(([, value]) => value === 'ref-41771')),
      );
    const norwegian = section('nb-NO');
    expect(norwegian?.heading).toBe('Gjeldsregisteret (samtykke og gjeld vi fikk)');
    expect(norwegian?.items[0]?.title).toBe('Gjeldsregisteret');
    const rows = new Map(norwegian?.items[0]?.rows);
    expect(rows.get('Din rolle')).toBe('Hovedsøker');
    expect(rows.get('Formål')).toBe(`Loan application ${shared.ID}: the applicant's debts (MainApplicant)`);
    expect(rows.get('Samtykke gitt')).toContain('Gjeldsregisteret: unsecured loans');
    expect(rows.get('Gjeld registeret oppga')).toBe('1');
    expect(rows.get('Kortbank 41771 (CreditCard)')?.replace(/\s/g, ' ')).toBe(
      '41 776, kredittramme 41 777, 700 per måned',
    );
    expect(section('fi-FI')?.heading).toBe('Luottotietorekisteri (suostumus ja saadut velat)');
  });

  it('an erasure request stops the person’s rate watch at once, and nobody else’s', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/person/${main.PersonID}/erasure-request`,
      headers: bearer(main.token),
      payload: {},
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const state = async (applicationId: string) =>
      findRateWatchOfApplication(t.database.db, applicationId).then((row) => [row?.state, row?.stopReason]);
    expect(await state(shared.ID)).toEqual(['stopped', 'erasure']);
    expect(await state(othersApplication.ID)).toEqual(['active', null]);
  });
});
