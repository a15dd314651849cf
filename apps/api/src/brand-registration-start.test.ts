import type { BrandConfig } from '@nordloan/domain/brands/registry';
import { brands } from '@nordloan/domain/brands/registry';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { testConfig } from '#src/config.ts';
import { defaultDependencies } from '#src/dependencies.ts';
import { createTokenService, loadSigningKey } from '#src/modules/auth/token.service.ts';
import { createTestDatabase } from '#src/test/test-database.ts';

// Issue 34 item 6 (CCD2 arts. 37–38): the API does not start with a brand that does not name its company's
// registration as a credit intermediary. buildApp runs the registry's start-up check (registry-validation.ts)
// before anything else; the brand schema requires the registration, so a brand without it stops the start.
describe('start-up and the intermediary registration', () => {
  it('refuses to build the app when a brand has no registration, naming brand and field; builds once it has', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ webDistDir: '/nonexistent', staffDistDir: '/nonexistent' });
    const key = await loadSigningKey({});
    const tokens = createTokenService({ key, issuer: config.jwt.issuer, ttlSeconds: config.jwt.ttlSeconds });
    const now = () => new Date();
    const build = () =>
      buildApp({ config, database, tokens, now, ...defaultDependencies({ config, db: database.db, now }) });
    const original = brands['dk-main'];
    try {
      const { registration: _, ...unregistered } = original.organisation;
      // The registry is what buildApp reads; put it back before anything else can see it.
      brands['dk-main'] = { ...original, organisation: unregistered } as unknown as BrandConfig;
      await expect(build()).rejects.toThrow(/dk-main: organisation\.registration: /);
    } finally {
      brands['dk-main'] = original;
    }
    try {
      const app = await build();
      await app.close();
    } finally {
      await database.close();
    }
  });
});
