import { nationalDebtRegisterDebtSource } from '@nordloan/domain/enums';
import { type Debt, debtSchema } from '@nordloan/domain/loan-application';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// §7 GET /loan-application/{id}/debt, read for the personal page (issue 38): the debts the debt register
// returned at intake (§3 source 2), which the back office shows staff. The API answers each applicant with
// their own register debts only (lib/application-access.ts isOwnDebt) and a stranger 404; the page shows
// the register's, not the ones the applicant typed in the form.

export async function getRegisterDebts(applicationID: string, token: string | null): Promise<Debt[]> {
  const url = joinUrl(serviceUrl(), fillPath('/loan-application/{applicationID}/debt', { applicationID }));
  const debts = parseAnswer(z.array(debtSchema), await getJson<unknown>(url, { token })) ?? [];
  return debts.filter((debt) => debt.Source === nationalDebtRegisterDebtSource);
}

export const registerDebtsQueryOptions = (applicationID: string, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.applicationView(applicationID, 'debt'),
    queryFn: () => getRegisterDebts(applicationID, token),
  });

export function useRegisterDebts(applicationID: string, options: { enabled: boolean }) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...registerDebtsQueryOptions(applicationID, token),
    enabled: options.enabled && !!token,
  });
}
