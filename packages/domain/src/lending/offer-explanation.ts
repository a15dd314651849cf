import type { Country } from '../enum-values.ts';
import type { FeeHandling } from '../finance/loan-math.ts';
import {
  figureInForce,
  isRegulatedCountry,
  type RegulatoryFigurePeriod,
} from '../finance/regulatory-figures.ts';
import { interestDaysPerYear, withdrawalRepaymentDays } from './credit-withdrawal.ts';
import { withdrawalRightDays } from './expiry.ts';

// "Explain this offer" (CCD2 art. 12, adequate explanations; issue 34 item 4; docs/decisions/0066): what
// the applicant needs to judge one offer, computed from that offer's own figures and the country's rules,
// never generic text. The component puts these figures into the brand's language.

/** The figures of one offer the explanation is made of (a LoanQuote has them all). */
export interface ExplainedOfferFigures {
  Currency: string;
  Amount: number;
  DurationMonths: number;
  NominalRate: number;
  EffectiveRate: number;
  MonthlyPayment: number;
  TotalCost: number;
  TotalPayable: number;
  StartupFee: number;
  MonthlyFee: number;
  FeeHandling: FeeHandling;
}

/**
 * Late-payment interest by country: a base rate plus a margin set by law.
 * SE räntelagen (1975:635) 6 §: Riksbankens referensränta + 8 procentenheter.
 * FI korkolaki (633/1982) 4 § 1 mom.: Suomen Pankin viitekorko + 7 prosenttiyksikköä; 4 § 2 mom.: when the
 *   agreed rate is higher, late interest is the agreed rate.
 * DK renteloven § 5: Nationalbankens udlånsrente + 8 procentpoint.
 * NO forsinkelsesrenteloven § 3 (forskrift): Norges Banks styringsrente + 8 prosentpoeng.
 * The base is shown as a figure where our table of published figures has it (SE and FI reference rates,
 * finance/regulatory-figures.data.ts); elsewhere the rule is stated without a figure, never guessed.
 */
export const lateInterestRules: Record<
  Country,
  {
    base: 'referenceRate' | 'centralBankLendingRate' | 'policyRate';
    marginPoints: number;
    agreedRateIfHigher: boolean;
    law: string;
  }
> = {
  SE: { base: 'referenceRate', marginPoints: 8, agreedRateIfHigher: false, law: 'räntelagen 6 §' },
  FI: { base: 'referenceRate', marginPoints: 7, agreedRateIfHigher: true, law: 'korkolaki 4 §' },
  DK: { base: 'centralBankLendingRate', marginPoints: 8, agreedRateIfHigher: false, law: 'renteloven § 5' },
  NO: { base: 'policyRate', marginPoints: 8, agreedRateIfHigher: false, law: 'forsinkelsesrenteloven § 3' },
};

/**
 * Early repayment (CCD2 art. 29; SE konsumentkreditlagen, FI kuluttajansuojalaki 7:37, DK kreditaftaleloven
 * § 26, NO finansavtaleloven kap. 4): the consumer may repay all or part at any time and pays no interest or
 * costs for the time that falls away; only for a FIXED borrowing rate may the lender ask compensation, at
 * most 1 % of the amount repaid early, 0.5 % when at most a year of the agreement is left.
 */
export const earlyRepaymentRule = { maxCompensationPercent: 1, lastYearPercent: 0.5 } as const;
export const earlyRepaymentLaw: Record<Country, string> = {
  SE: 'konsumentkreditlagen',
  FI: 'kuluttajansuojalaki 7:37',
  DK: 'kreditaftaleloven § 26',
  NO: 'finansavtaleloven kap. 4',
};

const countryByCurrency: Record<string, Country> = { SEK: 'SE', EUR: 'FI', DKK: 'DK', NOK: 'NO' };

/** The days a late payment is counted over in the example. */
export const latePaymentExampleDays = 30;

