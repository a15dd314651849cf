import { lendersFor } from '@nordloan/domain/lending/lender-panel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

// POST /approval-odds (issue 35 item 1, ADR 0074): the lenders' soft pre-qualification, no credit inquiry.

const strong = {
  Brand: 'se-main',
  Amount: 100_000,
  Duration: 5,
  GrossYearlyIncome: 600_000,
  NetMonthlyIncome: 36_000,
  HousingCostMonthly: 8_000,
  DebtBalance: 0,
  DebtMonthlyPayments: 0,
};
const weak = {
  ...strong,
  GrossYearlyIncome: 180_000,
  NetMonthlyIncome: 12_000,
  DebtBalance: 400_000,
  DebtMonthlyPayments: 6_000,
};
type Lender = {
  LenderName: string;
  Likelihood: string;
  RateFrom: number | null;
  RateTo: number | null;
  Reasons: string[];
};

const count = async (t: TestApp, table: string) => {
  const result = (await t.database.db.execute(
    `SELECT count(*)::int AS n FROM ${table}` as never,
  )) as unknown as { rows: Array<{ n: number }> } | Array<{ n: number }>;
  return (Array.isArray(result) ? result : result.rows)[0]!.n;
};

describe('POST /approval-odds (in-process lenders)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  const odds = (payload: object) => t.app.inject({ method: 'POST', url: '/approval-odds', payload });

  it('a strong and a weak applicant get sensibly different odds, per lender, with no token', async () => {
    const good = await odds(strong);
    expect(good.statusCode).toBe(200);
    const goodLenders = good.json().Lenders as Lender[];
    expect(good.json().SoftCheckOnly).toBe(true);
    expect(goodLenders).toHaveLength(lendersFor('SE', 'UnsecuredLoan').filter((l) => !l.disabled).length);
    expect(goodLenders.filter((l) => l.Likelihood === 'likely').length).toBeGreaterThan(0);
    const first = goodLenders[0]!;
    expect(first.RateFrom).not.toBeNull();
    expect(first.RateFrom!).toBeLessThanOrEqual(first.RateTo!);
    const poor = (await odds(weak)).json().Lenders as Lender[];
    expect(poor.every((l) => l.Likelihood === 'unlikely' && l.Reasons.length > 0)).toBe(true);
  });

  it('registers no credit inquiry and stores nothing', async () => {
    const before = {
      inquiries: await count(t, 'credit_inquiry'),
      applications: await count(t, 'loan_application'),
    };
    expect(before.inquiries).toBe(0);
    for (const payload of [
      strong,
      weak,
      { ...strong, Brand: 'no-main' },
      { ...strong, Brand: 'fi-main', Amount: 10_000 },
    ])
      expect((await odds(payload)).statusCode).toBe(200);
    expect(await count(t, 'credit_inquiry')).toBe(0);
    expect(await count(t, 'loan_application')).toBe(before.applications);
  });

  it.each([
    ['an unknown brand', { Brand: 'xx-main' }],
    ['a negative income', { GrossYearlyIncome: -1 }],
    ['a fraction of a krone', { HousingCostMonthly: 8_000.5 }],
    ['a missing term', { Duration: undefined }],
    ['a national id (not asked, not taken)', { NationalID: '198001011234' }],
  ])('%s is 400 in the spec’s style', async (_name, change) => {
    const response = await odds({ ...strong, ...change });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().Message).toBe('string');
  });
});
