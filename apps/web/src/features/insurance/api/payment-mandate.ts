import type { PaymentMandateKind } from '@nordloan/domain/enums';
import { type PaymentMandateBody, paymentMandateSchema } from '@nordloan/domain/insurance';
import { useMutation, useQuery } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { getJson, parseAnswer, postJson } from '#src/shared/api/http.ts';
import { insuranceQueryKeys, insuranceUrl } from './insurance-url.ts';

// §7 /insurance-payment-mandate/{kind}: POST with a JSON body registers it, GET by id follows it.

export async function startPaymentMandate(
  kind: PaymentMandateKind,
  body: PaymentMandateBody,
  token: string | null,
) {
  const url = insuranceUrl('/insurance-payment-mandate/{kind}', { kind });
  return parseAnswer(paymentMandateSchema, await postJson<unknown>(url, { token, body }));
}

export async function getPaymentMandate(kind: PaymentMandateKind, id: string, token: string | null) {
  const url = insuranceUrl('/insurance-payment-mandate/{kind}/{id}', { kind, id });
  return parseAnswer(paymentMandateSchema, await getJson<unknown>(url, { token }));
}

export function useStartPaymentMandate() {
  const token = useAuthStore(effectiveToken);
  return useMutation({
    mutationFn: ({ kind, body }: { kind: PaymentMandateKind; body: PaymentMandateBody }) =>
      startPaymentMandate(kind, body, token),
  });
}

export function usePaymentMandate(kind: PaymentMandateKind, id: string | null) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    queryKey: insuranceQueryKeys.paymentMandate(id ?? ''),
    queryFn: () => getPaymentMandate(kind, id!, token),
    enabled: !!token && !!id,
    refetchInterval: (query) => (query.state.data?.Status === 'pending' ? 1_000 : false),
  });
}
