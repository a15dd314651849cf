import { type BrandConfig, getBrand, isBrandId } from '@nordloan/domain/brands/registry';
import type { FastifyBaseLogger } from 'fastify';

/** Where a bad stored brand is reported (the request's pino logger). */
export type BrandWarningLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * The brand a stored row (customer, application) names. A brand id that is not in the registry is data
 * gone wrong (a brand removed or renamed): it is logged as a warning, not hidden, and the call goes on
 * with `fallback` (§5/§9: an unknown brand falls back to the country's or the default brand).
 */
export function storedBrand<Fallback extends BrandConfig | undefined>(
  brandId: string,
  fallback: () => Fallback,
  log: BrandWarningLog,
  where: string,
): BrandConfig | Fallback {
  if (isBrandId(brandId)) return getBrand(brandId);
  log.warn({ event: 'unknown_stored_brand', brand: brandId, where }, 'stored brand is not in the registry');
  return fallback();
}
