import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#src/config.ts';
import { lenderEndpointsOf } from './http-lender-panel.ts';
import { credentialsFromConfig, sandboxLenderSecret } from './lender-credentials.ts';

// Which lenders are called over HTTP, and with which secret (ADR 0062).

const ids = ['no-fjordbanken', 'se-malar-kredit'];
const production = {
  NODE_ENV: 'production',
  PERSONAL_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
} as const;

describe('lender endpoints and secrets from the config', () => {
  it('calls the lenders named in LENDER_API_LENDERS over HTTP, with their settings', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LENDER_API_LENDERS: JSON.stringify({
        'no-fjordbanken': { url: 'https://api.fjordbanken.example/nl', timeoutMs: 2000 },
      }),
    });
    const endpoints = lenderEndpointsOf(config, ids);
    expect([...endpoints.keys()]).toEqual(['no-fjordbanken']);
    expect(endpoints.get('no-fjordbanken')).toMatchObject({ timeoutMs: 2000, retries: 2, simulation: false });
    expect(() => lenderEndpointsOf(config, ['se-malar-kredit'])).toThrow(/not on the panel: no-fjordbanken/);
  });

  it('calls every lender at the sandbox with LENDER_API_SANDBOX_URL, and none by default', async () => {
    const sandbox = loadConfig({ NODE_ENV: 'test', LENDER_API_SANDBOX_URL: 'http://localhost:3002' });
    const endpoints = lenderEndpointsOf(sandbox, ids);
    expect(endpoints.get('se-malar-kredit')).toMatchObject({
      url: 'http://localhost:3002/se-malar-kredit',
      simulation: true,
    });
    expect(lenderEndpointsOf(loadConfig({ NODE_ENV: 'test' }), ids).size).toBe(0);
    expect(await credentialsFromConfig(sandbox).secretsOf('se-malar-kredit')).toEqual([
      sandboxLenderSecret('se-malar-kredit'),
    ]);
  });

  it('refuses in production an endpoint without its own secret, and the sandbox', async () => {
    const lenders = JSON.stringify({ 'no-fjordbanken': { url: 'https://api.fjordbanken.example/nl' } });
    expect(() => loadConfig({ ...production, LENDER_API_LENDERS: lenders })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, LENDER_SANDBOX: 'true' })).toThrow(/sandbox lender/);
    expect(() => loadConfig({ ...production, LENDER_API_SANDBOX_URL: 'http://localhost:3002' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', LENDER_API_LENDERS: '{not json' })).toThrow(/must be JSON/);
    const secret = 's'.repeat(40);
    const config = loadConfig({
      ...production,
      LENDER_API_LENDERS: lenders,
      LENDER_API_SECRETS: `no-fjordbanken=${secret}`,
    });
    expect(config.lenderApi.sandbox.enabled).toBe(false);
    const credentials = credentialsFromConfig(config);
    expect(await credentials.secretsOf('no-fjordbanken')).toEqual([secret]);
    // In production no lender has a sandbox secret.
    expect(await credentials.secretsOf('se-malar-kredit')).toEqual([]);
  });
});
