import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { isLocalHost, resolveBrandFromHost } from '@nordloan/domain/brands/resolve-brand';

// Which site this page load is: the brand index on a plain local host, or one brand's site.

export type SiteRuntime =
  | { kind: 'brand-index' }
  | { kind: 'brand'; brand: BrandConfig; isMyPageHost: boolean; isFallback: boolean };

/**
 * The browser resolves against the widest host list (the 'test' environment: `<id>.localhost`,
 * `test.<domain>` and the production domains). The request already reached this server, so a host
 * that names a brand is that brand; what a host may do is the API's decision, not the page's.
 */
export function resolveSite(host: string): SiteRuntime {
  if (isLocalHost(host)) return { kind: 'brand-index' };
  const resolved = resolveBrandFromHost(host, 'test');
  // §8 warning (console), then the Swedish main brand (§5).
  if (resolved.warning) console.warn(resolved.warning);
  return {
    kind: 'brand',
    brand: resolved.brand,
    isMyPageHost: resolved.isMyPageHost,
    isFallback: resolved.isFallback,
  };
}
