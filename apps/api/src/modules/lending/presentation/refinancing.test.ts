import { payoffMessages } from '@nordloan/domain/finance/payoff-account';
import type { RefinancingView } from '@nordloan/domain/lending/refinancing.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApplicant } from '#src/modules/loan-applications/test-fixtures.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// Issue 35 item 4 (ADR 0080): the payoff account and reference of a refinanced debt, checked per country
// (400 naming the field, the message of finance/payoff-account.ts), and GET …/refinancing: the chosen debts
// against each offer, Norway's unused card limits; the applicant's own only.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const norwegianPayoff = { PayoffAccount: '8601 11 17947', PayoffReference: '79927398713' };

describe('payoff instructions on a debt', () => {
  let application: CreatedApplication;
  beforeAll(async () => {
    application = await createCompleteApplication(t, { country: 'NO' });
  });
  const debtUrl = () => `/loan-application/${application.id}/debt`;

  it('a refinanced debt without an account or reference is 400 naming the field', async () => {
    const noAccount = await call('POST', debtUrl(), application.token, {
      DebtType: 'Unsecured',
      Balance: 40_000,
      IsRefinanced: true,
    });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json()).toMatchObject({
      Bad: true,
      Message: payoffMessages.accountMissing,
      Errors: [{ Field: 'PayoffAccount', Message: payoffMessages.accountMissing }],
    });
    const badKid = await call('POST', debtUrl(), application.token, {
      DebtType: 'Unsecured',
      Balance: 40_000,
      IsRefinanced: true,
      PayoffAccount: '86011117947',
      PayoffReference: '79927398710',
    });
    expect(badKid.statusCode).toBe(400);
    expect(badKid.json().Errors).toEqual([{ Field: 'PayoffReference', Message: payoffMessages.referenceNO }]);
    const swedishGiro = await call('POST', debtUrl(), application.token, {
      DebtType: 'Unsecured',
      Balance: 40_000,
      IsRefinanced: true,
      PayoffAccount: '5050-1055',
      PayoffReference: '79927398713',
    });
    expect(swedishGiro.json().Errors[0]).toEqual({
      Field: 'PayoffAccount',
      Message: payoffMessages.accountNO,
    });
  });

  it('a valid one is stored normalised; unticking drops it', async () => {
    const created = await call('POST', debtUrl(), application.token, {
      DebtType: 'Unsecured',
      Creditor: 'Forbrukslån AS',
      Balance: 40_000,
      MonthlyPayment: 1_500,
      IsRefinanced: true,
      ...norwegianPayoff,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      IsRefinanced: true,
      PayoffAccount: '86011117947',
      PayoffReference: '79927398713',
      PayoffConfirmedAt: null,
    });
    const unticked = await call('PATCH', debtUrl(), application.token, {
      ID: created.json().ID,
      IsRefinanced: false,
    });
    expect(unticked.json()).toMatchObject({
      IsRefinanced: false,
      PayoffAccount: null,
      PayoffReference: null,
    });
    const ticked = await call('PATCH', debtUrl(), application.token, {
      ID: created.json().ID,
      IsRefinanced: true,
    });
    expect(ticked.statusCode).toBe(400);
  });

  it('the formats are the application’s country’s: a Swedish application takes bankgiro and OCR', async () => {
    const swedish = await createCompleteApplication(t, { country: 'SE' });
    const url = `/loan-application/${swedish.id}/debt`;
    const giro = await call('POST', url, swedish.token, {
      DebtType: 'Unsecured',
      Balance: 30_000,
      IsRefinanced: true,
      PayoffAccount: '5050-1055',
      PayoffReference: '79927398713',
    });
    expect(giro.statusCode).toBe(201);
    expect(giro.json()).toMatchObject({ PayoffAccount: '50501055' });
    const norwegian = await call('POST', url, swedish.token, {
      DebtType: 'Unsecured',
      Balance: 30_000,
      IsRefinanced: true,
      ...norwegianPayoff,
    });
    expect(norwegian.json().Errors[0]).toEqual({ Field: 'PayoffAccount', Message: payoffMessages.accountSE });
  });

  it('a register debt takes the refinancing choice and where to pay, not new figures', async () => {
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const registered = await call('POST', debtUrl(), sales, {
      DebtType: 'Unsecured',
      Balance: 48_000,
      Source: 2,
      ExternalRef: 'GR-refi',
    });
    const id = registered.json().ID;
    const chosen = await call('PATCH', debtUrl(), application.token, {
      ID: id,
      IsRefinanced: true,
      ...norwegianPayoff,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ Source: 2, IsRefinanced: true, PayoffAccount: '86011117947' });
    expect((await call('PATCH', debtUrl(), application.token, { ID: id, Balance: 1 })).statusCode).toBe(403);
  });
});

