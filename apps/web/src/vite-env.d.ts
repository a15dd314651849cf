/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Error-tracking DSN; tracking is off without it (§8, §9). */
  readonly VITE_SENTRY_DSN?: string;
  /** 'production' | 'test' | 'development'; defaults from the build mode. */
  readonly VITE_ERROR_TRACKING_ENV?: string;
  /** API base URL; the page's own origin by default (the API serves this app). */
  readonly VITE_API_URL?: string;
  readonly VITE_INTEGRATION_URL?: string;
  readonly VITE_PERSON_URL?: string;
}

/** The host → brand table and a loader per brand, made from the registry by build/brand-modules.ts. */
declare module 'virtual:nordloan-brands' {
  import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
  import type { BrandId } from '@nordloan/domain/brands/brand-ids';
  /** Every host of every brand (the 'test' environment's list, the widest), normalised, to its brand. */
  export const brandIdByHost: Readonly<Record<string, BrandId>>;
  /** §5: the brand of an unknown host. */
  export const defaultBrandId: BrandId;
  export function loadBrandConfig(id: BrandId): Promise<{ default: BrandConfig }>;
}
