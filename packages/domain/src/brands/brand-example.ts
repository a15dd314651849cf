import { type CapsConfig, checkOfferCaps, isMarketableInDenmark } from '../finance/caps.ts';
import { EffectiveRateError } from '../finance/loan-math.ts';
import { publishedCapsConfigAt } from '../finance/regulatory-figures.data.ts';
import { type RepresentativeExample, representativeExample } from '../finance/representative-example.ts';
import type { BrandConfig } from './brand-config.schema.ts';
import { type BoundsFieldError, checkAmountAndDuration, startupFeeFor } from './unsecured-bounds.ts';

// A brand's representative example for given terms (regulation.md "Representative example", §9): the
// brand's own example rate and fees, refused outside the brand's bounds and wherever an example would show
// terms no offer may have (regulation.md "Country rules"; in Denmark an ÅOP above 25 % may not be marketed,
// markedsføringsloven § 11 a). One function, so the start-up check of the registry, the API's
// GET /calculator/representative-example and the apply page's live example can never disagree.

export type BrandExample =
  | { kind: 'example'; example: RepresentativeExample; nominalRate: number; startupFee: number }
  | { kind: 'unavailable'; reason: 'bounds'; errors: BoundsFieldError[] }
  | { kind: 'unavailable'; reason: 'caps'; problems: string[] }
  | { kind: 'unavailable'; reason: 'no-rate' };

export function brandExample(
  brand: BrandConfig,
  amount: number,
  durationYears: number,
  /** The caps of the day the example is shown (the API passes its own, with the stored periods). */
  capsConfig: CapsConfig = publishedCapsConfigAt(new Date()),
): BrandExample {
  const settings = brand.unsecuredLoan;
  const errors = checkAmountAndDuration(brand, 'UnsecuredLoan', amount, durationYears);
  if (errors.length > 0) return { kind: 'unavailable', reason: 'bounds', errors };

  const nominalRate = settings.rates[settings.exampleRate]!;
  const startupFee = startupFeeFor(settings.fees, amount);
  let example: RepresentativeExample;
  try {
    example = representativeExample({
      locale: brand.i18n.defaultLocale,
      currency: brand.currency,
      amount,
      durationYears,
      nominalRate,
      startupFee,
      monthlyFee: settings.fees.monthly,
      feeHandling: settings.feeHandling,
    });
  } catch (error) {
    if (error instanceof EffectiveRateError) return { kind: 'unavailable', reason: 'no-rate' };
    throw error;
  }

  const caps = checkOfferCaps(
    {
      country: brand.country,
      product: 'UnsecuredLoan',
      amount,
      durationMonths: durationYears * 12,
      nominalRate,
      effectiveRate: example.unrounded.effectiveRate,
      totalCost: example.unrounded.totalCost,
      startupFee,
      monthlyFee: settings.fees.monthly,
      isRefinancing: settings.exampleIsRefinancing,
    },
    capsConfig,
  );
  const problems = caps.ok ? [] : caps.violations.map((violation) => violation.message);
  if (brand.country === 'DK' && !isMarketableInDenmark(example.unrounded.effectiveRate)) {
    problems.push(
      `ÅOP ${example.unrounded.effectiveRate.toFixed(1)} % of the example is above the 25 % marketing limit (markedsføringsloven § 11 a)`,
    );
  }
  if (problems.length > 0) return { kind: 'unavailable', reason: 'caps', problems };
  return { kind: 'example', example, nominalRate, startupFee };
}
