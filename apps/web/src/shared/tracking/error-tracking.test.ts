import { describe, expect, it, vi } from 'vitest';

const sentryInit = vi.fn();
const captureException = vi.fn();
vi.mock('@sentry/react', () => ({
  init: (options: unknown) => sentryInit(options),
  captureException: (error: unknown) => captureException(error),
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
  replayIntegration: () => ({ name: 'Replay' }),
  browserProfilingIntegration: () => ({ name: 'BrowserProfiling' }),
}));

const {
  buildErrorTrackingOptions,
  dropReason,
  initErrorTracking,
  isErrorTrackingEnabled,
  reportError,
  sampleRatesFor,
} = await import('#src/shared/tracking/error-tracking.ts');

describe('error tracking is off without a DSN', () => {
  it('builds no options and does not initialise', async () => {
    expect(buildErrorTrackingOptions({ dsn: undefined, environment: 'production' })).toBeNull();
    expect(buildErrorTrackingOptions({ dsn: '  ', environment: 'production' })).toBeNull();
    expect(await initErrorTracking({ dsn: '', environment: 'development' })).toBe(false);
    expect(sentryInit).not.toHaveBeenCalled();
    reportError(new Error('JWT expired'));
    expect(captureException).not.toHaveBeenCalled();
  });
});

describe('§9 sample rates', () => {
  it('production: traces 0.1, replay session 0.02, replay on error 1', () => {
    expect(sampleRatesFor('production')).toEqual({
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.02,
      replaysOnErrorSampleRate: 1,
    });
  });

  it('non-production: traces 1, profiles 1, replay session 0.1', () => {
    for (const environment of ['test', 'development'] as const) {
      expect(sampleRatesFor(environment)).toMatchObject({
        tracesSampleRate: 1,
        profilesSampleRate: 1,
        replaysSessionSampleRate: 0.1,
      });
    }
  });
});

describe('§8 error-tracking filters', () => {
  const event = (value: string) => ({ exception: { values: [{ type: 'Error', value }] } });

  it('drop hydration mismatches', () => {
    expect(
      dropReason(
        event('Hydration failed because the initial UI does not match what was rendered on the server.'),
      ),
    ).toBe('hydrationMismatch');
    expect(dropReason({ message: 'Text content does not match server-rendered HTML.' })).toBe(
      'hydrationMismatch',
    );
    expect(dropReason(event('Minified React error #418; visit https://react.dev/errors/418'))).toBe(
      'hydrationMismatch',
    );
  });

  it('drop feature-flag service timeouts', () => {
    expect(dropReason(event('Feature flag request timed out after 5000ms'))).toBe('featureFlagTimeout');
    expect(dropReason(event('Timeout waiting for feature-flag client initialization'))).toBe(
      'featureFlagTimeout',
    );
  });

  it('drop CSS preload failures', () => {
    expect(dropReason(event('Unable to preload CSS for /assets/index-abc.css'))).toBe('cssPreloadFailure');
    expect(dropReason(event('Loading CSS chunk 42 failed.'))).toBe('cssPreloadFailure');
  });

  it('keep everything else', () => {
    expect(dropReason(event('JWT expired'))).toBeNull();
    expect(dropReason(event('Failed to GET /auth/me; Error: 500: Internal Server Error'))).toBeNull();
  });

  it('beforeSend drops filtered events and keeps the rest', () => {
    const options = buildErrorTrackingOptions({
      dsn: 'https://key@errors.example/1',
      environment: 'production',
    })!;
    expect(options.beforeSend(event('Unable to preload CSS for /a.css'))).toBeNull();
    const kept = event('boom');
    expect(options.beforeSend(kept)).toBe(kept);
    expect(options.sendDefaultPii).toBe(false);
  });
});

describe('with a DSN', () => {
  it('initialises with the §9 rates and reports errors', async () => {
    expect(
      await initErrorTracking({
        dsn: 'https://key@errors.example/1',
        environment: 'production',
        brand: 'se-main',
      }),
    ).toBe(true);
    expect(sentryInit).toHaveBeenCalledOnce();
    expect(sentryInit.mock.calls[0]![0]).toMatchObject({
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.02,
      environment: 'production',
    });
    expect(isErrorTrackingEnabled()).toBe(true);
    reportError(new Error('JWT expired'));
    expect(captureException).toHaveBeenCalledWith(new Error('JWT expired'));
  });
});
