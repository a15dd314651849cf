import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { checkAmountAndDuration, startupFeeFor } from '@nordloan/domain/brands/unsecured-bounds';
import { checkOfferCaps, isMarketableInDenmark } from '@nordloan/domain/finance/caps';
import { EffectiveRateError } from '@nordloan/domain/finance/loan-math';
import {
  type RepresentativeExample,
  representativeExample,
} from '@nordloan/domain/finance/representative-example';

// The representative example beside the amount and duration, computed in the browser with the domain's
// loan math and the brand's own rates and fees (regulation.md "Representative example", §9) — the same
// steps as GET /calculator/representative-example (apps/api calculator.service.ts), so the page and the
// API print the same figures, and the same terms are refused: outside the brand's bounds, or where an
// example would show terms no offer may have (regulation.md "Country rules"; in Denmark an ÅOP above 25 %
// may not be marketed, markedsføringsloven § 11 a).

export type LiveExample =
  | { kind: 'example'; example: RepresentativeExample; nominalRate: number; startupFee: number }
  | { kind: 'unavailable'; reason: 'bounds' | 'caps' | 'no-rate' };

export function liveExample(brand: BrandConfig, amount: number, durationYears: number): LiveExample {
  const settings = brand.unsecuredLoan;
  if (checkAmountAndDuration(brand, 'UnsecuredLoan', amount, durationYears).length > 0) {
    return { kind: 'unavailable', reason: 'bounds' };
  }
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
  const caps = checkOfferCaps({
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
  });
  if (!caps.ok) return { kind: 'unavailable', reason: 'caps' };
  if (brand.country === 'DK' && !isMarketableInDenmark(example.unrounded.effectiveRate)) {
    return { kind: 'unavailable', reason: 'caps' };
  }
  return { kind: 'example', example, nominalRate, startupFee };
}
