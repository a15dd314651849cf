import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

// POST /loan-application/pre-check (ADR 0028): the one-form pre-check and the discovery pre-qualification.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const answers = {
  Brand: 'no-main',
  Product: 'DiscoveryLoan',
  Amount: 150_000,
  Duration: 5,
  Age: 40,
  EmploymentType: 'Permanent',
  GrossYearlyIncome: 650_000,
  NetMonthlyIncome: 38_000,
  DebtBalance: 50_000,
  DebtMonthlyPayments: 1_500,
  HasPaymentRemarks: false,
  CoApplicantGrossYearlyIncome: null,
};
const check = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/loan-application/pre-check', payload });

describe('POST /loan-application/pre-check', () => {
  it('answers likely with indicative offers, cheapest first, without a token and storing nothing', async () => {
    const before = await t.database.db.execute('SELECT count(*)::int AS n FROM loan_application' as never);
    const response = await check(answers);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.Outcome).toBe('likely');
    expect(result.LendersAsked).toBeGreaterThan(1);
    expect(result.IndicativeOffers.length).toBeGreaterThan(0);
    const costs = result.IndicativeOffers.map((offer: { TotalCost: number }) => offer.TotalCost);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    for (const offer of result.IndicativeOffers) {
      expect(offer.EffectiveRate).toBeGreaterThanOrEqual(offer.NominalRate);
      expect(offer.DurationMonths).toBeLessThanOrEqual(60);
    }
    const after = await t.database.db.execute('SELECT count(*)::int AS n FROM loan_application' as never);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    // The same answers, the same indication.
    expect((await check(answers)).json()).toEqual(result);
  });

  it('answers unlikely with the reason when no lender would lend', async () => {
    const low = (await check({ ...answers, GrossYearlyIncome: 100_000, NetMonthlyIncome: 7_000 })).json();
    expect(low.Outcome).toBe('unlikely');
    expect(low.IndicativeOffers).toEqual([]);
    expect(low.Reasons[0]).toBe('INCOME');
    const indebted = (
      await check({ ...answers, DebtBalance: 4_000_000, DebtMonthlyPayments: 30_000 })
    ).json();
    expect(indebted.Outcome).toBe('unlikely');
    expect(indebted.Reasons).toContain('DEBT_TO_INCOME');
    // Past every Norwegian lender's upper age (80 at most).
    const old = (await check({ ...answers, Age: 85, EmploymentType: 'Pensioner' })).json();
    expect(old).toMatchObject({ Outcome: 'unlikely', Reasons: ['AGE'] });
  });

  it('payment remarks narrow the lenders to those that accept them', async () => {
    const clean = (await check(answers)).json();
    const remarks = (await check({ ...answers, HasPaymentRemarks: true })).json();
    expect(remarks.IndicativeOffers.length).toBeLessThan(clean.IndicativeOffers.length);
    expect(remarks.Reasons).toContain('PAYMENT_REMARKS');
  });

  it.each([
    ['an amount outside the brand’s bounds', { Amount: 5_000_000 }, 200],
    ['an unknown brand', { Brand: 'xx-main' }, 400],
    ['a product the brand does not sell', { Brand: 'no-alt4' }, 400],
    ['a secured loan (its check is the property step)', { Product: 'SecuredLoan' }, 400],
    ['an age under 18', { Age: 17 }, 400],
    ['a fraction of a krone', { GrossYearlyIncome: 650_000.5 }, 400],
    ['an unknown field', { NationalID: '01010112345' }, 400],
  ])('%s: %s', async (_name, change, status) => {
    const response = await check({ ...answers, ...change });
    expect(response.statusCode).toBe(status);
    if (status === 200)
      expect(response.json()).toMatchObject({ Outcome: 'unlikely', Reasons: ['AMOUNT_OR_TERM'] });
  });
});
