import { type Customer, customerSchema } from '@nordloan/domain/customer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { call } from './request.ts';

// §7 GET /customer/{id}: the applicant's contact details and accepted terms version.

export async function getCustomer(customerId: string): Promise<Customer> {
  return customerSchema.parse(await call('GET', fillPath('/customer/{id}', { id: customerId })));
}

export const applyCustomerQueryOptions = (customerId: string) =>
  queryOptions({ queryKey: queryKeys.applyCustomer(customerId), queryFn: () => getCustomer(customerId) });

export function useApplyCustomer(customerId: string | null, enabled: boolean) {
  return useQuery({ ...applyCustomerQueryOptions(customerId ?? ''), enabled: enabled && !!customerId });
}
