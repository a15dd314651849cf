import type { Locale } from '@nordloan/domain/enums';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

// The i18next instance, apart from the message files: the browser loads only its brand's language
// (app/locale-messages.ts, issue 12), tests and the build's pre-rendering take them from i18n.ts.

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

/** `shared`: the locale's shared texts (i18n/locales); `featureMessages`: the features' own, merged in. */
export function createI18nFromMessages(
  locale: Locale,
  shared: Record<string, unknown>,
  featureMessages: Record<string, unknown> = {},
): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { translation: mergeMessages(featureMessages, shared) } },
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
