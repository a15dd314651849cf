import { fillPath, joinUrl, type Query } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

/** The address of an insurance call on the API (§7 /insurance/v2/…, /insurance-payment-mandate/…). */
export const insuranceUrl = (template: string, params: Record<string, string> = {}, query?: Query) =>
  joinUrl(serviceUrl(), fillPath(template, params), query);

export const insuranceQueryKeys = {
  offer: (brand: string) => ['insurance', 'offer', brand] as const,
  mandate: (id: string) => ['insurance', 'mandate', id] as const,
  paymentMandate: (id: string) => ['insurance', 'payment-mandate', id] as const,
  policies: () => ['insurance', 'policies'] as const,
};