export interface OfferExplanation {
  country: Country;
  currency: string;
  rate: {
    nominalRate: number;
    effectiveRate: number;
    startupFee: number;
    monthlyFee: number;
    feeHandling: FeeHandling;
    /** Every fee over the agreement: startup fee + monthly fee × months. */
    feesTotal: number;
    /** The rest of the total cost: interest. */
    interestTotal: number;
  };
  totals: {
    amount: number;
    durationMonths: number;
    monthlyPayment: number;
    payments: number;
    totalCost: number;
    totalPayable: number;
  };
  latePayment: {
    base: (typeof lateInterestRules)[Country]['base'];
    marginPoints: number;
    law: string;
    /** The base rate in force, when our table has it published; else null. */
    baseRate: number | null;
    /** The statutory late interest (base + margin, or the agreed rate when higher and the law says so). */
    ratePercent: number | null;
    /** Whether the agreed rate is what applies (it is higher and the law says so). */
    agreedRateApplies: boolean;
    /** Interest on one monthly payment `latePaymentExampleDays` days late; null without a rate. */
    exampleInterest: number | null;
  };
  withdrawal: {
    days: number;
    repaymentDays: number;
    /** Interest of one day on the amount at the borrowing rate. */
    dailyInterest: number;
    /** Withdrawing on the 14th day after a payout and repaying at once: amount + 14 days of interest. */
    exampleTotal: number;
  };
  earlyRepayment: {
    law: string;
    maxCompensationPercent: number;
    lastYearPercent: number;
    /** The most the lender may ask when the rate is fixed and all is repaid at once. */
    maxCompensation: number;
  };
}

const cents = (value: number) => Math.round(value * 100) / 100;

export function explainOffer(
  offer: ExplainedOfferFigures,
  options: { periods: readonly RegulatoryFigurePeriod[]; now: Date },
): OfferExplanation {
  const country = countryByCurrency[offer.Currency] ?? 'SE';
  const feesTotal = offer.StartupFee + offer.MonthlyFee * offer.DurationMonths;
  const rule = lateInterestRules[country];
  let baseRate: number | null = null;
  if (rule.base === 'referenceRate' && isRegulatedCountry(country)) {
    const figure = figureInForce(options.periods, country, 'referenceRate', options.now);
    baseRate = figure.fallback ? null : figure.value;
  }
  const statutory = baseRate === null ? null : baseRate + rule.marginPoints;
  const agreedRateApplies = rule.agreedRateIfHigher && statutory !== null && offer.NominalRate > statutory;
  const ratePercent = agreedRateApplies ? offer.NominalRate : statutory;
  const dailyInterest = (offer.Amount * offer.NominalRate) / 100 / interestDaysPerYear;
  return {
    country,
    currency: offer.Currency,
    rate: {
      nominalRate: offer.NominalRate,
      effectiveRate: offer.EffectiveRate,
      startupFee: offer.StartupFee,
      monthlyFee: offer.MonthlyFee,
      feeHandling: offer.FeeHandling,
      feesTotal: cents(feesTotal),
      interestTotal: cents(Math.max(0, offer.TotalCost - feesTotal)),
    },
    totals: {
      amount: offer.Amount,
      durationMonths: offer.DurationMonths,
      monthlyPayment: offer.MonthlyPayment,
      payments: offer.DurationMonths,
      totalCost: offer.TotalCost,
      totalPayable: offer.TotalPayable,
    },
    latePayment: {
      base: rule.base,
      marginPoints: rule.marginPoints,
      law: rule.law,
      baseRate,
      ratePercent,
      agreedRateApplies,
      exampleInterest:
        ratePercent === null
          ? null
          : cents((offer.MonthlyPayment * ratePercent * latePaymentExampleDays) / 100 / interestDaysPerYear),
    },
    withdrawal: {
      days: withdrawalRightDays,
      repaymentDays: withdrawalRepaymentDays,
      dailyInterest: cents(dailyInterest),
      exampleTotal: cents(offer.Amount + dailyInterest * withdrawalRightDays),
    },
    earlyRepayment: {
      law: earlyRepaymentLaw[country],
      ...earlyRepaymentRule,
      maxCompensation: cents((offer.Amount * earlyRepaymentRule.maxCompensationPercent) / 100),
    },
  };
}
