import { z } from 'zod';
import type { Country, Product } from '../enums.ts';

// Country caps on a consumer-credit offer, from /shared/design/regulation.md "Country rules".
// Statutory figures are constants here, each naming its law. Figures that change by date (reference rates,
// price base amount) come in as `CapsConfig`, built for the offer's day from the dated table of
// regulatory-figures.ts (issue 17); there is no default, so no check can fall back to a stale constant.
// An offer that fails is recorded with a reason and not shown; a brand example that fails is a start-up error.

export const capsConfigSchema = /* @__PURE__ */ z.object({
  sweden: z.object({
    /** Riksbanken's referensränta (räntelagen 9 §), percent; reset every 1 January and 1 July. */
    referenceRatePercent: z.number().min(-10).max(50),
    /** Startup-fee cap in SEK: 1 % of the prisbasbelopp of the year the contract is made. */
    startupFeeCap: z.number().min(0),
  }),
  finland: z.object({
    /** Suomen Pankki's viitekorko (korkolaki 12 §), percent; reset every 1 January and 1 July. */
    referenceRatePercent: z.number().min(-10).max(50),
  }),
});
export type CapsConfig = z.infer<typeof capsConfigSchema>;

// ── Statutory figures (regulation.md "Country rules") ──────────────────────────────────────────────

/** utlånsforskriften § 13: unsecured consumer loans at most 5 years unless refinancing. */
export const norwayMaxUnsecuredTermMonths = 60;
/** konsumentkreditlagen from 1 March 2025: nominal rate ≤ reference rate + 20 points. */
export const swedenRatePointsAboveReference = 20;
/** korkolaki / kuluttajansuojalaki 7:17 a (KKV): nominal ≤ 15 % + reference, never above 20 %. */
export const finlandRatePointsAboveReference = 15;
export const finlandAbsoluteMaxRatePercent = 20;
/** kuluttajansuojalaki 7:17 a (KKV): other costs ≤ 0.01 % of the amount per day and ≤ 150 € per year. */
export const finlandOtherCostsPerDayShare = 0.0001;
export const finlandOtherCostsPerYearEur = 150;
/** lov om forbrugslånsvirksomheder § 11 a: ÅOP at most 35 %. */
export const denmarkMaxAprPercent = 35;
/** markedsføringsloven § 11 a: no marketing of credit with ÅOP above 25 %. */
export const denmarkMaxMarketableAprPercent = 25;

// The Finnish daily cap counts days; regulation.md fixes a month at 1/12 year, so 365/12 days.
const daysPerMonth = 365 / 12;

/**
 * Products bound by Norway's 5-year term cap. Only the instalment loan: a CreditCard is revolving
 * credit (rammekreditt) with no repayment term, so utlånsforskriften § 13's term rule does not fit
 * it; SecuredLoan is not unsecured; DiscoveryLoan is not an unsecured instalment product per spec §3.
 */
export const norwayTermCappedProducts: readonly Product[] = ['UnsecuredLoan'];

export const capViolationCodes = [
  'INVALID_OFFER',
  'NO_TERM_ABOVE_5_YEARS',
  'SE_NOMINAL_RATE_ABOVE_CAP',
  'SE_TOTAL_COST_ABOVE_AMOUNT',
  'SE_STARTUP_FEE_ABOVE_CAP',
  'FI_NOMINAL_RATE_ABOVE_CAP',
  'FI_OTHER_COSTS_ABOVE_DAILY_CAP',
  'FI_OTHER_COSTS_ABOVE_YEARLY_CAP',
  'DK_APR_ABOVE_CAP',
  'DK_TOTAL_COST_ABOVE_AMOUNT',
] as const;
export type CapViolationCode = (typeof capViolationCodes)[number];

export interface CapViolation {
  code: CapViolationCode;
  message: string;
}

export type CapsCheckResult = { ok: true } | { ok: false; violations: CapViolation[] };

export interface OfferCapsInput {
  country: Country;
  product: Product;
  /** Amount of credit, in the country's currency. */
  amount: number;
  durationMonths: number;
  /** Nominal yearly rate in percent (11.9 = 11.9 %). */
  nominalRate: number;
  /** Effective annual rate in percent, as from `calculateLoanCost`. */
  effectiveRate: number;
  /** Total cost of credit (interest + all fees) = total payable − amount. */
  totalCost: number;
  startupFee: number;
  monthlyFee: number;
  /** Norway: a refinancing that raises neither the amount nor the total cost (the caller asserts this). */
  isRefinancing: boolean;
}

/**
 * Checks an offer (or a brand's example) against its country's caps. Comparisons are strict "at most":
 * a figure exactly on the cap passes. SE, FI and DK caps are applied to every product: the laws exempt
 * credit secured on a home, but whether a SecuredLoan is one is not known here, and wrongly hiding an
 * offer only costs a sale while wrongly showing one breaks the law. Norway's income and affordability
 * rules need the applicant's finances and are not offer caps.
 */
export function checkOfferCaps(offer: OfferCapsInput, config: CapsConfig): CapsCheckResult {
  const violations = violationsFor(offer, config);
  return violations.length === 0 ? { ok: true } : { ok: false, violations };
}

