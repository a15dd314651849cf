import type { Locale } from '@nordloan/domain/enums';

// One chunk per language (app/locales/*.ts), loaded by the browser for its brand's locale only; the API
// preloads it from the HTML (apps/api/src/plugins/web-app.ts names these module paths), so it arrives
// together with the entry script. Tests use app/feature-messages.ts and i18n.ts, which hold all four.

export interface LocaleMessages {
  shared: Record<string, unknown>;
  features: Record<string, unknown>;
}

export function loadLocaleMessages(locale: Locale): Promise<LocaleMessages> {
  switch (locale) {
    case 'nb-NO':
      return import('#src/app/locales/nb-NO.ts');
    case 'sv-SE':
      return import('#src/app/locales/sv-SE.ts');
    case 'fi-FI':
      return import('#src/app/locales/fi-FI.ts');
    case 'da-DK':
      return import('#src/app/locales/da-DK.ts');
  }
}
