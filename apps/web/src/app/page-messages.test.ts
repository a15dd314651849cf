import { describe, expect, it } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { features as pageFeatures, shared } from '#src/app/locales/nb-NO.ts';
import { features as personalFeatures } from '#src/app/locales/personal/nb-NO.ts';
import { attachI18n, loadPersonalMessages } from '#src/app/page-messages.ts';
import { createI18nFromMessages } from '#src/i18n/i18n-instance.ts';

// Issue 40: the apply page's language chunk holds the texts every page needs; the personal pages' come
// with those pages. Together they are every feature's texts, and once loaded they read as before.
describe('texts per page', () => {
  it('the two chunks hold every feature of app/feature-messages.ts, each once', () => {
    const keys = [...Object.keys(pageFeatures), ...Object.keys(personalFeatures)].sort();
    expect(keys).toEqual(Object.keys(featureMessagesByLocale['nb-NO']).sort());
    expect(Object.keys(pageFeatures)).not.toContain('offers');
  });

  it('the personal texts join the app instance, loaded before or after it is made', async () => {
    const before = loadPersonalMessages('nb-NO');
    await before;
    const i18n = createI18nFromMessages('nb-NO', shared, pageFeatures);
    expect(i18n.exists('offers')).toBe(false);
    attachI18n(i18n);
    const all = createI18nFromMessages('nb-NO', shared, featureMessagesByLocale['nb-NO']);
    for (const key of Object.keys(personalFeatures)) {
      expect(i18n.getResource('nb-NO', 'translation', key)).toEqual(
        all.getResource('nb-NO', 'translation', key),
      );
    }
    expect(i18n.getResource('nb-NO', 'translation', 'apply')).toEqual(
      all.getResource('nb-NO', 'translation', 'apply'),
    );
  });
});
