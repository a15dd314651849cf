import { authStore, effectiveToken } from '#src/session/auth-store.ts';
import { apiRequest } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// The debt-register calls of the API (ADR 0079): read the inquiry, fetch with consent, correct a debt.

export interface FoundDebt {
  DebtID: string | null;
  DebtType: string;
  Creditor: string;
  Balance: number;
  CreditLimit: number | null;
  CountedBalance: number;
  MonthlyPayment: number | null;
  InterestRate: number | null;
  RemainingTermMonths: number | null;
  CorrectedByApplicant: boolean;
}
export interface Inquiry {
  OwnerRole: 'MainApplicant' | 'CoApplicant';
  Register: string;
  State: 'fetched' | 'failed';
  Failure: string | null;
  Consent: { GivenAt: string; Scope: string; Purpose: string };
  FetchedAt: string;
  Found: FoundDebt[];
}
export interface DebtRegisterView {
  Register: string | null;
  Inquiries: Inquiry[];
}

const options = (body?: unknown) => ({
  baseUrl: serviceUrl(),
  token: effectiveToken(authStore.getState()),
  ...(body === undefined ? {} : { body }),
});
const path = (id: string, rest = '') => `/loan-application/${encodeURIComponent(id)}/debt-register${rest}`;

export const readDebtRegister = async (id: string) =>
  (await apiRequest<DebtRegisterView>('GET', path(id), options())) as DebtRegisterView;

export const fetchDebtRegister = async (id: string) =>
  (await apiRequest<Inquiry>('POST', path(id, '/fetch'), options({ Consent: true }))) as Inquiry;

export const correctRegisterDebt = async (
  id: string,
  debtId: string,
  figures: { Balance: number; MonthlyPayment: number | null; CreditLimit: number | null },
) =>
  (await apiRequest<Inquiry>(
    'PUT',
    path(id, `/debts/${encodeURIComponent(debtId)}`),
    options(figures),
  )) as Inquiry;

/** A stored debt's refinancing choice (ADR 0080): what the panel shows ticked after a reload. */
export interface RegisterDebtPayoff {
  ID: string;
  IsRefinanced: boolean;
  PayoffAccount: string | null;
  PayoffReference: string | null;
}
const debtPath = (id: string) => `/loan-application/${encodeURIComponent(id)}/debt`;

export const readDebtPayoffs = async (id: string) =>
  ((await apiRequest<RegisterDebtPayoff[]>('GET', debtPath(id), options())) ?? []) as RegisterDebtPayoff[];

/** A register debt takes only the choice and where to pay (its figures are the register's, ADR 0080). */
export const saveDebtPayoff = async (
  id: string,
  payoff: { ID: string; IsRefinanced: boolean; PayoffAccount?: string; PayoffReference?: string },
) => (await apiRequest<RegisterDebtPayoff>('PATCH', debtPath(id), options(payoff))) as RegisterDebtPayoff;
