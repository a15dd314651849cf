import { type LoanApplication, loanApplicationSchema } from '@nordloan/domain/loan-application';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { call } from './request.ts';

// §7 GET /loan-application/{id}, read with the domain's full application shape (the session layer keeps
// its own loose 'detail' view): the form's defaults come from it.

export async function getApplication(id: string): Promise<LoanApplication> {
  return loanApplicationSchema.parse(await call('GET', fillPath('/loan-application/{id}', { id })));
}

export const applyApplicationQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.applyForm(id), queryFn: () => getApplication(id), staleTime: 0 });

export function useApplyApplication(id: string | null) {
  return useQuery({ ...applyApplicationQueryOptions(id ?? ''), enabled: !!id });
}
