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

  it('never runs the development identity provider in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devIdentityProvider).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_IDENTITY_PROVIDER: 'true' })).toThrow(ConfigError);
  });

  it('treats an empty URL as unset', () => {
    expect(loadConfig({ INTEGRATION_URL: '' }).integrationUrl).toBeUndefined();
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
