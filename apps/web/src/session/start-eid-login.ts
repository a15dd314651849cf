import type { Country } from '@nordloan/domain/enums';
import { apiRequest } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// The e-ID login (docs/decisions/0029): the API starts an OpenID Connect login with the country's e-ID
// (BankID, MitID, FTN; the local e-ID provider outside production) and answers where to send the browser.
// After the login the API sends the browser back to `returnTo` with `#token=…&provider-name=…`, which the
// session layer reads at page start like any identity-provider return (§4, ADR 0005). Here in session/
// because both the personal page's login and the apply journey's identity step start it (ADR 0039).

export interface StartEidLoginRequest {
  country: Country;
  /** The page to come back to (absolute: it may be the brand's separate personal-page host). */
  returnTo: string;
  brand: string;
  /** An anonymous sign-up customer's token: the API links that customer to the person at this login. */
  token?: string | null;
  /**
   * Our token's role after the login: Person by default (§4 "with method idp the default is person");
   * the apply journey asks for Customer, as it always worked customer-scoped (ADR 0016, 0039).
   */
  role?: 'Customer';
}

export async function startEidLogin(request: StartEidLoginRequest): Promise<string> {
  const answer = await apiRequest<{ authorizationUrl: string }>(
    'POST',
    `/auth/oidc/${request.country.toLowerCase()}/start`,
    {
      baseUrl: serviceUrl(),
      requireToken: false,
      token: request.token ?? null,
      body: {
        returnTo: request.returnTo,
        brand: request.brand,
        ...(request.role ? { role: request.role } : {}),
      },
    },
  );
  if (!answer?.authorizationUrl) throw new Error('The e-ID login could not be started');
  return answer.authorizationUrl;
}
