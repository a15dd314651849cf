import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { languageStorageKey, type StaffLanguage } from '#src/shared/i18n/language.ts';
import { saveToken } from '#src/shared/session/session-store.ts';

/**
 * For a component test file whose pages are shown to a signed-in agent: each test starts with a fresh
 * session holding a token, and ends with the rendered app and the fake API (installFakeApi) taken down.
 * `language`: the language chosen in this browser (English unless said otherwise, so the texts the tests
 * look for stay the same for agents of every market); null: none chosen, the agent's market decides.
 */
export function signedInStaffForEachTest(language: StaffLanguage | null = 'en'): void {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    if (language) localStorage.setItem(languageStorageKey, language);
    saveToken('staff-token');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
