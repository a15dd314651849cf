import { brandIds, brands } from '@nordloan/domain/brands/registry';
import { countries } from '@nordloan/domain/enums';
import { describe, expect, it } from 'vitest';
import { consentConfigTypes, createFileContentStore } from './content.repository.ts';
import { allTermsOfBrand } from './terms.service.ts';

// The reviewed content under apps/api/content must be complete: every file matches its schema, every
// brand has published user terms and a privacy policy, every consent brand has texts and a controller.
describe('content files', () => {
  const store = createFileContentStore();

  it.each(countries)(
    'terms/%s.json matches the schema and every entry has a publish date',
    async (country) => {
      const content = await store.termsContent(country);
      expect(content?.country).toBe(country);
      for (const entry of content!.entries) {
        expect(entry._publish_on, `${entry.tc_type} v${entry.version}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        for (const brand of entry.brands ?? [])
          expect(brands[brand as keyof typeof brands]?.country).toBe(country);
      }
    },
  );

  it.each(brandIds)('%s has user terms and a privacy policy, each version once', async (id) => {
    const terms = await allTermsOfBrand({ store, brand: brands[id] });
    const types = new Set(terms.map((term) => term.tc_type));
    expect(types).toEqual(new Set(['user-terms', 'privacy-policy']));
    const labels = terms.map((term) => term.version_label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const term of terms) expect(`${term.title} ${term.body}`).not.toContain('{{');
  });

  it.each(brandIds)('%s has consent texts for its consent brand', async (id) => {
    const brand = brands[id];
    const content = await store.consentContent(brand.country);
    expect(content?.country).toBe(brand.country);
    const consentBrand = content!.consentBrands[brand.thirdParty.consentBrand];
    expect(consentBrand, brand.thirdParty.consentBrand).toBeDefined();
    for (const type of consentConfigTypes) {
      const versions = consentBrand!.configs?.[type] ?? content!.configs[type];
      expect(versions?.length, type).toBeGreaterThan(0);
      for (const version of versions!) {
        expect(version._publish_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        // A text for every purpose and channel the settings offer (transactional is never by phone).
        for (const purpose of version.settings.purposes) {
          for (const channel of version.settings.channels) {
            if (purpose === 'transactional' && channel === 'phone') continue;
            const text = version.texts.find(
              (entry) => entry.purpose === purpose && entry.channel === channel,
            );
            expect(text, `${type} ${purpose} ${channel}`).toBeDefined();
          }
        }
      }
    }
  });
});
