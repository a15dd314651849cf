// Error tracking (§8, §9): @sentry/react, switched off entirely when no DSN is configured. The DSN comes
// from the deployment (VITE_SENTRY_DSN at build time); the brand config only holds a placeholder. The SDK
// is loaded on demand, so pages without a DSN do not download it at all.

type SentryModule = typeof import('@sentry/react');

export type TrackingEnvironment = 'production' | 'test' | 'development';

export interface ErrorTrackingConfig {
  dsn: string | undefined;
  environment: TrackingEnvironment;
  release?: string;
  brand?: string;
}

export interface SampleRates {
  tracesSampleRate: number;
  profilesSampleRate?: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
}

/**
 * §9 sample rates. Production: traces 0.1, replay session 0.02, replay on error 1. Non-production:
 * traces 1, profiles 1, replay session 0.1; §9 does not give replay-on-error outside production, we keep 1
 * so every test-environment error can be replayed.
 */
export function sampleRatesFor(environment: TrackingEnvironment): SampleRates {
  if (environment === 'production') {
    return { tracesSampleRate: 0.1, replaysSessionSampleRate: 0.02, replaysOnErrorSampleRate: 1 };
  }
  return {
    tracesSampleRate: 1,
    profilesSampleRate: 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
  };
}

// §8 "Error-tracking filters drop hydration mismatches, feature-flag service timeouts and CSS preload
// failures" — noise that says nothing about our code.
export const droppedErrorPatterns = {
  hydrationMismatch:
    /hydrat(ion|ing)[\s\S]*(fail|mismatch|did not match|does not match|error)|text content does not match server-rendered|minified react error #(418|423|425)/i,
  featureFlagTimeout: /feature[\s-]?flag[\s\S]*time(d)?[\s-]?out|time(d)?[\s-]?out[\s\S]*feature[\s-]?flag/i,
  cssPreloadFailure: /unable to preload css|loading css chunk [^\s]+ failed|failed to preload css/i,
} as const;

export type DropReason = keyof typeof droppedErrorPatterns;

interface EventLike {
  message?: string;
  exception?: { values?: { type?: string; value?: string }[] };
}

/** Which §8 filter (if any) drops this event. */
export function dropReason(event: EventLike): DropReason | null {
  const texts = [
    event.message ?? '',
    ...(event.exception?.values ?? []).map((v) => `${v.type ?? ''}: ${v.value ?? ''}`),
  ];
  for (const [reason, pattern] of Object.entries(droppedErrorPatterns) as [DropReason, RegExp][]) {
    if (texts.some((text) => pattern.test(text))) return reason;
  }
  return null;
}

/** The Sentry options, or null when tracking is off (no DSN). Pure, so the rules can be tested. */
export function buildErrorTrackingOptions(config: ErrorTrackingConfig) {
  const dsn = config.dsn?.trim();
  if (!dsn) return null;
  return {
    dsn,
    environment: config.environment,
    release: config.release,
    ...sampleRatesFor(config.environment),
    // Tokens and national ids travel in URLs and bodies; never send request bodies or default PII.
    sendDefaultPii: false,
    beforeSend<T extends EventLike>(event: T): T | null {
      return dropReason(event) ? null : event;
    },
  };
}

let sentry: SentryModule | null = null;

export async function initErrorTracking(config: ErrorTrackingConfig): Promise<boolean> {
  const options = buildErrorTrackingOptions(config);
  if (!options) {
    sentry = null;
    return false;
  }
  const Sentry = await import('@sentry/react');
  Sentry.init({
    ...options,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true }),
      ...(options.profilesSampleRate ? [Sentry.browserProfilingIntegration()] : []),
    ],
    initialScope: config.brand ? { tags: { brand: config.brand } } : undefined,
  });
  sentry = Sentry;
  return true;
}

export function isErrorTrackingEnabled(): boolean {
  return sentry !== null;
}

/** Reports an error when tracking is on; a no-op otherwise. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  sentry?.captureException(error, context ? { extra: context } : undefined);
}
