import { type Debt, debtSchema } from '@nordloan/domain/loan-application';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fillPath } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { call } from './request.ts';

// §7 GET /loan-application/{id}/debt: the applicant's debts (sub-records).

export async function listDebts(id: string): Promise<Debt[]> {
  return z
    .array(debtSchema)
    .parse((await call('GET', fillPath('/loan-application/{id}/debt', { id }))) ?? []);
}

export const debtsQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.applyDebts(id), queryFn: () => listDebts(id) });

export function useDebts(id: string | null) {
  return useQuery({ ...debtsQueryOptions(id ?? ''), enabled: !!id });
}
