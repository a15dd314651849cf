import type { Country } from '@nordloan/domain/enums';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { type Formatters, formattersFor } from './format.ts';
import {
  browserLanguage,
  languageByCountry,
  localeOfLanguage,
  type StaffLanguage,
  storeLanguage,
  useStoredLanguage,
} from './language.ts';
import { answerWords, type Messages, messagesByLanguage } from './messages.ts';

// The staff member's language for every page (issue 38): chosen in the header and remembered, else the
// language of the agent's market, else (before sign-in) the browser's, else English.

export interface I18n {
  language: StaffLanguage;
  locale: string;
  t: Messages;
  fmt: Formatters;
  answers: (typeof answerWords)[StaffLanguage];
  setLanguage: (language: StaffLanguage) => void;
}

export function i18nFor(language: StaffLanguage): I18n {
  const locale = localeOfLanguage[language];
  return {
    language,
    locale,
    t: messagesByLanguage[language],
    fmt: formattersFor(locale),
    answers: answerWords[language],
    setLanguage: storeLanguage,
  };
}

const I18nContext = createContext<I18n>(i18nFor('en'));

export function effectiveLanguage(
  stored: StaffLanguage | null,
  market: string | undefined,
  browser: StaffLanguage | null,
): StaffLanguage {
  return stored ?? languageByCountry[market as Country] ?? browser ?? 'en';
}

export function I18nProvider({ market, children }: { market?: string | undefined; children: ReactNode }) {
  const stored = useStoredLanguage();
  const language = effectiveLanguage(stored, market, browserLanguage());
  const value = useMemo(() => i18nFor(language), [language]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
