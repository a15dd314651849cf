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

  it('treats an empty URL as unset', () => {
    expect(loadConfig({ INTEGRATION_URL: '' }).integrationUrl).toBeUndefined();
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