function violationsFor(offer: OfferCapsInput, config: CapsConfig): CapViolation[] {
  const violations: CapViolation[] = [];
  const add = (code: CapViolationCode, message: string) => violations.push({ code, message });
  const { amount, durationMonths, nominalRate, effectiveRate, totalCost, startupFee, monthlyFee } = offer;
  // NaN compares false against every cap, so a broken figure would pass silently: refuse it instead.
  const figures = { amount, durationMonths, nominalRate, effectiveRate, totalCost, startupFee, monthlyFee };
  const broken = Object.entries(figures).filter(([, value]) => !Number.isFinite(value));
  if (broken.length > 0 || !(amount > 0) || startupFee < 0 || monthlyFee < 0 || !(durationMonths >= 1)) {
    const detail = broken.length > 0 ? broken.map(([name]) => name).join(', ') : 'amount, term or fees';
    add('INVALID_OFFER', `Offer figures are not valid numbers (${detail}); caps cannot be checked`);
    return violations;
  }

  switch (offer.country) {
    case 'NO': {
      // utlånsforskriften § 13
      if (
        norwayTermCappedProducts.includes(offer.product) &&
        !offer.isRefinancing &&
        durationMonths > norwayMaxUnsecuredTermMonths
      ) {
        add(
          'NO_TERM_ABOVE_5_YEARS',
          `Unsecured loans in Norway may run at most ${norwayMaxUnsecuredTermMonths} months unless refinancing (utlånsforskriften § 13); got ${durationMonths}`,
        );
      }
      break;
    }
    case 'SE': {
      // konsumentkreditlagen, from 1 March 2025
      const maxRate = config.sweden.referenceRatePercent + swedenRatePointsAboveReference;
      if (nominalRate > maxRate) {
        add(
          'SE_NOMINAL_RATE_ABOVE_CAP',
          `Nominal rate ${nominalRate} % is above the Swedish cap of ${maxRate} % (reference rate + ${swedenRatePointsAboveReference} points)`,
        );
      }
      if (totalCost > amount) {
        add(
          'SE_TOTAL_COST_ABOVE_AMOUNT',
          `Total credit cost ${totalCost} is above 100 % of the amount ${amount}`,
        );
      }
      if (startupFee > config.sweden.startupFeeCap) {
        add(
          'SE_STARTUP_FEE_ABOVE_CAP',
          `Startup fee ${startupFee} SEK is above the cap of ${config.sweden.startupFeeCap} SEK (1 % of the price base amount)`,
        );
      }
      break;
    }
    case 'FI': {
      // korkolaki; kuluttajansuojalaki 7:17 a (KKV). Breaking it voids all interest and costs.
      const maxRate = Math.min(
        finlandRatePointsAboveReference + config.finland.referenceRatePercent,
        finlandAbsoluteMaxRatePercent,
      );
      if (nominalRate > maxRate) {
        add(
          'FI_NOMINAL_RATE_ABOVE_CAP',
          `Nominal rate ${nominalRate} % is above the Finnish cap of ${maxRate} % (15 % + reference rate, at most 20 %)`,
        );
      }
      // "Other costs" are every cost but interest: the startup fee and all monthly fees over the term.
      const otherCosts = startupFee + monthlyFee * durationMonths;
      const dailyCap = amount * finlandOtherCostsPerDayShare * durationMonths * daysPerMonth;
      if (otherCosts > dailyCap) {
        add(
          'FI_OTHER_COSTS_ABOVE_DAILY_CAP',
          `Other credit costs ${otherCosts} € are above 0.01 % of the amount per day (${dailyCap} € over the term)`,
        );
      }
      // The costs of the dearest 12 months are those of the first: the startup fee plus up to 12 monthly fees.
      const firstYearCosts = startupFee + monthlyFee * Math.min(12, durationMonths);
      if (firstYearCosts > finlandOtherCostsPerYearEur) {
        add(
          'FI_OTHER_COSTS_ABOVE_YEARLY_CAP',
          `Other credit costs of ${firstYearCosts} € in the first year are above ${finlandOtherCostsPerYearEur} € per year`,
        );
      }
      break;
    }
    case 'DK': {
      // lov om forbrugslånsvirksomheder § 11 a–b
      if (effectiveRate > denmarkMaxAprPercent) {
        add(
          'DK_APR_ABOVE_CAP',
          `ÅOP ${effectiveRate} % is above the Danish cap of ${denmarkMaxAprPercent} %`,
        );
      }
      if (totalCost > amount) {
        add(
          'DK_TOTAL_COST_ABOVE_AMOUNT',
          `Total credit cost ${totalCost} is above 100 % of the amount ${amount}`,
        );
      }
      break;
    }
  }
  return violations;
}

/** markedsføringsloven § 11 a: credit may be marketed in Denmark only with ÅOP (percent) at most 25 %. */
export function isMarketableInDenmark(effectiveRatePercent: number): boolean {
  return effectiveRatePercent <= denmarkMaxMarketableAprPercent;
}
