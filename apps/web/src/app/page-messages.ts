import type { Locale } from '@nordloan/domain/enums';
import type { i18n as I18n } from 'i18next';

// The personal pages' texts (app/locales/personal/*.ts) come with those pages, not with the entry (issue 40,
// ADR 0073): the apply page's script does not carry my page's, insurance's or their sub-features' words.
// A page's route (app/routes.tsx) awaits loadPersonalMessages beside its own chunk, so the texts are in the
// app's i18n instance before the page first renders; the instance is attached by main.tsx once made, and
// texts that arrived before it are added then. Tests and the pre-rendering make instances with every text
// (i18n.ts, app/feature-messages.ts) and never attach one.

let attached: I18n | undefined;
const waiting: Record<string, unknown>[] = [];
const loaded = new Map<Locale, Promise<void>>();

function add(i18n: I18n, features: Record<string, unknown>) {
  // Deep, never overwriting: the shared texts win where both define a key (mergeMessages' rule).
  i18n.addResourceBundle(i18n.language, 'translation', features, true, false);
}

/** main.tsx: the app's i18n instance, once made. */
export function attachI18n(i18n: I18n): void {
  attached = i18n;
  for (const features of waiting.splice(0)) add(i18n, features);
}

function importPersonal(locale: Locale): Promise<{ features: Record<string, unknown> }> {
  switch (locale) {
    case 'nb-NO':
      return import('#src/app/locales/personal/nb-NO.ts');
    case 'sv-SE':
      return import('#src/app/locales/personal/sv-SE.ts');
    case 'fi-FI':
      return import('#src/app/locales/personal/fi-FI.ts');
    case 'da-DK':
      return import('#src/app/locales/personal/da-DK.ts');
  }
}

/** The personal pages' texts in the brand's language, fetched once and added to the app's instance. */
export function loadPersonalMessages(locale: Locale): Promise<void> {
  let promise = loaded.get(locale);
  if (!promise) {
    promise = importPersonal(locale).then(({ features }) => {
      if (attached) add(attached, features);
      else waiting.push(features);
    });
    loaded.set(locale, promise);
  }
  return promise;
}
