import {
  type CreateLoanApplication,
  type Debt,
  type DebtInput,
  debtSchema,
  type Expense,
  type ExpenseInput,
  expenseSchema,
  type LoanApplication,
  loanApplicationSchema,
  type PatchLoanApplication,
} from '@nordloan/domain/loan-application';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { fillPath } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { call } from './request.ts';

// §7 application calls the apply journey makes. Answers are parsed with the domain's schemas, so a field
// cannot drift between the API and the form.

const path = (template: string, id: string) => fillPath(template, { id });
const parseApplication = (body: unknown) => loanApplicationSchema.parse(body);

/** §7 PATCH answered 403 with applicationIDs: an active application of the product already exists. */
export function isActiveApplicationConflict(body: unknown): body is { applicationIDs: string[] } {
  return (
    !!body && typeof body === 'object' && Array.isArray((body as { applicationIDs?: unknown }).applicationIDs)
  );
}
const conflictBody = (status: number, body: unknown) => status === 403 && isActiveApplicationConflict(body);

export async function createApplication(input: CreateLoanApplication): Promise<LoanApplication> {
  return parseApplication(
    await call('POST', '/loan-application', { body: input, throwBodyWhen: conflictBody }),
  );
}

export async function getApplication(id: string): Promise<LoanApplication> {
  return parseApplication(await call('GET', path('/loan-application/{id}', id)));
}

/** Kept apart from the session layer's loose 'detail' view: this one is the domain's full shape. */
export const applyApplicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.application(id), 'apply-form'] as const,
    queryFn: () => getApplication(id),
    staleTime: 0,
  });

export async function patchApplication(id: string, body: PatchLoanApplication): Promise<LoanApplication> {
  return parseApplication(
    await call('PATCH', path('/loan-application/{id}', id), { body, throwBodyWhen: conflictBody }),
  );
}

/** Step names are lower-case words (domain stepNameSchema); the journey resumes after CurrentStep. */
export async function completeStep(id: string, step: string): Promise<LoanApplication> {
  return parseApplication(
    await call('PATCH', path('/loan-application/{id}/step-complete', id), { body: { Step: step } }),
  );
}

/** Submit: the application moves into the lending engine (→ 160). */
export async function completeApplication(id: string): Promise<LoanApplication> {
  return parseApplication(
    await call('PATCH', path('/loan-application/{id}/application-complete', id), { body: {} }),
  );
}

export async function removeCoApplicant(id: string): Promise<LoanApplication> {
  return parseApplication(await call('DELETE', path('/loan-application/{id}/co-applicant', id)));
}

// ── Sub-records: debts and expenses ────────────────────────────────────────────────────────────────

export async function listDebts(id: string): Promise<Debt[]> {
  return z.array(debtSchema).parse((await call('GET', path('/loan-application/{id}/debt', id))) ?? []);
}
export async function addDebt(id: string, debt: DebtInput): Promise<Debt> {
  return debtSchema.parse(await call('POST', path('/loan-application/{id}/debt', id), { body: debt }));
}
export async function changeDebt(id: string, debt: Partial<DebtInput> & { ID: string }): Promise<Debt> {
  return debtSchema.parse(await call('PATCH', path('/loan-application/{id}/debt', id), { body: debt }));
}
export async function deleteDebt(id: string, debtId: string): Promise<void> {
  await call('DELETE', path('/loan-application/{id}/debt', id), { body: { ID: debtId } });
}

export async function listExpenses(id: string): Promise<Expense[]> {
  return z.array(expenseSchema).parse((await call('GET', path('/loan-application/{id}/expense', id))) ?? []);
}
export async function addExpense(id: string, expense: ExpenseInput): Promise<Expense> {
  return expenseSchema.parse(
    await call('POST', path('/loan-application/{id}/expense', id), { body: expense }),
  );
}
export async function changeExpense(
  id: string,
  expense: { ID: string; MonthlyAmount: number },
): Promise<Expense> {
  return expenseSchema.parse(
    await call('PATCH', path('/loan-application/{id}/expense', id), { body: expense }),
  );
}
export async function deleteExpense(id: string, expenseId: string): Promise<void> {
  await call('DELETE', path('/loan-application/{id}/expense', id), { body: { ID: expenseId } });
}

/** Sends the applicant a link to continue (POST /loan-application/{id}/magic-link, docs/decisions/0010). */
export async function sendMagicLink(id: string, channel: 'email' | 'sms'): Promise<{ SentTo: string }> {
  const answer = await call<{ SentTo: string }>('POST', path('/loan-application/{id}/magic-link', id), {
    body: { Channel: channel },
  });
  return answer ?? { SentTo: '' };
}
