import { brandIdByHost, defaultBrandId, loadBrandConfig } from 'virtual:nordloan-brands';
import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import type { BrandId } from '@nordloan/domain/brands/brand-ids';
import { INVALID_BRAND_WARNING, isLocalHost, normalizeHost } from '@nordloan/domain/brands/resolve-brand';

// Which site this page load is: the brand index on a plain local host, or one brand's site. The entry
// carries only the host → brand table; the brand's configuration is a chunk of its own (loadBrand), made
// from the registry by the build (build/brand-modules.ts, issue 40, ADR 0086).

export type SiteRuntime =
  | { kind: 'brand-index' }
  | { kind: 'brand'; brandId: BrandId; isMyPageHost: boolean; isFallback: boolean };

/**
 * The browser resolves against the widest host list (the 'test' environment: `<id>.localhost`,
 * `test.<domain>` and the production domains), as the domain's resolveBrandFromHost does. The request
 * already reached this server, so a host that names a brand is that brand; what a host may do is the
 * API's decision, not the page's.
 */
export function resolveSite(host: string): SiteRuntime {
  if (isLocalHost(host)) return { kind: 'brand-index' };
  const normalized = normalizeHost(host);
  const brandId = Object.hasOwn(brandIdByHost, normalized) ? brandIdByHost[normalized] : undefined;
  if (!brandId) {
    // §8 warning (console), then the Swedish main brand (§5).
    console.warn(INVALID_BRAND_WARNING);
    return { kind: 'brand', brandId: defaultBrandId, isMyPageHost: false, isFallback: true };
  }
  return { kind: 'brand', brandId, isMyPageHost: normalized.startsWith('mine.'), isFallback: false };
}

/** The brand's configuration (its chunk; the registry's value). */
export async function loadBrand(id: BrandId): Promise<BrandConfig> {
  return (await loadBrandConfig(id)).default;
}
