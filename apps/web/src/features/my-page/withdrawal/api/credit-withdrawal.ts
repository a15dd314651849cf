import { type CreditWithdrawal, creditWithdrawalSchema } from '@nordloan/domain/lending/credit-withdrawal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// Issue 34 item 5 (ADR 0066), CCD2 art. 26: GET /loan-application/{id}/credit-withdrawal (where the right
// stands, and what withdrawing now means) and POST { Confirm: true } (withdraw).

const withdrawalPath = (applicationID: string) =>
  joinUrl(serviceUrl(), fillPath('/loan-application/{applicationID}/credit-withdrawal', { applicationID }));

export async function getCreditWithdrawal(applicationID: string, token: string | null) {
  return parseAnswer(
    creditWithdrawalSchema,
    await getJson<unknown>(withdrawalPath(applicationID), { token }),
  );
}

export async function postCreditWithdrawal(applicationID: string, token: string | null) {
  return parseAnswer(
    creditWithdrawalSchema,
    await postJson<unknown>(withdrawalPath(applicationID), { token, body: { Confirm: true } }),
  );
}

const withdrawalKey = (applicationID: string) => ['application', applicationID, 'credit-withdrawal'] as const;

export function useCreditWithdrawal(applicationID: string, options: { enabled: boolean }) {
  const token = useAuthStore(effectiveToken);
  return useQuery<CreditWithdrawal | null>({
    queryKey: withdrawalKey(applicationID),
    queryFn: () => getCreditWithdrawal(applicationID, token),
    enabled: options.enabled && !!token,
  });
}

export function useWithdrawFromCredit(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postCreditWithdrawal(applicationID, token),
    onSuccess: (result) => {
      queryClient.setQueryData(withdrawalKey(applicationID), result);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.application(applicationID) }),
        queryClient.invalidateQueries({ queryKey: ['applications'] }),
      ]);
    },
  });
}
