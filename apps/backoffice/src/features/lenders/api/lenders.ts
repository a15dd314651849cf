import {
  type CreateLenderBody,
  type LenderView,
  lenderUserSchema,
  lenderViewSchema,
  type UpdateLenderBody,
} from '@nordloan/domain/lending/lender-register';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// The lender panel as data (issue 33 item 4): GET /backoffice/lenders (the countries where the agent
// manages lenders), POST to add one, PATCH to edit, …/pause and …/resume. No answer carries a secret.

export type Lender = LenderView;

export async function getLenders(): Promise<Lender[]> {
  return parseWith(z.array(lenderViewSchema))(await request('GET', '/backoffice/lenders'));
}

export const lendersQueryOptions = () => queryOptions({ queryKey: ['lenders'], queryFn: getLenders });

export function useLenders() {
  return useQuery(lendersQueryOptions());
}

const parseLender = (body: unknown) => parseWith(lenderViewSchema)(body);

export const addLender = async (body: CreateLenderBody) =>
  parseLender(await request('POST', '/backoffice/lenders', { body }));
export const editLender = async ({ id, body }: { id: string; body: UpdateLenderBody }) =>
  parseLender(await request('PATCH', `/backoffice/lenders/${segment(id)}`, { body }));
export const pauseLender = async ({ id, reason }: { id: string; reason: string }) =>
  parseLender(
    await request('POST', `/backoffice/lenders/${segment(id)}/pause`, { body: { Reason: reason } }),
  );
export const resumeLender = async ({ id }: { id: string }) =>
  parseLender(await request('POST', `/backoffice/lenders/${segment(id)}/resume`, { body: {} }));

function useLenderMutation<T>(mutationFn: (input: T) => Promise<Lender>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['lenders'] }),
  });
}

export const useAddLender = () => useLenderMutation(addLender);
export const useEditLender = () => useLenderMutation(editLender);
export const usePauseLender = () => useLenderMutation(pauseLender);
export const useResumeLender = () => useLenderMutation(resumeLender);

// The lender portal's users of a lender (issue 33 item 6): GET/POST /backoffice/lenders/:id/users.
export function useLenderUsers(lenderId: string) {
  return useQuery({
    queryKey: ['lenders', lenderId, 'users'],
    queryFn: async () =>
      parseWith(z.array(lenderUserSchema))(
        await request('GET', `/backoffice/lenders/${segment(lenderId)}/users`),
      ),
  });
}

export function useAddLenderUser(lenderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { Name: string; Email: string }) =>
      parseWith(lenderUserSchema)(
        await request('POST', `/backoffice/lenders/${segment(lenderId)}/users`, { body }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['lenders', lenderId, 'users'] }),
  });
}
