import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#src/lib/app-error.ts';
import { localDate, versionLabel } from '#src/lib/terms-version.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createMemoryContentStore, type TermsContent } from './content.repository.ts';
import { listPublishedTerms } from './terms.service.ts';

describe('GET /api/cms/terms-and-conditions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-06-15T10:00:00Z'));
  });
  afterAll(() => t.close());

  it('answers, without a token, the newest published entry per tc_type with the §3 fields and label', async () => {
    const response = await t.app.inject({ url: '/api/cms/terms-and-conditions?country=NO&brand=no-alt1' });
    expect(response.statusCode).toBe(200);
    const entries = response.json();
    expect(entries.map((entry: { tc_type: string }) => entry.tc_type)).toEqual([
      'privacy-policy',
      'user-terms',
    ]);
    expect(entries[1]).toMatchObject({
      tc_type: 'user-terms',
      version: 2,
      _publish_on: '2026-03-01',
      version_label: 'user-terms_2_20260301_no-alt1',
      brand: 'no-alt1',
      country: 'NO',
    });
    // Placeholders are filled from the brand registry.
    expect(entries[1].title).toBe('Brukervilkår for Fjordlån');
    expect(entries[1].body).not.toContain('{{');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('serves a brand its own entries instead of the country-wide ones of the same type', async () => {
    const response = await t.app.inject({ url: '/api/cms/terms-and-conditions?country=NO&brand=no-compare' });
    const userTerms = response.json().find((entry: { tc_type: string }) => entry.tc_type === 'user-terms');
    expect(userTerms.version_label).toBe('user-terms_1_20250601_no-compare');
  });

  it("uses the country's main brand when no brand is named", async () => {
    const response = await t.app.inject({ url: '/api/cms/terms-and-conditions?country=SE' });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].brand).toBe('se-main');
  });

  it('does not serve a version before its publish date (in the country’s time zone)', async () => {
    // 2026-02-28 23:30 UTC is already 1 March in Oslo: version 2 is live there.
    t.clock.set(new Date('2026-02-28T23:30:00Z'));
    const live = await t.app.inject({ url: '/api/cms/terms-and-conditions?country=NO&brand=no-main' });
    expect(live.json().find((entry: { tc_type: string }) => entry.tc_type === 'user-terms').version).toBe(2);
    t.clock.set(new Date('2026-02-28T22:30:00Z'));
    const before = await t.app.inject({ url: '/api/cms/terms-and-conditions?country=NO&brand=no-main' });
    expect(before.json().find((entry: { tc_type: string }) => entry.tc_type === 'user-terms').version).toBe(
      1,
    );
    t.clock.set(new Date('2026-06-15T10:00:00Z'));
  });

  it('answers an unknown brand, or a brand of another country, with the §8 Unknown brand (400)', async () => {
    for (const url of [
      '/api/cms/terms-and-conditions?country=NO&brand=nope',
      '/api/cms/terms-and-conditions?country=NO&brand=se-main',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        Bad: true,
        Message: 'Unknown brand',
        Errors: [{ Field: 'brand' }],
      });
    }
  });

  it('answers a missing or unknown country with 400', async () => {
    for (const url of ['/api/cms/terms-and-conditions', '/api/cms/terms-and-conditions?country=XX']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Bad: true, Errors: [{ Field: 'country' }] });
    }
  });
});

describe('terms service with other content', () => {
  const now = new Date('2026-06-15T10:00:00Z');
  const content = (entries: TermsContent['entries']) =>
    createMemoryContentStore({ terms: [{ country: 'DK', entries }] });
  const entry = { tc_type: 'user-terms', version: 1, title: 't', body: 'b' };

  it('fails with the §8 No publish date found on term for an entry without a publish date', async () => {
    const store = content([
      { ...entry, _publish_on: '2025-01-01' },
      { ...entry, version: 2 },
    ]);
    const failure = await listPublishedTerms({ store, country: 'DK', brand: 'dk-main', now }).catch(
      (error) => error,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect(failure.message).toBe('No publish date found on term');
  });

  it('fails with the §8 Failed to find configuration for brand when the store has nothing for the brand', async () => {
    for (const store of [
      createMemoryContentStore({}),
      content([{ ...entry, _publish_on: '2025-01-01', brands: ['x'] }]),
    ]) {
      const failure = await listPublishedTerms({ store, country: 'DK', now }).catch((error) => error);
      expect(failure.message).toBe('Failed to find configuration for brand');
    }
  });

  it('leaves out versions published later than today', async () => {
    const store = content([
      { ...entry, _publish_on: '2025-01-01' },
      { ...entry, version: 2, _publish_on: '2027-01-01' },
    ]);
    const terms = await listPublishedTerms({ store, country: 'DK', now });
    expect(terms.map((term) => term.version_label)).toEqual(['user-terms_1_20250101_dk-main']);
  });
});

describe('version label (§3)', () => {
  it('is type, version, publish date YYYYMMDD and the brand', () => {
    expect(versionLabel({ type: 'user-terms', version: 3, publishOn: '2026-03-01', suffix: 'se-alt1' })).toBe(
      'user-terms_3_20260301_se-alt1',
    );
  });

  it('cannot be built without a publish date', () => {
    expect(() => versionLabel({ type: 'user-terms', version: 3, publishOn: null, suffix: 'x' })).toThrow(
      'No publish date found on term',
    );
  });

  it('takes the calendar date of the market', () => {
    expect(localDate(new Date('2026-12-31T23:30:00Z'), 'FI')).toBe('2027-01-01');
    expect(localDate(new Date('2026-12-31T22:30:00Z'), 'SE')).toBe('2026-12-31');
  });
});
