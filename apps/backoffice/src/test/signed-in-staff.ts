import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { saveToken } from '#src/shared/session/session-store.ts';

/**
 * For a component test file whose pages are shown to a signed-in agent: each test starts with a fresh
 * session holding a token, and ends with the rendered app and the fake API (installFakeApi) taken down.
 */
export function signedInStaffForEachTest(): void {
  beforeEach(() => {
    sessionStorage.clear();
    saveToken('staff-token');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
