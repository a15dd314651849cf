import { describe, expect, it } from 'vitest';
import { calculateLoanCost } from '../finance/loan-math.ts';
import { publishedRegulatoryFigures } from '../finance/regulatory-figures.data.ts';
import { type ExplainedOfferFigures, explainOffer } from './offer-explanation.ts';

// CCD2 art. 12 (docs/decisions/0066): the explanation is the offer's own figures and the country's rules.

function offer(
  currency: string,
  terms: { amount: number; months: number; rate: number; startupFee: number; monthlyFee: number },
): ExplainedOfferFigures {
  const cost = calculateLoanCost({
    amount: terms.amount,
    durationMonths: terms.months,
    nominalRate: terms.rate,
    startupFee: terms.startupFee,
    monthlyFee: terms.monthlyFee,
    feeHandling: 'upfront',
  });
  return {
    Currency: currency,
    Amount: terms.amount,
    DurationMonths: terms.months,
    NominalRate: terms.rate,
    EffectiveRate: cost.effectiveRate,
    MonthlyPayment: cost.monthlyPayment,
    TotalCost: cost.totalCost,
    TotalPayable: cost.totalPayable,
    StartupFee: terms.startupFee,
    MonthlyFee: terms.monthlyFee,
    FeeHandling: 'upfront',
  };
}

const periods = publishedRegulatoryFigures;

describe('explainOffer', () => {
  it('splits the total cost into the fees named by their figures and the interest', () => {
    const figures = offer('SEK', { amount: 100_000, months: 60, rate: 9.9, startupFee: 500, monthlyFee: 25 });
    const explanation = explainOffer(figures, { periods, now: new Date('2026-11-29T10:00:00Z') });
    expect(explanation.country).toBe('SE');
    expect(explanation.rate.feesTotal).toBe(500 + 25 * 60);
    expect(explanation.rate.interestTotal).toBeCloseTo(figures.TotalCost - 2_000, 2);
    expect(explanation.rate.effectiveRate).toBe(figures.EffectiveRate);
    expect(explanation.totals).toMatchObject({
      amount: 100_000,
      monthlyPayment: figures.MonthlyPayment,
      totalPayable: figures.TotalPayable,
      payments: 60,
    });
  });

  it('Sweden: late interest is the reference rate + 8 points (räntelagen 6 §), with its cost on one payment', () => {
    const figures = offer('SEK', { amount: 50_000, months: 36, rate: 12, startupFee: 0, monthlyFee: 0 });
    const { latePayment } = explainOffer(figures, { periods, now: new Date('2026-11-29T10:00:00Z') });
    // Riksbankens referensränta 1 Jul – 31 Dec 2026: 2 % (regulatory-figures.data.ts).
    expect(latePayment).toMatchObject({
      baseRate: 2,
      marginPoints: 8,
      ratePercent: 10,
      law: 'räntelagen 6 §',
    });
    expect(latePayment.exampleInterest).toBeCloseTo((figures.MonthlyPayment * 0.1 * 30) / 365, 2);
  });

  it('Finland: viivästyskorko is viitekorko + 7, or the agreed rate when that is higher (korkolaki 4 §)', () => {
    const when = new Date('2026-03-01T10:00:00Z'); // viitekorko 1.1.–30.6.2026: 2.5 %
    const low = explainOffer(
      offer('EUR', { amount: 5_000, months: 24, rate: 5, startupFee: 0, monthlyFee: 0 }),
      {
        periods,
        now: when,
      },
    );
    expect(low.latePayment).toMatchObject({ baseRate: 2.5, ratePercent: 9.5, agreedRateApplies: false });
    const high = explainOffer(
      offer('EUR', { amount: 5_000, months: 24, rate: 14, startupFee: 0, monthlyFee: 0 }),
      {
        periods,
        now: when,
      },
    );
    expect(high.latePayment).toMatchObject({ ratePercent: 14, agreedRateApplies: true });
  });

  it('states the rule without a figure where no published base rate is known (never a guess)', () => {
    // FI 1.7.–31.12.2026 is not in the table; Denmark's base is not in it at all.
    const now = new Date('2026-11-29T10:00:00Z');
    const fi = explainOffer(
      offer('EUR', { amount: 5_000, months: 24, rate: 5, startupFee: 0, monthlyFee: 0 }),
      {
        periods,
        now,
      },
    );
    expect(fi.latePayment).toMatchObject({
      baseRate: null,
      ratePercent: null,
      exampleInterest: null,
      marginPoints: 7,
    });
    const dk = explainOffer(
      offer('DKK', { amount: 50_000, months: 24, rate: 8, startupFee: 0, monthlyFee: 0 }),
      {
        periods,
        now,
      },
    );
    expect(dk.latePayment).toMatchObject({
      base: 'centralBankLendingRate',
      marginPoints: 8,
      ratePercent: null,
    });
  });

  it('withdrawal and early repayment from the offer: a day of interest, 14 days, at most 1 % compensation', () => {
    const figures = offer('NOK', { amount: 73_000, months: 48, rate: 10, startupFee: 900, monthlyFee: 50 });
    const explanation = explainOffer(figures, { periods, now: new Date('2026-11-29T10:00:00Z') });
    expect(explanation.withdrawal).toEqual({
      days: 14,
      repaymentDays: 30,
      dailyInterest: 20,
      exampleTotal: 73_280,
    });
    expect(explanation.earlyRepayment).toMatchObject({ maxCompensation: 730, lastYearPercent: 0.5 });
  });
});
