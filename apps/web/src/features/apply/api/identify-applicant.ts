import type { Country } from '@nordloan/domain/enums';
import { authStore } from '#src/session/auth-store.ts';
import { startEidLogin } from '#src/session/start-eid-login.ts';

// The applicant is identified with their country's e-ID (BankID, MitID, FTN; docs/decisions/0029 and
// 0039): the same OpenID Connect login as the personal page's, started here with this apply page as the
// way back. The e-ID's national id is the applicant; the API signs our token for that person and hands it
// back in the fragment, which the session layer reads at page start. The journey asks for a
// customer-scoped token (role Customer), as its development login did: §4 "the isUnscoped flag disables
// loading the single application", and the applicant is filling in their own (ADR 0016). `POST /auth/dev/login` stays an API for tests and scripts; no page calls it.

export interface LeaveForEidInput {
  country: Country;
  brand: string;
  /** Absolute URL of the apply page to come back to (without a fragment: the hand-back adds its own). */
  returnTo: string;
}

/** Starts the e-ID login and leaves the page for the provider; throws when the login cannot start. */
export async function leaveForEid(
  input: LeaveForEidInput,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const authorizationUrl = await startEidLogin({
    country: input.country,
    brand: input.brand,
    returnTo: input.returnTo,
    role: 'Customer',
    // A customer who signed up without e-ID is linked to their person at this login.
    token: authStore.getState().token,
  });
  navigate(authorizationUrl);
}
