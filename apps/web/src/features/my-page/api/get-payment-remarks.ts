import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { integrationUrl } from '#src/shared/api/service-urls.ts';

// §7 GET /loan-quote-presentation/v2/application/{id}/payment-remarks.
export const paymentRemarksSchema = z.looseObject({
  HasPaymentRemarks: z.boolean(),
  PaymentRemarks: z.array(
    z.looseObject({
      ApplicantRole: z.string(),
      Creditor: z.string(),
      Amount: z.number(),
      RegisteredAt: z.string(),
    }),
  ),
  LendersAcceptingPaymentRemarks: z.array(z.looseObject({ ID: z.string(), Name: z.string() })),
  Message: z.string().nullable(),
});
export type PaymentRemarks = z.infer<typeof paymentRemarksSchema>;

export async function getPaymentRemarks(applicationID: string, token: string | null) {
  const url = joinUrl(
    integrationUrl(),
    fillPath('/loan-quote-presentation/v2/application/{applicationID}/payment-remarks', { applicationID }),
  );
  return parseAnswer(paymentRemarksSchema, await getJson<unknown>(url, { token }));
}

export const paymentRemarksQueryOptions = (applicationID: string, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.applicationView(applicationID, 'payment-remarks'),
    queryFn: () => getPaymentRemarks(applicationID, token),
  });

export function usePaymentRemarks(applicationID: string, options: { enabled: boolean }) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    ...paymentRemarksQueryOptions(applicationID, token),
    enabled: options.enabled && !!token,
  });
}
