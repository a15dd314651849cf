import type { Country } from '@nordloan/domain/enums';
import { useSyncExternalStore } from 'react';

// The staff member's language (issue 38): the four Nordic languages of the markets and English. By default
// the language of the agent's market; a choice made in the header is remembered in this browser (it is a
// preference, not a secret: localStorage, shared by the tabs, kept after the tab closes).

export const staffLanguages = ['nb', 'sv', 'fi', 'da', 'en'] as const;
export type StaffLanguage = (typeof staffLanguages)[number];

export const languageByCountry: Record<Country, StaffLanguage> = { NO: 'nb', SE: 'sv', FI: 'fi', DK: 'da' };

/** The locale dates and plain numbers are written in, per language. */
export const localeOfLanguage: Record<StaffLanguage, string> = {
  nb: 'nb-NO',
  sv: 'sv-SE',
  fi: 'fi-FI',
  da: 'da-DK',
  en: 'en-GB',
};

/** Each language's name in itself, for the language switch (the same as each catalogue's languageName). */
export const languageNames: Record<StaffLanguage, string> = {
  nb: 'Norsk',
  sv: 'Svenska',
  fi: 'Suomi',
  da: 'Dansk',
  en: 'English',
};

export const languageStorageKey = 'nordloan.staff.language';

export function isStaffLanguage(value: unknown): value is StaffLanguage {
  return typeof value === 'string' && (staffLanguages as readonly string[]).includes(value);
}

function readStored(): StaffLanguage | null {
  try {
    const value = localStorage.getItem(languageStorageKey);
    return isStaffLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

export function storeLanguage(language: StaffLanguage): void {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is reloaded.
  }
  memory = language;
  for (const listener of listeners) listener();
}

let memory: StaffLanguage | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab chose a language: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === languageStorageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The language chosen in this browser, or null when none was. */
export function useStoredLanguage(): StaffLanguage | null {
  return useSyncExternalStore(subscribe, () => readStored() ?? memory);
}

/** Before anyone signs in: the browser's language when it is one of ours (Norwegian in any spelling). */
export function browserLanguage(): StaffLanguage | null {
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (base === 'no' || base === 'nn') return 'nb';
    if (isStaffLanguage(base)) return base;
  }
  return null;
}
