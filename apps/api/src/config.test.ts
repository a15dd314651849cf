import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults: port 3000, ./.data, PGlite, dev identity provider on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './.data',
      databaseUrl: undefined,
      devIdentityProvider: true,
    });
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual(
        expect.arrayContaining(['PORT', 'DATABASE_URL', 'LOG_LEVEL']),
      );
    }
  });

  const productionKey = Buffer.alloc(32, 7).toString('base64');

  it('never runs the development identity provider in production', () => {
    const production = { NODE_ENV: 'production', PERSONAL_DATA_KEY: productionKey };
    expect(loadConfig(production).devIdentityProvider).toBe(false);
    expect(() => loadConfig({ ...production, DEV_IDENTITY_PROVIDER: 'true' })).toThrow(ConfigError);
  });

  it('refuses production without its own personal-data key, and a key that is too short or not base64', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PERSONAL_DATA_KEY/);
    expect(() => loadConfig({ PERSONAL_DATA_KEY: Buffer.alloc(16, 1).toString('base64') })).toThrow(
      /PERSONAL_DATA_KEY: must be at least 32 bytes/,
    );
    expect(() => loadConfig({ PERSONAL_DATA_KEY: 'not base64 at all!' })).toThrow(ConfigError);
    expect(loadConfig({ PERSONAL_DATA_KEY: productionKey }).personalDataKey).toBe(productionKey);
    // Outside production an unset key means the development key.
    expect(loadConfig({}).personalDataKey).toBeUndefined();
  });

  it('serves /metrics outside production, and in production only with a token of 32 characters or more', () => {
    const production = { NODE_ENV: 'production', PERSONAL_DATA_KEY: productionKey };
    const token = 'm'.repeat(32);
    expect(loadConfig({}).metrics).toEqual({ served: true, token: undefined });
    expect(loadConfig({ METRICS_TOKEN: '' }).metrics).toEqual({ served: true, token: undefined });
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ served: true, token });
    expect(loadConfig(production).metrics).toEqual({ served: false, token: undefined });
    expect(loadConfig({ ...production, METRICS_TOKEN: token }).metrics).toEqual({ served: true, token });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: at least 32 characters/);
    expect(loadConfig({ METRICS_TOKEN: `${token}\n` }).metrics.token).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: `${token} with spaces` })).toThrow(/METRICS_TOKEN: letters/);
  });

  it('treats an empty URL as unset', () => {
    expect(loadConfig({ INTEGRATION_URL: '' }).integrationUrl).toBeUndefined();
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  describe('e-ID login (OIDC, ADR 0029)', () => {
    it('outside production every provider points at the local e-ID provider (its port, one issuer each)', () => {
      const config = loadConfig({ LOCAL_EID_PROVIDER_PORT: '3999' });
      expect(config.localEidProvider).toEqual({ enabled: true, port: 3999 });
      expect(config.oidc.NO).toMatchObject({
        issuer: 'http://localhost:3999/no',
        clientId: 'nordloan-no',
        scopes: 'openid profile',
        acrValues: 'urn:grn:authn:no:bankid:substantial',
      });
      expect(config.oidc.DK?.acrValues).toBe('urn:grn:authn:dk:mitid:substantial');
      expect(config.oidc.staff).toMatchObject({
        issuer: 'http://localhost:3999/staff',
        scopes: 'openid profile staff',
      });
    });

    it('in production offers only fully configured providers, and never the local provider', () => {
      const production = { NODE_ENV: 'production', PERSONAL_DATA_KEY: productionKey };
      expect(loadConfig(production).oidc).toEqual({});
      expect(loadConfig(production).localEidProvider.enabled).toBe(false);
      const withNorway = loadConfig({
        ...production,
        OIDC_NO_ISSUER: 'https://no.e-id.example',
        OIDC_NO_CLIENT_ID: 'nordloan',
        OIDC_NO_CLIENT_SECRET: 'from-the-vault',
        // Half a provider is no provider.
        OIDC_SE_ISSUER: 'https://se.e-id.example',
      });
      expect(Object.keys(withNorway.oidc)).toEqual(['NO']);
      expect(withNorway.oidc.NO?.issuer).toBe('https://no.e-id.example');
      expect(() => loadConfig({ ...production, LOCAL_EID_PROVIDER: 'true' })).toThrow(ConfigError);
    });
  });
});
