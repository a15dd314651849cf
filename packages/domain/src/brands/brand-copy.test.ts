import { describe, expect, it } from 'vitest';
import { copyLanguageOf, findSpeedOrEaseClaims } from '../compliance/advertising-rules.ts';
import { brandIds, brands } from './registry.ts';

// Issue 34 item 2: no applicant-facing text stresses how easy or fast credit is. The registry's own copy —
// what a page shows of the brand itself — is checked here, in the brand's language and in English (names
// are often English-flavoured); the web app's message catalogues in apps/web/src/shared/compliance/.

function applicantFacingCopy(id: (typeof brandIds)[number]): string[] {
  const brand = brands[id];
  return [
    brand.name,
    brand.theme.logoText,
    brand.organisation.name,
    brand.organisation.registration.register,
    brand.organisation.registration.authority,
  ];
}

describe('the brand registry’s copy', () => {
  it.each(brandIds)('%s: no word that stresses speed or ease', (id) => {
    const language = copyLanguageOf(brands[id].i18n.defaultLocale);
    const claims = applicantFacingCopy(id).flatMap((text) => [
      ...findSpeedOrEaseClaims(text, language),
      ...findSpeedOrEaseClaims(text, 'en'),
    ]);
    expect(claims).toEqual([]);
  });

  it('would catch one (the check can fail)', () => {
    expect(findSpeedOrEaseClaims('Kjapplån Norge', 'nb')).toEqual(['kjapplån']);
    expect(findSpeedOrEaseClaims('QuickLoan', 'en')).toEqual(['quickloan']);
  });
});
