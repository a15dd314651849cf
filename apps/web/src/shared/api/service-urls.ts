import { errorMessages } from '@nordloan/domain/errors';

// §3 per-environment URLs. The API serves this app, so by default every service is the page's own
// origin; a deployment may point them elsewhere (VITE_API_URL, VITE_INTEGRATION_URL, VITE_PERSON_URL).

export interface ServiceUrls {
  api: string | null;
  integration: string | null;
  /** §7 "a configurable person service base address". */
  person: string | null;
}

let configured: ServiceUrls = { api: null, integration: null, person: null };

export function configureServiceUrls(urls: Partial<ServiceUrls>): void {
  configured = { ...configured, ...urls };
}

export function resetServiceUrls(): void {
  configured = { api: null, integration: null, person: null };
}

export function defaultServiceUrls(
  origin: string,
  env: Record<string, string | undefined> = {},
): ServiceUrls {
  const api = env.VITE_API_URL || origin;
  return { api, integration: env.VITE_INTEGRATION_URL || api, person: env.VITE_PERSON_URL || api };
}

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** §8 'No service URL found!' when the API URL is not configured. */
export function serviceUrl(): string {
  if (!configured.api) throw new Error(errorMessages.noServiceUrl());
  return trimSlash(configured.api);
}

/** §8 'No integration URL found' for integration calls without an integration URL. */
export function integrationUrl(): string {
  if (!configured.integration) throw new Error(errorMessages.noIntegrationUrl());
  return trimSlash(configured.integration);
}

export function personServiceUrl(): string {
  return configured.person ? trimSlash(configured.person) : serviceUrl();
}
