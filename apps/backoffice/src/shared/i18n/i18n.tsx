import type { Country } from '@nordloan/domain/enums';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { type Formatters, formattersFor } from './format.ts';
import {
  browserLanguage,
  languageByCountry,
  localeOfLanguage,
  type StaffLanguage,
  storeLanguage,
  useStoredLanguage,
} from './language.ts';
import type { AnswerWords } from './messages/answer-words.ts';
import type { Messages } from './messages.ts';

// The staff member's language for every page (issue 38): chosen in the header and remembered, else the
// language of the agent's market, else (before sign-in) the browser's, else English.
//
// Each language's texts are a chunk of their own, fetched when the language is first shown (issue 40,
// ADR 0073: five catalogues were a quarter of the first screen's script). messages.ts holds all five for
// the tests and the typecheck; the app never imports it.

export interface I18n {
  language: StaffLanguage;
  locale: string;
  t: Messages;
  fmt: Formatters;
  answers: AnswerWords;
  setLanguage: (language: StaffLanguage) => void;
}

export function i18nFor(language: StaffLanguage, t: Messages, answers: AnswerWords): I18n {
  const locale = localeOfLanguage[language];
  return { language, locale, t, fmt: formattersFor(locale), answers, setLanguage: storeLanguage };
}

const loaded = new Map<StaffLanguage, I18n>();
const loading = new Map<StaffLanguage, Promise<I18n>>();

function importMessages(language: StaffLanguage): Promise<[Messages, AnswerWords]> {
  switch (language) {
    case 'nb':
      return Promise.all([
        import('./messages/nb.ts').then((module) => module.nb),
        import('./messages/answers/nb.ts').then((module) => module.nb),
      ]);
    case 'sv':
      return Promise.all([
        import('./messages/sv.ts').then((module) => module.sv),
        import('./messages/answers/sv.ts').then((module) => module.sv),
      ]);
    case 'fi':
      return Promise.all([
        import('./messages/fi.ts').then((module) => module.fi),
        import('./messages/answers/fi.ts').then((module) => module.fi),
      ]);
    case 'da':
      return Promise.all([
        import('./messages/da.ts').then((module) => module.da),
        import('./messages/answers/da.ts').then((module) => module.da),
      ]);
    case 'en':
      return Promise.all([
        import('./messages/en.ts').then((module) => module.en),
        import('./messages/answers/en.ts').then((module) => module.en),
      ]);
  }
}

/** The language's texts, fetched once (its texts' and its answer words' chunks) and then kept. */
export function loadLanguage(language: StaffLanguage): Promise<I18n> {
  let promise = loading.get(language);
  if (!promise) {
    promise = importMessages(language).then(([t, answers]) => {
      const i18n = i18nFor(language, t, answers);
      loaded.set(language, i18n);
      return i18n;
    });
    loading.set(language, promise);
  }
  return promise;
}

const I18nContext = createContext<I18n | null>(null);

export function effectiveLanguage(
  stored: StaffLanguage | null,
  market: string | undefined,
  browser: StaffLanguage | null,
): StaffLanguage {
  return stored ?? languageByCountry[market as Country] ?? browser ?? 'en';
}

/**
 * Renders its children in the effective language once that language's texts are in: nothing before (a few
 * ms; the index.html shell stays), so a Norwegian agent never sees the English sign-in's words on the queue
 * when the market becomes known. Only a language chosen in the header keeps the previous language's texts
 * on screen while it loads, so the open page keeps its state.
 */
export function I18nProvider({ market, children }: { market?: string | undefined; children: ReactNode }) {
  const stored = useStoredLanguage();
  const language = effectiveLanguage(stored, market, browserLanguage());
  const [shown, setShown] = useState<I18n | null>(() => loaded.get(language) ?? null);
  useEffect(() => {
    let current = true;
    const ready = loaded.get(language);
    if (ready) setShown(ready);
    else
      void loadLanguage(language).then((i18n) => {
        if (current) setShown(i18n);
      });
    return () => {
      current = false;
    };
  }, [language]);
  // In the same commit as the texts (a layout effect), so the page's lang never lags its words.
  useLayoutEffect(() => {
    if (shown) document.documentElement.lang = shown.language;
  }, [shown]);
  const value = useMemo(() => shown, [shown]);
  if (!value || (value.language !== language && stored === null)) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside the I18nProvider');
  return i18n;
}
