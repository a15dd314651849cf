import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApplicant } from '#src/modules/loan-applications/test-fixtures.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// Issue 38 item 5: the debts the debt register returned at intake, which the back office shows staff, are the
// applicant's to see on their own personal page — through the applicant's read of the application's debts
// (GET /loan-application/{id}/debt): their own register debts only, nobody else's application at all.

let t: TestApp;
let application: CreatedApplication;

const registerDebt = (ownerRole: 'MainApplicant' | 'CoApplicant', creditor: string) => ({
  externalRef: `register:test:${ownerRole}`,
  ownerRole,
  debtType: 'Unsecured',
  creditor,
  balance: 48_000,
  creditLimit: null,
  monthlyPayment: 1_450,
  interestRate: 0.129,
  remainingTermMonths: 36,
});

beforeAll(async () => {
  t = await createTestApp();
  application = await createCompleteApplication(t, { country: 'NO', amount: 150_000, duration: 5 });
  await submit(t, application);
  const externalData = fixedExternalData({
    debts: [registerDebt('MainApplicant', 'Forbrukslån AS'), registerDebt('CoApplicant', 'Medsøkers Bank')],
  });
  await settle(t, testWorker(t, { externalData }));
});
afterAll(async () => t.close());

const debtsOf = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/loan-application/${application.id}/debt`,
    headers: token ? bearer(token) : {},
  });

describe('the debts the register returned, read by the applicant', () => {
  it('the applicant reads their own register debts, and not another applicant’s', async () => {
    const response = await debtsOf(application.token);
    expect(response.statusCode).toBe(200);
    const debts = response.json() as {
      Source: number;
      Creditor: string;
      OwnerRole: string;
      Balance: number;
    }[];
    expect(debts.filter((debt) => debt.Source === 2)).toEqual([
      expect.objectContaining({ Creditor: 'Forbrukslån AS', OwnerRole: 'MainApplicant', Balance: 48_000 }),
    ]);
  });

  it('staff of the country see every register debt, as in the back office', async () => {
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const debts = (await debtsOf(sales)).json() as { Source: number; Creditor: string }[];
    expect(
      debts
        .filter((debt) => debt.Source === 2)
        .map((debt) => debt.Creditor)
        .sort(),
    ).toEqual(['Forbrukslån AS', 'Medsøkers Bank']);
  });

  it('a stranger gets 404 and no token 401', async () => {
    const stranger = await newApplicant(t);
    const response = await debtsOf(stranger.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().Message).toBe('This page could not be found');
    expect((await debtsOf()).statusCode).toBe(401);
  });
});
