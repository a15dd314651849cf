import { z } from 'zod';
import { currencySchema, type Locale, localeSchema } from '../enums.ts';
import { calculateLoanCost, feeHandlingSchema, type LoanCostResult, roundHalfUp } from './loan-math.ts';

// The representative example every page with a rate or a monthly cost must show, at least as
// prominently: effective rate, amount, term, total cost and total payable (regulation.md
// "Representative example"; CCD art. 4; finansavtaleloven; KOVFS 2025:1; KSL 7:8 — Finland adds the
// monthly instalment; markedsføringsloven § 11 a). Numbers go through Intl.NumberFormat in the brand
// locale; display rounding is half up (ADR 0004): rate to one decimal, totals to whole units, the
// instalment to the cent.

export const representativeExampleInputSchema = /* @__PURE__ */ z.object({
  locale: localeSchema,
  currency: currencySchema,
  amount: z.number().finite().positive('Amount must be greater than 0'),
  durationYears: z
    .number()
    .int('Duration must be a whole number of years')
    .min(1, 'Duration must be at least 1 year')
    .max(50, 'Duration must be at most 50 years'),
  nominalRate: z
    .number()
    .min(0, 'Nominal rate must be at least 0 %')
    .max(100, 'Nominal rate must be at most 100 %'),
  startupFee: z.number().finite().min(0, 'Startup fee must be 0 or more'),
  monthlyFee: z.number().finite().min(0, 'Monthly fee must be 0 or more'),
  feeHandling: feeHandlingSchema,
});
export type RepresentativeExampleInput = z.infer<typeof representativeExampleInputSchema>;

export interface RepresentativeExample {
  /** Effective rate in percent, rounded half up to one decimal — as shown. */
  effectiveRate: number;
  amount: number;
  durationYears: number;
  /** Total cost of credit in whole currency units — as shown: rounded total payable − amount. */
  totalCost: number;
  /** Total payable, rounded half up to whole currency units — as shown. */
  totalPayable: number;
  /** Monthly payment (annuity + monthly fee), rounded half up to the cent. */
  monthlyPayment: number;
  /** The sentence to print, in the brand's language. */
  text: string;
  /** The same figures unrounded, for cap checks and further math. */
  unrounded: LoanCostResult;
}

/**
 * Builds the representative example for a brand from its own rates and fees (spec §9).
 * Throws `EffectiveRateError` if the terms have no effective rate (e.g. an upfront fee ≥ the amount).
 */
export function representativeExample(input: RepresentativeExampleInput): RepresentativeExample {
  const unrounded = calculateLoanCost({
    amount: input.amount,
    durationMonths: input.durationYears * 12,
    nominalRate: input.nominalRate,
    startupFee: input.startupFee,
    monthlyFee: input.monthlyFee,
    feeHandling: input.feeHandling,
  });
  const totalPayable = roundHalfUp(unrounded.totalPayable, 0);
  const shown = {
    effectiveRate: roundHalfUp(unrounded.effectiveRate, 1),
    amount: input.amount,
    durationYears: input.durationYears,
    // Derived from the rounded total so the printed figures add up (amount + cost = total payable).
    totalCost: totalPayable - roundHalfUp(input.amount, 0),
    totalPayable,
    monthlyPayment: roundHalfUp(unrounded.monthlyPayment, 2),
  };
  const format = formattersFor(input.locale, input.currency);
  const parts: SentenceParts = {
    rate: format.percent(shown.effectiveRate),
    amount: format.money(shown.amount),
    years: shown.durationYears,
    totalCost: format.money(shown.totalCost),
    totalPayable: format.money(shown.totalPayable),
    monthlyPayment: format.moneyWithCents(shown.monthlyPayment),
  };
  return { ...shown, text: sentences[input.locale](parts), unrounded };
}

interface SentenceParts {
  rate: string;
  amount: string;
  years: number;
  totalCost: string;
  totalPayable: string;
  monthlyPayment: string;
}

/** Ends a sentence with a full stop unless the last word already carries one (Danish "kr."). */
const endSentence = (sentence: string) => (sentence.endsWith('.') ? sentence : `${sentence}.`);

const sentences: Record<Locale, (parts: SentenceParts) => string> = {
  // regulation.md's own wording: "Eff. rente 13,3 %, 150 000 kr o/5 år. Kost: 52 496 kr. Totalt: 202 496 kr."
  'nb-NO': (p) =>
    [`Eff. rente ${p.rate}, ${p.amount} o/${p.years} år`, `Kost: ${p.totalCost}`, `Totalt: ${p.totalPayable}`]
      .map(endSentence)
      .join(' '),
  'sv-SE': (p) =>
    [
      `Effektiv ränta ${p.rate}, ${p.amount} på ${p.years} år`,
      `Total kreditkostnad: ${p.totalCost}`,
      `Totalt att betala: ${p.totalPayable}`,
    ]
      .map(endSentence)
      .join(' '),
  // KSL 7:8 / regulation.md: Finland's example also states the instalment.
  'fi-FI': (p) =>
    [
      `Todellinen vuosikorko ${p.rate}, luoton määrä ${p.amount}, laina-aika ${p.years} ${p.years === 1 ? 'vuosi' : 'vuotta'}`,
      `Kuukausierä ${p.monthlyPayment}`,
      `Luottokustannukset yhteensä ${p.totalCost}`,
      `Takaisin maksettava yhteensä ${p.totalPayable}`,
    ]
      .map(endSentence)
      .join(' '),
  'da-DK': (p) =>
    [
      `ÅOP ${p.rate}, ${p.amount} over ${p.years} år`,
      `Samlede kreditomkostninger: ${p.totalCost}`,
      `Samlet tilbagebetalingsbeløb: ${p.totalPayable}`,
    ]
      .map(endSentence)
      .join(' '),
};

function formattersFor(locale: Locale, currency: string) {
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
  const moneyWithCents = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return {
    // The value is already rounded half up to one decimal; Intl only lays it out.
    percent: (ratePercent: number) => percent.format(ratePercent / 100),
    money: (value: number) => money.format(value),
    moneyWithCents: (value: number) => moneyWithCents.format(value),
  };
}
