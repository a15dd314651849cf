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
