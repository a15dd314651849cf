import { brands } from '../brands/registry.ts';
import {
  type LenderApplicant,
  type LenderApplication,
  lenderDecision,
  registrationOutcome,
} from '../lending/credit-policy.ts';
import { lendersFor } from '../lending/lender-panel.ts';
import { classifyOffer } from '../lending/offer-figures.ts';
import { seededDraw } from '../lending/seeded-random.ts';
import type { CapsConfig } from './caps.ts';
import { publishedCapsConfigAt } from './regulatory-figures.data.ts';
import type { RegulatedCountry } from './regulatory-figures.ts';

// Issue 39: how many offers of the simulated lender panel the country caps withhold on a given day, for a
// fixed, seeded batch of Swedish and Finnish applications: the measure of what a missing regulatory period
// costs. Not a test and not used by the product; run it with tsx (docs/regulatory-figures.md):
//
//   npx tsx -e "import('./packages/domain/src/finance/regulatory-figures.hidden-offers.ts').then(m => m.printHiddenOfferCounts())"
//
// The lenders decide as in production (lenderDecision; the lenders that fit their offers to the caps read
// the published periods of the day, as they do in the API), and every offer is then checked against the
// caps of `instant`. With `rateBand`, every application carries that band instead of its brand's: the
// same offers on either side of a change, priced near the lawful cap, to show what such a lender loses
// while a period is missing (the brands' own bands stay under the strict bound, so they lose nothing).

export interface HiddenOfferCounts {
  country: RegulatedCountry;
  applications: number;
  /** Registered applications × lenders that answered with offers. */
  decisions: number;
  offers: number;
  /** Offers made but withheld by the caps (stored with their reasons, never shown). */
  withheld: number;
  /** Decisions where a lender that fits its offers to the caps found no terms that pass (declined). */
  declinedForCaps: number;
  byViolation: Record<string, number>;
  capsConfig: CapsConfig;
}

const employmentTypes = ['Permanent', 'Permanent', 'Permanent', 'Temporary', 'Pensioner', 'Hourly'];

function applicationsFor(
  country: RegulatedCountry,
  count: number,
  seed: number,
  rateBand: (index: number) => { low: number; high: number },
): LenderApplication[] {
  const draw = (index: number, purpose: string) => seededDraw(seed, 'hidden-offers', country, index, purpose);
  // Incomes and amounts in the country's currency: SEK for Sweden, EUR for Finland.
  const scale = country === 'SE' ? 10 : 1;
  const step = country === 'SE' ? 5_000 : 500;
  return Array.from({ length: count }, (_, index) => {
    const gross = Math.round((20_000 + draw(index, 'income') * 70_000) * scale);
    const main: LenderApplicant = {
      role: 'MainApplicant',
      age: 20 + Math.floor(draw(index, 'age') * 55),
      grossYearlyIncome: gross,
      netMonthlyIncome: Math.round((gross * 0.7) / 12),
      employmentType: employmentTypes[Math.floor(draw(index, 'employment') * employmentTypes.length)]!,
      housingCostMonthly: null,
      hasPaymentRemarks: draw(index, 'remarks') < 0.05,
      hasNationalId: true,
      hasAddress: true,
    };
    const amountCap = country === 'SE' ? 600_000 : 70_000;
    const amount = Math.max(step, Math.round((draw(index, 'amount') * amountCap) / step) * step);
    const hasDebt = draw(index, 'debt') < 0.4;
    return {
      randomnessKey: `hidden-offers-${country}-${index}`,
      country,
      currency: country === 'SE' ? 'SEK' : 'EUR',
      product: 'UnsecuredLoan',
      amount,
      durationMonths: 12 * (1 + Math.floor(draw(index, 'years') * 15)),
      purpose: null,
      applicants: [main],
      debts: hasDebt
        ? [
            {
              type: 'CreditCard',
              balance: Math.round(draw(index, 'balance') * 5_000 * scale),
              monthlyPayment: null,
              isRefinanced: draw(index, 'refinance') < 0.5,
              creditor: null,
              interestRatePercent: null,
              remainingTermMonths: null,
            },
          ]
        : [],
      rateBand: rateBand(index),
      isDuplicateAtLender: false,
    } satisfies LenderApplication;
  });
}

