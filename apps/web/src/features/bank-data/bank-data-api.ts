import { authStore, effectiveToken } from '#src/session/auth-store.ts';
import { apiRequest } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// The bank-data calls of the API (ADR 0076): connect (the bank's consent page), read, correct, withdraw.

export interface BankFigures {
  NetMonthlyIncome: number | null;
  IncomeSources: number;
  IncomeRegular: boolean;
  HousingCostMonthly: number | null;
  LoanPayments: { Creditor: string; MonthlyPayment: number }[];
  MonthsCovered: number;
  IgnoredOtherCurrency: number;
  Reasons: string[];
}
export interface BankData {
  State: 'none' | 'pending' | 'connected' | 'failed';
  Failure: string | null;
  Consent: { Scope: string; GrantedAt: string; ExpiresAt: string } | null;
  Figures: BankFigures | null;
  Corrected: {
    NetMonthlyIncome: number | null;
    HousingCostMonthly: number | null;
    LoanPaymentsMonthly: number | null;
  } | null;
  IncomeVerified: boolean;
}

const options = (body?: unknown) => ({
  baseUrl: serviceUrl(),
  token: effectiveToken(authStore.getState()),
  ...(body === undefined ? {} : { body }),
});
const path = (id: string, rest = '') => `/loan-application/${encodeURIComponent(id)}/bank-data${rest}`;

export const readBankData = async (id: string) =>
  (await apiRequest<BankData>('GET', path(id), options())) as BankData;

export async function connectBank(id: string, returnPath: string): Promise<string> {
  const started = await apiRequest<{ RedirectUrl: string }>(
    'POST',
    path(id, '/connect'),
    options({ ReturnPath: returnPath }),
  );
  return started?.RedirectUrl ?? '';
}

export const correctBankFigures = async (id: string, corrections: NonNullable<BankData['Corrected']>) =>
  (await apiRequest<BankData>('PUT', path(id, '/corrections'), options(corrections))) as BankData;

export const removeBankData = async (id: string) => {
  await apiRequest('DELETE', path(id), options());
};
