import type { Locale } from '@nordloan/domain/enums';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { daDK } from '#src/i18n/locales/da-DK.ts';
import { fiFI } from '#src/i18n/locales/fi-FI.ts';
import { type Messages, nbNO } from '#src/i18n/locales/nb-NO.ts';
import { svSE } from '#src/i18n/locales/sv-SE.ts';

// The four languages of §3/§9. There is deliberately no English resource and no fallback language: a
// missing key shows the key, which the locale tests catch, instead of English text on a Nordic page.

export const messagesByLocale: Record<Locale, Messages> = {
  'nb-NO': nbNO,
  'sv-SE': svSE,
  'fi-FI': fiFI,
  'da-DK': daDK,
};

/**
 * Shared texts over the features' own, one level deep: a feature may add keys under a top-level key the
 * shared locale also has (`apply.…`), and a shared key wins where both define it.
 */
export function mergeMessages(
  featureMessages: Record<string, unknown>,
  shared: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...featureMessages, ...shared };
  for (const [key, value] of Object.entries(featureMessages)) {
    const sharedValue = shared[key];
    if (isPlainObject(value) && isPlainObject(sharedValue)) merged[key] = { ...value, ...sharedValue };
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `featureMessages`: the features' own texts, merged in by the app layer (app/feature-messages.ts). */
export function createI18n(locale: Locale, featureMessages: Record<string, unknown> = {}): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { translation: mergeMessages(featureMessages, messagesByLocale[locale]) } },
    fallbackLng: false,
    supportedLngs: [locale],
    // 'nb-NO' must not be cut down to 'nb' (which has no resources).
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}
