import { createContext, createElement, type ReactNode, useContext } from 'react';
import type { i18n as I18n } from './i18next.ts';

// The part of react-i18next the applicant app uses (issue 40, ADR 0073), over i18n/runtime/i18next.ts: the
// provider, useTranslation() → { t, i18n }, and the plugin that makes an instance the default one. One
// language per page, never changed: nothing re-renders on a language change.

let defaultInstance: I18n | undefined;

export const initReactI18next = {
  type: '3rdParty',
  init(instance: I18n) {
    defaultInstance = instance;
  },
};

const I18nContext = createContext<I18n | undefined>(undefined);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export function useTranslation() {
  const i18n = useContext(I18nContext) ?? defaultInstance;
  if (!i18n) throw new Error('useTranslation without an i18n instance');
  return { t: i18n.t, i18n, ready: true };
}
