import { describe, expect, it } from 'vitest';
import {
  approvalOddsInputSchema,
  type LenderPrequalificationRequest,
  softPrequalification,
} from './approval-odds.ts';
import { lendersFor } from './lender-panel.ts';

// The odds model (ADR 0074): the simulated lenders' soft pre-qualification from their credit policy.

const strong: LenderPrequalificationRequest = {
  MessageId: '00000000-0000-4000-8000-000000000001',
  SentAt: '2026-11-29T06:00:00Z',
  InquiryType: 'soft',
  Country: 'SE',
  Currency: 'SEK',
  Product: 'UnsecuredLoan',
  Amount: 100_000,
  DurationMonths: 60,
  GrossYearlyIncome: 600_000,
  NetMonthlyIncome: 36_000,
  HousingCostMonthly: 8_000,
  DebtBalance: 0,
  DebtMonthlyPayments: 0,
  EmploymentType: null,
  RateBand: { Low: 5, High: 20 },
};
const weak = {
  ...strong,
  GrossYearlyIncome: 180_000,
  NetMonthlyIncome: 12_000,
  DebtBalance: 400_000,
  DebtMonthlyPayments: 6_000,
};
const swedish = lendersFor('SE', 'UnsecuredLoan');
const odds = (request: LenderPrequalificationRequest) =>
  swedish.map((lender) => softPrequalification(lender, request, 42));

describe('softPrequalification', () => {
  it('a strong applicant is likely at most lenders, with a rate range inside the band', () => {
    const answers = odds(strong);
    expect(swedish.length).toBeGreaterThan(1);
    expect(answers.filter((a) => a.Likelihood === 'likely').length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.Likelihood !== 'unlikely')) {
      expect(answer.RateFrom).toBeGreaterThanOrEqual(5);
      expect(answer.RateTo).toBeLessThanOrEqual(20);
      expect(answer.RateFrom!).toBeLessThanOrEqual(answer.RateTo!);
    }
  });

  it('a weak applicant is unlikely everywhere, each with a reason', () => {
    for (const answer of odds(weak)) {
      expect(answer.Likelihood).toBe('unlikely');
      expect(answer.Reasons.length).toBe(1);
      expect(answer.RateFrom).toBeNull();
    }
  });

  it('a high housing cost lowers the odds (what is left to live on)', () => {
    const rank = { likely: 2, possible: 1, unlikely: 0 } as const;
    const score = (r: LenderPrequalificationRequest) => odds(r).reduce((s, a) => s + rank[a.Likelihood], 0);
    expect(score({ ...strong, HousingCostMonthly: 22_000 })).toBeLessThan(score(strong));
    expect(odds({ ...strong, HousingCostMonthly: 30_000 }).every((a) => a.Likelihood === 'unlikely')).toBe(
      true,
    );
  });

  it('less stable work lowers the odds or raises the rate', () => {
    const temporary = odds({ ...strong, EmploymentType: 'Temporary' });
    const permanent = odds(strong);
    const worse = temporary.some(
      (answer, index) =>
        answer.Likelihood !== permanent[index]!.Likelihood ||
        (answer.RateTo ?? 0) > (permanent[index]!.RateTo ?? 0),
    );
    expect(worse).toBe(true);
  });

  it('the same figures get the same answers', () => {
    expect(odds(strong)).toEqual(odds(strong));
  });

  it('the input asks for no identity', () => {
    const input = {
      Brand: 'se-main',
      Amount: 1,
      Duration: 1,
      GrossYearlyIncome: 0,
      NetMonthlyIncome: 0,
      HousingCostMonthly: 0,
      DebtBalance: 0,
      DebtMonthlyPayments: 0,
    };
    expect(approvalOddsInputSchema.safeParse(input).success).toBe(true);
    expect(approvalOddsInputSchema.safeParse({ ...input, NationalID: '19800101-1234' }).success).toBe(false);
  });
});
