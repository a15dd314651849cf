import { type Customer, customerSchema, type patchCustomerBodySchema } from '@nordloan/domain/customer';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// §7 PATCH /customer/{id}: contact details, or a newer terms version accepted.

export type CustomerChanges = z.input<typeof patchCustomerBodySchema>;

export async function patchCustomer(customerId: string, changes: CustomerChanges): Promise<Customer> {
  return customerSchema.parse(
    await call('PATCH', fillPath('/customer/{id}', { id: customerId }), { body: changes }),
  );
}

export const patchCustomerMutation = () => ({
  mutationFn: ({ customerId, changes }: { customerId: string; changes: CustomerChanges }) =>
    patchCustomer(customerId, changes),
});

export function usePatchCustomer() {
  return useMutation(patchCustomerMutation());
}
