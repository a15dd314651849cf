import type { BrandConfig, BrandEnvironment, BrandPathPurpose } from './brand-config.schema.ts';
import { type BrandId, brandIds, brands, DEFAULT_BRAND_ID, isBrandId } from './registry.ts';

// How a host becomes a brand: docs/decisions/0002-brand-resolution.md.

/** §8 warning, logged (not thrown) when a host or brand value is unknown. */
export const INVALID_BRAND_WARNING = 'Invalid brand detected. Defaulting to the Swedish brand';

export interface ResolvedBrand {
  brand: BrandConfig;
  /** True when the host or value named no brand and the default (se-main, §5) was used. */
  isFallback: boolean;
  /** True on the brand's separate personal-page host (`mine.<domain>`, `mine.<id>.localhost`). */
  isMyPageHost: boolean;
  /** The §8 warning, when the value was invalid; a plain local host is expected and gets none. */
  warning?: string;
}

/** Lower-cases and removes the port and a trailing dot; IPv6 literals keep their brackets. */
export function normalizeHost(host: string): string {
  let value = host.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.indexOf(':');
  if (colon !== -1) value = value.slice(0, colon);
  return value.endsWith('.') ? value.slice(0, -1) : value;
}

const localHostNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/** §2/§4 "a local host": localhost, 127.0.0.1 or [::1], with or without a port. */
export function isLocalHost(host: string): boolean {
  return localHostNames.has(normalizeHost(host));
}

/**
 * Every host a brand answers to in an environment. Production: the configured domain, `www.<domain>`, and
 * `mine.<domain>` when the personal page is on a separate host. Development and test add
 * `<id>.localhost` (and `mine.<id>.localhost`); test also `test.<domain>` (the test environment's form host).
 */
export function brandHosts(brand: BrandConfig, env: BrandEnvironment): string[] {
  const separate = brand.paths.myPageHost === 'separate';
  const production = [brand.domain, `www.${brand.domain}`, ...(separate ? [`mine.${brand.domain}`] : [])];
  if (env === 'production') return production;
  const local = [`${brand.brand}.localhost`, ...(separate ? [`mine.${brand.brand}.localhost`] : [])];
  if (env === 'development') return [...local, ...production];
  const test = [`test.${brand.domain}`, ...(separate ? [`mine.test.${brand.domain}`] : [])];
  return [...local, ...test, ...production];
}

const hostIndexes = new Map<BrandEnvironment, Map<string, BrandId>>();
function hostIndex(env: BrandEnvironment): Map<string, BrandId> {
  let index = hostIndexes.get(env);
  if (!index) {
    index = new Map();
    for (const id of brandIds) for (const host of brandHosts(brands[id], env)) index.set(host, id);
    hostIndexes.set(env, index);
  }
  return index;
}

function fallback(warning: string | undefined): ResolvedBrand {
  return {
    brand: brands[DEFAULT_BRAND_ID],
    isFallback: true,
    isMyPageHost: false,
    ...(warning ? { warning } : {}),
  };
}

/** The brand a request host belongs to; an unknown host falls back to se-main with the §8 warning. */
export function resolveBrandFromHost(host: string, env: BrandEnvironment): ResolvedBrand {
  const normalized = normalizeHost(host);
  // A plain local host shows the brand index page (architecture.md): the default brand, no warning.
  if (localHostNames.has(normalized)) return fallback(undefined);
  const id = hostIndex(env).get(normalized);
  if (!id) return fallback(INVALID_BRAND_WARNING);
  return { brand: brands[id], isFallback: false, isMyPageHost: normalized.startsWith('mine.') };
}

/** A brand id from a query, header or stored value; anything unknown falls back like an unknown host. */
export function resolveBrandId(value: string | undefined): ResolvedBrand {
  const candidate = value?.trim().toLowerCase() ?? '';
  if (!isBrandId(candidate)) return fallback(INVALID_BRAND_WARNING);
  return { brand: brands[candidate], isFallback: false, isMyPageHost: false };
}

const pathPurposes = [
  'applyUnsecured',
  'applySecured',
  'applyInsurance',
  'preCheck',
  'oneFormApply',
  'myPage',
  'myPageUnsecured',
  'myPageCreditCard',
  'myPageSecured',
] as const satisfies readonly BrandPathPurpose[];
const myPagePurposes = new Set<BrandPathPurpose>([
  'myPage',
  'myPageUnsecured',
  'myPageCreditCard',
  'myPageSecured',
]);

/**
 * Every route path the brand serves (the web router and the API's SPA fallback use it), sorted. With
 * `host: 'main'` or `'myPage'`, only the paths served on that host (they differ when the personal page is
 * on a separate host; a brand without a separate host has no 'myPage' paths); without it, all of them.
 */
export function brandPathList(brand: BrandConfig, options: { host?: 'main' | 'myPage' } = {}): string[] {
  const separate = brand.paths.myPageHost === 'separate';
  const paths = new Set<string>();
  for (const purpose of pathPurposes) {
    const path = brand.paths[purpose];
    if (path === undefined) continue;
    const onMyPageHost = separate && myPagePurposes.has(purpose);
    if (options.host === 'main' && onMyPageHost) continue;
    if (options.host === 'myPage' && !onMyPageHost) continue;
    paths.add(path);
  }
  return [...paths].sort();
}
