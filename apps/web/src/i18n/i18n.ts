import type { Locale } from '@nordloan/domain/enums';
import type { i18n as I18n } from 'i18next';
import { createI18nFromMessages } from '#src/i18n/i18n-instance.ts';
import { daDK } from '#src/i18n/locales/da-DK.ts';
import { fiFI } from '#src/i18n/locales/fi-FI.ts';
import { type Messages, nbNO } from '#src/i18n/locales/nb-NO.ts';
import { svSE } from '#src/i18n/locales/sv-SE.ts';

export { mergeMessages } from '#src/i18n/i18n-instance.ts';

// The four languages of §3/§9. There is deliberately no English resource and no fallback language: a
// missing key shows the key, which the locale tests catch, instead of English text on a Nordic page.

export const messagesByLocale: Record<Locale, Messages> = {
  'nb-NO': nbNO,
  'sv-SE': svSE,
  'fi-FI': fiFI,
  'da-DK': daDK,
};

/** `featureMessages`: the features' own texts, merged in by the app layer (app/feature-messages.ts). */
export function createI18n(locale: Locale, featureMessages: Record<string, unknown> = {}): I18n {
  return createI18nFromMessages(locale, messagesByLocale[locale], featureMessages);
}
