import type { MagicTokenExchange } from '@nordloan/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// §7 exchange of a magic token for { JWT, CustomerID, PersonID }: POST /auth/magic-token, no bearer
// token (the magic token is the credential). Unvalidated here; the session layer parses it.
export function exchangeMagicToken(magicToken: string): Promise<unknown> {
  return apiRequest<unknown>('POST', '/auth/magic-token', {
    baseUrl: serviceUrl(),
    requireToken: false,
    body: { magicToken },
  });
}

export function useExchangeMagicToken() {
  return useMutation({
    mutationFn: (magicToken: string) => exchangeMagicToken(magicToken) as Promise<MagicTokenExchange>,
  });
}
