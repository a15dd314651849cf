import type {
  CreditCardSettings,
  OptionalFields,
  SecuredLoanSettings,
  UnsecuredLoanSettings,
} from './brand-config.schema.ts';
import { denmarkOptionalFields, finlandOptionalFields, norwayMainOptionalFields } from './optional-fields.ts';

// ─── Unsecured-loan settings (§9) ────────────────────────────────────────────────────────────────

/** §9 "Norway" row. Duration 1–20 years as in §9: utlånsforskriften § 13 allows more than 5 years only for
 * refinancing; lenders apply that to their offers, the form keeps the spec's range. The startup fee is
 * paid `upfront` in the marketed example, which then reads exactly as regulation.md's Norwegian sentence
 * (case a A: "Eff. rente 13,3 %, 150 000 kr o/5 år. Kost: 52 496 kr. Totalt: 202 496 kr."). */
export const norwayUnsecured = (optionalFields: OptionalFields): UnsecuredLoanSettings => ({
  rates: { low: 4.9, mid: 11.9, high: 19.9 },
  exampleRate: 'mid', // regulation.md case a: 150 000 NOK, 5 years, 11.9 %
  fees: { startup: 950, monthly: 30 },
  feeHandling: 'upfront',
  exampleIsRefinancing: false,
  config: {
    amount: { min: 10_000, max: 800_000, default: 150_000, step: 5_000 },
    duration: { min: 1, max: 20, default: 5, step: 1 },
  },
  optionalFields,
});

/** §9 "Norway, second brand config" row: establishment fee 3 % of the amount (regulation.md case e). The
 * duration step is not in §9: whole years. */
export const norwaySecondUnsecured: UnsecuredLoanSettings = {
  rates: { min: 9, low: 3.6, mid: 12, high: 20.95, interest: 0 },
  exampleRate: 'mid', // regulation.md case e: 250 000 NOK, 12 years, 12 %, 3 % fee
  fees: { establishmentPercent: 3, monthly: 0 },
  // Upfront like the other Norwegian brands (regulation.md case e A: 13.4279 %).
  feeHandling: 'upfront',
  // The §9 default term is 12 years; past 5 years Norway allows only refinancing (utlånsforskriften § 13),
  // so the brand's marketed example is a refinancing example.
  exampleIsRefinancing: true,
  config: {
    amount: { min: 10_000, max: 500_000, default: 250_000, step: 5_000 },
    duration: { min: 1, max: 15, default: 12, step: 1 },
  },
  optionalFields: norwayMainOptionalFields,
};

/** §9 "Sweden" row; "interest rate 0.0695" stored as 6.95 %. The duration step is not in §9: whole years.
 * Startup fee 495 SEK is under the 588 SEK cap of 2025 (regulation.md). */
export const swedenUnsecured = (optionalFields: OptionalFields): UnsecuredLoanSettings => ({
  rates: { low: 7.9, mid: 12, high: 16, interest: 6.95 },
  exampleRate: 'interest', // regulation.md case c: 500 000 SEK, 15 years, 6.95 %
  fees: { startup: 495, monthly: 0 },
  feeHandling: 'upfront',
  exampleIsRefinancing: false,
  config: {
    amount: { min: 5_000, max: 800_000, default: 500_000, step: 5_000 },
    duration: { min: 1, max: 15, default: 15, step: 1 },
  },
  optionalFields,
});

/** §9 "Finland" row gives only "min rate 0.06" (stored as 6 %), the amount and the duration range.
 * Filled in by us: low/mid/high rates, all at most 15 % so that they stay under the korkolaki cap of
 * 15 % + reference rate (never above 20 %) whatever the reference rate; no startup or monthly fee, as
 * regulation.md case d (40 000 EUR, 15 years, 6 %, no fees), which also keeps "other costs" far under
 * 0.01 %/day and 150 €/year; duration step of one whole year. */
export const finlandUnsecured: UnsecuredLoanSettings = {
  rates: { min: 6, low: 7.9, mid: 11.9, high: 14.9 },
  exampleRate: 'min',
  fees: { startup: 0, monthly: 0 },
  feeHandling: 'upfront',
  exampleIsRefinancing: false,
  config: {
    amount: { min: 500, max: 70_000, default: 40_000, step: 500 },
    duration: { min: 1, max: 15, default: 15, step: 1 },
  },
  optionalFields: finlandOptionalFields,
};

/** Denmark has no §9 row; ours. The marketed example (100 000 DKK, 5 years, 9.95 %, 1 000 DKK startup,
 * 25 DKK a month) has an ÅOP of about 11.5 %, well under the 25 % marketing limit, and a total cost of
 * about 30 % of the amount, under the 100 % cap (lov om forbrugslånsvirksomheder § 11 a–b, regulation.md).
 * Ten years at most keeps the mid-rate total cost under 100 % of the amount. */
export const denmarkUnsecured: UnsecuredLoanSettings = {
  rates: { low: 4.95, mid: 9.95, high: 19.95 },
  exampleRate: 'mid',
  fees: { startup: 1_000, monthly: 25 },
  feeHandling: 'upfront',
  exampleIsRefinancing: false,
  config: {
    amount: { min: 10_000, max: 400_000, default: 100_000, step: 5_000 },
    duration: { min: 1, max: 10, default: 5, step: 1 },
  },
  optionalFields: denmarkOptionalFields,
};

/** Our choice: Norwegian card limits; the upper end is where Norwegian card issuers stop without extra
 * documentation. */
export const norwayCreditCard: CreditCardSettings = {
  limit: { min: 5_000, max: 150_000, default: 50_000, step: 5_000 },
};

/** Our choice: Swedish card limits (the application's Amount for a credit card). */
export const swedenCreditCard: CreditCardSettings = {
  limit: { min: 10_000, max: 100_000, default: 25_000, step: 5_000 },
};

/** Our choice: secured loans (refinancing with a mortgage on the home) are larger and longer
 * (docs/decisions/0027). The marketed example is the one Norwegian banks print for a home loan, 2 mill. kr
 * over 25 years (Finanstilsynet's guidance on finansavtaleforskriften § 1-4), here at 5.9 % with a 2 500 kr
 * establishment fee and a 50 kr monthly fee, financed into the loan as Norwegian banks do (regulation.md).
 * Loan-to-value at most 90 %: utlånsforskriften § 4 (from 1 January 2025). */
export const norwaySecuredLoan: SecuredLoanSettings = {
  config: {
    amount: { min: 100_000, max: 10_000_000, default: 2_000_000, step: 10_000 },
    duration: { min: 5, max: 30, default: 25, step: 1 },
  },
  rates: { low: 4.9, high: 8.9 },
  exampleRate: 5.9,
  fees: { startup: 2_500, monthly: 50 },
  feeHandling: 'financed',
  example: { amount: 2_000_000, durationYears: 25 },
  maxLoanToValuePercent: 90,
};
