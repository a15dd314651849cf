import { type Customer, customerSchema } from '@nordloan/domain/customer';
import { errorMessages } from '@nordloan/domain/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { ApiError, fillPath, joinUrl, readBody, readErrorBody, send } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// §7 GET /customer/{id}. §8: customer calls fail with the short 'Failed to fetch customer'. Parsed with
// the domain's customer schema, the one the API answers with. One cache entry per customer, read by the
// sign-in (session bootstrap) and the apply form alike.

export async function getCustomer(customerID: string, token: string | null): Promise<Customer | null> {
  const url = joinUrl(serviceUrl(), fillPath('/customer/{customerID}', { customerID }));
  const response = await send('GET', url, { token });
  if (!response) return null;
  if (!response.ok) {
    throw new ApiError(
      errorMessages.customerRequestFailed('fetch'),
      response.status,
      await readErrorBody(response),
    );
  }
  return customerSchema.parse(await readBody(response, 'GET'));
}

export const customerQueryOptions = (customerID: string, token: string | null) =>
  queryOptions({ queryKey: queryKeys.customer(customerID), queryFn: () => getCustomer(customerID, token) });

export function useCustomer(customerId: string | null, options: { enabled?: boolean } = {}) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...customerQueryOptions(customerId ?? '', token),
    enabled: (options.enabled ?? true) && !!token && !!customerId,
  });
}
