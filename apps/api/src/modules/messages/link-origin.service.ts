import type { BrandConfig } from '@nordloan/domain/brands/registry';
import { resolveBrandFromHost } from '@nordloan/domain/brands/resolve-brand';
import type { Config } from '#src/config.ts';
import type { Executor } from '#src/db/client.ts';
import { findLinkOrigin, saveLinkOrigin } from './link-origin.repository.ts';

// Where the links we send and show point (issue 38). Every link must work from the address the product is
// served at: PUBLIC_BASE_URL when it is set; otherwise the address the applicant's browser used — the brand
// host with its port, as in `http://no-main.localhost:3500` — and only then the brand's configured form
// host (which says port 3000 locally, whatever port the server runs on). Messages sent later, without a
// request (the outbox relay's notifications, the expiry reminder), use the address stored for the
// application when it was made or submitted (migrations/0029).
//
// The Host header is the client's to write, so an origin is only used for a brand when its host is one of
// that brand's own hosts (resolveBrandFromHost, the same table the brand plugin uses), and in production
// only over https: a link can never be made to point at someone else's site.

const hostFormat = /^[a-z0-9.-]+(:\d{1,5})?$/;

/** The origin the browser used for this request, when its host is a brand's; otherwise null. */
export function originOfRequest(
  request: { protocol: string; headers: { host?: string | undefined } },
  config: Pick<Config, 'env'>,
): string | null {
  const host = (request.headers.host ?? '').trim().toLowerCase();
  if (!hostFormat.test(host)) return null;
  const { protocol } = request;
  if (protocol !== 'https' && (protocol !== 'http' || config.env === 'production')) return null;
  if (resolveBrandFromHost(host, config.env).isFallback) return null;
  return `${protocol}://${host}`;
}

/** The origin, when it is one of `brand`'s own (its host resolves to the brand); otherwise null. */
function ownOrigin(origin: string, brand: BrandConfig, config: Pick<Config, 'env'>): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && (url.protocol !== 'http:' || config.env === 'production')) return null;
  const resolved = resolveBrandFromHost(url.host, config.env);
  if (resolved.isFallback || resolved.brand.brand !== brand.brand) return null;
  return url.origin;
}

export interface LinkBase {
  /** The brand's own site: apply pages and everything not on the personal page's host. */
  site: string;
  /** Where the personal page is served: the site, or `mine.<host>` for a brand whose personal page has its own. */
  personalPage: string;
}

/**
 * The addresses links of `brand` start with: PUBLIC_BASE_URL as it is, else `origin` when it is the
 * brand's own (the request's, or the one stored for the application), else the brand's form host.
 */
export function linkBase(
  config: Pick<Config, 'env' | 'publicBaseUrl'>,
  brand: BrandConfig,
  origin?: string | null,
): LinkBase {
  if (config.publicBaseUrl) {
    const base = config.publicBaseUrl.replace(/\/$/, '');
    return { site: base, personalPage: base };
  }
  const chosen = new URL(
    (origin && ownOrigin(origin, brand, config)) ?? brand.environments[config.env].formHost,
  );
  // The personal page's own host serves only the personal page (brands.md): the site is the host without it.
  chosen.hostname = chosen.hostname.replace(/^mine\./, '');
  const site = chosen.origin;
  if (brand.paths.myPageHost === 'separate')
    chosen.hostname = `mine.${chosen.hostname.replace(/^www\./, '')}`;
  return { site, personalPage: chosen.origin };
}

/**
 * Remembers the address the applicant used for their application (when it is the application's brand's
 * own), for the links of messages sent later. The newest wins: a person who moved on to another of the
 * brand's addresses gets links to that one.
 */
export async function rememberLinkOrigin(
  db: Executor,
  input: {
    config: Pick<Config, 'env'>;
    application: { id: string; brand: BrandConfig };
    origin: string | null;
    now: Date;
  },
): Promise<void> {
  const origin = input.origin && ownOrigin(input.origin, input.application.brand, input.config);
  if (!origin) return;
  await saveLinkOrigin(db, { applicationId: input.application.id, origin, now: input.now });
}

/** The address stored for the application, if any (see rememberLinkOrigin). */
export async function storedLinkOrigin(db: Executor, applicationId: string): Promise<string | null> {
  return (await findLinkOrigin(db, applicationId)) ?? null;
}
