import { z } from 'zod';
import { optionalUrl } from './config-env.ts';

// The identity providers' part of the config (config.ts keeps the one schema and spreads `oidcEnv` into it):
// their variables, and each provider's settings from them, with the local e-ID provider outside production.

/** The identity providers we log in through: each country's e-ID, and the staff's workforce provider. */
export const oidcProviderIds = ['NO', 'SE', 'FI', 'DK', 'staff'] as const;
export type OidcProviderId = (typeof oidcProviderIds)[number];

/** What the local e-ID provider stands in for, per country (the acr value asks for the e-ID and its level). */
const defaultAcrValues: Record<OidcProviderId, string> = {
  NO: 'urn:grn:authn:no:bankid:substantial',
  SE: 'urn:grn:authn:se:bankid',
  FI: 'urn:grn:authn:fi:ftn:substantial',
  DK: 'urn:grn:authn:dk:mitid:substantial',
  staff: '',
};

// OIDC_<PROVIDER>_ISSUER … per provider (OIDC_NO_ISSUER, OIDC_STAFF_CLIENT_ID, …).
export const oidcEnv = Object.fromEntries(
  oidcProviderIds.flatMap((id) => {
    const prefix = `OIDC_${id.toUpperCase()}_`;
    return [
      [`${prefix}ISSUER`, optionalUrl],
      [`${prefix}CLIENT_ID`, z.string().trim().min(1).optional()],
      [`${prefix}CLIENT_SECRET`, z.string().min(1).optional()],
      [`${prefix}SCOPES`, z.string().trim().min(1).optional()],
      [`${prefix}ACR_VALUES`, z.string().trim().optional()],
    ];
  }),
) as Record<string, z.ZodType<string | undefined>>;

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated, `openid` first. */
  scopes: string;
  /** Space-separated acr values (the e-ID and its assurance level); empty for none. */
  acrValues: string;
}

/** The local e-ID provider's address for a provider (its issuer): one issuer per country, and staff. */
export function localEidIssuer(port: number, id: OidcProviderId): string {
  return `http://localhost:${port}/${id.toLowerCase()}`;
}

/** The secret the local e-ID provider and the API share outside production (never a production secret). */
export function localEidClientSecret(id: OidcProviderId): string {
  return `local-e-id-secret-${id.toLowerCase()}`;
}

/**
 * Each provider from its OIDC_<ID>_* variables. Outside production the local e-ID provider fills in what
 * is not set; in production a provider is offered only when its issuer, client id and secret are all set.
 */
export function oidcProvidersFrom(
  env: Record<string, string | undefined>,
  localEidProvider: { enabled: boolean; port: number },
): Partial<Record<OidcProviderId, OidcProviderConfig>> {
  const providers: Partial<Record<OidcProviderId, OidcProviderConfig>> = {};
  for (const id of oidcProviderIds) {
    const prefix = `OIDC_${id.toUpperCase()}_`;
    const local = localEidProvider.enabled;
    const issuer = env[`${prefix}ISSUER`] ?? (local ? localEidIssuer(localEidProvider.port, id) : undefined);
    const clientId = env[`${prefix}CLIENT_ID`] ?? (local ? `nordloan-${id.toLowerCase()}` : undefined);
    const clientSecret = env[`${prefix}CLIENT_SECRET`] ?? (local ? localEidClientSecret(id) : undefined);
    if (!issuer || !clientId || !clientSecret) continue;
    providers[id] = {
      issuer,
      clientId,
      clientSecret,
      scopes: env[`${prefix}SCOPES`] ?? (id === 'staff' ? 'openid profile staff' : 'openid profile'),
      acrValues: env[`${prefix}ACR_VALUES`] ?? defaultAcrValues[id],
    };
  }
  return providers;
}
