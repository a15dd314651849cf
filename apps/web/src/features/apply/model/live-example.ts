import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { brandExample } from '@nordloan/domain/brands/brand-example';
import type { RepresentativeExample } from '@nordloan/domain/finance/representative-example';
import { securedLoanExample } from '@nordloan/domain/secured-loan';

// The representative example beside the amount and duration, computed in the browser by the same domain
// function as GET /calculator/representative-example (`brandExample`), so the page and the API print the
// same figures and refuse the same terms.

export type LiveExample =
  | { kind: 'example'; example: RepresentativeExample; nominalRate: number; startupFee: number }
  | { kind: 'unavailable'; reason: 'bounds' | 'caps' | 'no-rate' };

export function liveExample(brand: BrandConfig, amount: number, durationYears: number): LiveExample {
  const result = brandExample(brand, amount, durationYears);
  return result.kind === 'example' ? result : { kind: 'unavailable', reason: result.reason };
}

/** A secured loan's example: its own rate and fees (ADR 0027), for any amount within its bounds. */
export function liveSecuredExample(brand: BrandConfig, amount: number, durationYears: number): LiveExample {
  const result = securedLoanExample(brand, amount, durationYears);
  if (result.kind === 'example') {
    return { ...result, startupFee: brand.securedLoan?.fees.startup ?? 0 };
  }
  return { kind: 'unavailable', reason: result.reason === 'no-rate' ? 'no-rate' : 'bounds' };
}