describe('GET /loan-application/{id}/refinancing', () => {
  let application: CreatedApplication;
  beforeAll(async () => {
    application = await createCompleteApplication(t, { country: 'NO', amount: 150_000, duration: 5 });
    const url = `/loan-application/${application.id}/debt`;
    const debts = [
      {
        DebtType: 'Unsecured',
        Creditor: 'Forbrukslån AS',
        Balance: 60_000,
        MonthlyPayment: 2_200,
        InterestRate: 0.2,
        IsRefinanced: true,
        ...norwegianPayoff,
      },
      {
        DebtType: 'CreditCard',
        Creditor: 'Kortbanken',
        Balance: 20_000,
        CreditLimit: 50_000,
        MonthlyPayment: 900,
        InterestRate: 0.24,
        IsRefinanced: true,
        ...norwegianPayoff,
      },
      { DebtType: 'Car', Creditor: 'Billån', Balance: 90_000, MonthlyPayment: 2_500 },
    ];
    for (const debt of debts) expect((await call('POST', url, application.token, debt)).statusCode).toBe(201);
    await submit(t, application);
    await settle(t, testWorker(t));
  });

  it('compares the chosen debts with every open offer, with the basis', async () => {
    const response = await call('GET', `/loan-application/${application.id}/refinancing`, application.token);
    expect(response.statusCode).toBe(200);
    const view = response.json() as RefinancingView;
    expect(view.Currency).toBe('NOK');
    // The debts' order is the store's (two rows made in the same millisecond): compared by creditor.
    expect(view.ChosenDebts.map((debt) => [debt.Creditor, debt.Basis]).sort()).toEqual([
      ['Forbrukslån AS', 'payment-and-rate'],
      ['Kortbanken', 'payment-and-rate'],
    ]);
    expect(view.Before).toMatchObject({
      Balance: 80_000,
      MonthlyCost: 3_100,
      MonthlyComplete: true,
      TotalComplete: true,
    });
    expect(view.Offers.length).toBeGreaterThan(0);
    for (const offer of view.Offers) {
      expect(offer.CoversChosenDebts).toBe(offer.Payout >= 80_000);
      expect(offer.MonthlySaving).toBe(3_100 - offer.MonthlyCost);
      expect(offer.ToApplicant).toBe(Math.max(0, offer.Payout - 80_000));
    }
    expect(view.Payoffs.map((payoff) => payoff.Status)).toEqual(['pending', 'pending']);
  });

  it('flags the refinanced card whose limit still counts as debt in Norway', async () => {
    const view = (
      await call('GET', `/loan-application/${application.id}/refinancing`, application.token)
    ).json();
    expect(view.CardLimits).toMatchObject({
      DebtRatioLimit: 5,
      Cards: [
        { Creditor: 'Kortbanken', CreditLimit: 50_000, Unused: 30_000, DebtRemovedByCancelling: 50_000 },
      ],
    });
    expect(view.CardLimits.DebtRatioIfAllCancelled).toBeLessThan(view.CardLimits.DebtRatio);
  });

  it('another applicant gets 404, no token 401, staff of the country read it', async () => {
    const stranger = await newApplicant(t);
    const url = `/loan-application/${application.id}/refinancing`;
    expect((await call('GET', url, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect((await call('GET', url, sales)).statusCode).toBe(200);
    const swedishStaff = await t.staffToken([{ Name: 'Sales', Country: 'SE' }]);
    expect((await call('GET', url, swedishStaff)).statusCode).toBe(404);
  });
});
