import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { brandExample } from '@nordloan/domain/brands/brand-example';
import type { RepresentativeExample } from '@nordloan/domain/finance/representative-example';

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
