import { type Expense, expenseSchema } from '@nordloan/domain/loan-application';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fillPath } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { call } from './request.ts';

// §7 GET /loan-application/{id}/expense: the applicant's expenses (sub-records).

export async function listExpenses(id: string): Promise<Expense[]> {
  return z
    .array(expenseSchema)
    .parse((await call('GET', fillPath('/loan-application/{id}/expense', { id }))) ?? []);
}

export const expensesQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.applyExpenses(id), queryFn: () => listExpenses(id) });

export function useExpenses(id: string | null) {
  return useQuery({ ...expensesQueryOptions(id ?? ''), enabled: !!id });
}