export function countHiddenOffers(options: {
  country: RegulatedCountry;
  instant: Date;
  /** The caps the offers are checked against; by default the published periods' of `instant`. */
  capsConfig?: CapsConfig;
  count?: number;
  seed?: number;
  /** Nominal rates, percent, the lenders price within instead of the brands' own bands. */
  rateBand?: { low: number; high: number };
}): HiddenOfferCounts {
  const { country, instant } = options;
  const count = options.count ?? 500;
  const seed = options.seed ?? 39;
  const capsConfig = options.capsConfig ?? publishedCapsConfigAt(instant);
  const bands = Object.values(brands)
    .filter((brand) => brand.country === country)
    .map((brand) => ({
      low: brand.unsecuredLoan.rates.low ?? 0,
      high: brand.unsecuredLoan.rates.high ?? 0,
    }));
  const rateBand = (index: number) => options.rateBand ?? bands[index % bands.length]!;
  const result: HiddenOfferCounts = {
    country,
    applications: count,
    decisions: 0,
    offers: 0,
    withheld: 0,
    declinedForCaps: 0,
    byViolation: {},
    capsConfig,
  };
  for (const application of applicationsFor(country, count, seed, rateBand)) {
    for (const profile of lendersFor(country, 'UnsecuredLoan')) {
      if (!registrationOutcome(profile, application).registered) continue;
      const decision = lenderDecision(profile, application, seed);
      if (decision.kind === 'declined') {
        if (decision.reasonCode === 'COUNTRY_CAPS') result.declinedForCaps += 1;
        continue;
      }
      result.decisions += 1;
      for (const offer of decision.offers) {
        result.offers += 1;
        const { caps } = classifyOffer({ offer, country, product: application.product, capsConfig });
        if (caps.ok) continue;
        result.withheld += 1;
        for (const violation of caps.violations) {
          result.byViolation[violation.code] = (result.byViolation[violation.code] ?? 0) + 1;
        }
      }
    }
  }
  return result;
}

/**
 * Rate bands of the second run: the four points under the nominal-rate caps of 1 July – 31 December 2026
 * with the figures of issue 39 (Sweden 2 % + 20 points = 22 %; Finland 15 % + 2.5 % = 17.5 %, the first
 * half's figure). Fixed, so that the runs before and after a change of the table price the same offers.
 */
const nearCapBands: Record<RegulatedCountry, { low: number; high: number }> = {
  SE: { low: 17.9, high: 21.9 },
  FI: { low: 13.4, high: 17.4 },
};

/** Prints the counts of both countries for today (or `instant`): the brands' bands, then near the caps. */
export function printHiddenOfferCounts(instant: Date = new Date()): void {
  for (const pricing of ['brand bands', 'near the cap'] as const) {
    for (const country of ['SE', 'FI'] as const) {
      const counts = countHiddenOffers({
        country,
        instant,
        rateBand: pricing === 'near the cap' ? nearCapBands[country] : undefined,
      });
      const caps =
        country === 'SE'
          ? `reference rate ${counts.capsConfig.sweden.referenceRatePercent} %, startup fee ≤ ${counts.capsConfig.sweden.startupFeeCap} SEK`
          : `reference rate ${counts.capsConfig.finland.referenceRatePercent} %`;
      console.log(
        `${instant.toISOString().slice(0, 10)} ${country}, ${pricing} (${caps}): ${counts.applications} applications, ${counts.decisions} decisions with offers, ${counts.offers} offers, ${counts.withheld} withheld by the caps, ${counts.declinedForCaps} declined by lenders for the caps; by reason ${JSON.stringify(counts.byViolation)}`,
      );
    }
  }
}
