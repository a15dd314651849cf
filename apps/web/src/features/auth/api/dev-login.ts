import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// The development identity provider (architecture.md "Identity"): off in production, where it answers
// 404. It stands in for the e-ID login and ends in the same `#token=…&provider-name=…` hand-back.
export interface DevLoginRequest {
  nationalId: string;
  country: 'NO' | 'SE' | 'FI' | 'DK';
  /** The brand the customer record is created on (the API defaults to the country's main brand). */
  brand?: string;
}
export interface DevLoginResponse {
  token: string;
  CustomerID: string | null;
  PersonID: string | null;
}

export function devLogin(request: DevLoginRequest): Promise<DevLoginResponse | undefined> {
  return apiRequest<DevLoginResponse>('POST', '/auth/dev/login', {
    baseUrl: serviceUrl(),
    requireToken: false,
    body: request,
  });
}

export function useDevLogin() {
  return useMutation({ mutationFn: devLogin });
}
