import type { PatchConsentInput } from '@nordloan/domain/consent';
import type { ConsentChannel, Country } from '@nordloan/domain/enums';
import { useMutation } from '@tanstack/react-query';
import { call } from './request.ts';

// §7 PATCH /consent/v1/consent/{country}/{customerID}: marketing consent per channel, each given or not
// (consent history keeps every change, ADR 0011).

export interface MarketingConsentInput {
  country: Country;
  customerId: string;
  brand: string;
  channels: Record<ConsentChannel, boolean>;
}

export async function recordMarketingConsent({
  country,
  customerId,
  brand,
  channels,
}: MarketingConsentInput): Promise<void> {
  const body: PatchConsentInput = {
    Brand: brand,
    Consents: (Object.keys(channels) as ConsentChannel[]).map((channel) => ({
      Purpose: 'marketing',
      Channel: channel,
      Status: channels[channel] ? 'given' : 'not_given',
    })),
  };
  await call('PATCH', `/consent/v1/consent/${country}/${encodeURIComponent(customerId)}`, { body });
}

export const recordMarketingConsentMutation = () => ({ mutationFn: recordMarketingConsent });

export function useRecordMarketingConsent() {
  return useMutation(recordMarketingConsentMutation());
}
