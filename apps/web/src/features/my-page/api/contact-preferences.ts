import { type ConsentState, consentStateSchema } from '@nordloan/domain/consent';
import { type ContactLog, contactLogSchema } from '@nordloan/domain/contact-log';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { fillPath, getJson, joinUrl, parseAnswer, patchJson } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// Issue 13 item 7 (ADR 0037). Contact preferences are the marketing consents by channel (§7 PATCH
// /consent/v1/consent/{country}/{customerID}; "no sales calls" = marketing by phone not given), so
// messages and the call list obey the same records. The contact log is GET /loan-application/{id}/contact-log.

export type MarketingChannel = 'email' | 'sms' | 'phone';

export interface ContactPreferences {
  email: boolean;
  sms: boolean;
  /**
   * True when the applicant said no to sales calls: marketing by phone recorded as not given or revoked.
   * Nothing recorded is no objection, as for the call list (ADR 0022, 0037).
   */
  noSalesCalls: boolean;
  /** Whether marketing by phone is given now: turning it off is then a revocation, else a "no". */
  phoneGiven: boolean;
}

export function preferencesOf(state: ConsentState): ContactPreferences {
  const marketing = (channel: MarketingChannel) =>
    state.Consents.find((consent) => consent.Purpose === 'marketing' && consent.Channel === channel);
  const given = (channel: MarketingChannel) => marketing(channel)?.Status === 'given';
  const phone = marketing('phone');
  return {
    email: given('email'),
    sms: given('sms'),
    noSalesCalls: !!phone && phone.UpdatedAt !== null && phone.Status !== 'given',
    phoneGiven: given('phone'),
  };
}

/** The consent changes that turn `before` into `after`: a yes withdrawn is `revoked`, never erased. */
export function consentChanges(before: ContactPreferences, after: ContactPreferences) {
  const changes: {
    Purpose: 'marketing';
    Channel: MarketingChannel;
    Status: 'given' | 'not_given' | 'revoked';
  }[] = [];
  for (const channel of ['email', 'sms'] as const) {
    if (before[channel] !== after[channel]) {
      changes.push({ Purpose: 'marketing', Channel: channel, Status: after[channel] ? 'given' : 'revoked' });
    }
  }
  if (before.noSalesCalls !== after.noSalesCalls) {
    const status = !after.noSalesCalls ? 'given' : before.phoneGiven ? 'revoked' : 'not_given';
    changes.push({ Purpose: 'marketing', Channel: 'phone', Status: status });
  }
  return changes;
}

export async function patchMarketingConsents(options: {
  customerID: string;
  country: string;
  brand: string;
  changes: ReturnType<typeof consentChanges>;
  token: string | null;
}) {
  const { customerID, country, brand, changes, token } = options;
  const url = joinUrl(
    serviceUrl(),
    fillPath('/consent/v1/consent/{country}/{customerID}', { country, customerID }),
  );
  return parseAnswer(
    consentStateSchema,
    await patchJson<unknown>(url, { token, body: { Brand: brand, Consents: changes } }),
  );
}

/** Saves the preferences; the consent state cached by the marketing panel is refreshed with it. */
export function useSaveContactPreferences(customerID: string, brand: string) {
  const token = useAuthStore(effectiveToken);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { country: string; before: ContactPreferences; after: ContactPreferences }) => {
      const changes = consentChanges(input.before, input.after);
      if (changes.length === 0) return Promise.resolve(null);
      return patchMarketingConsents({ customerID, country: input.country, brand, changes, token });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['consent', customerID] }),
  });
}

export async function getContactLog(applicationID: string, token: string | null): Promise<ContactLog | null> {
  const url = joinUrl(
    serviceUrl(),
    fillPath('/loan-application/{applicationID}/contact-log', { applicationID }),
  );
  return parseAnswer(contactLogSchema, await getJson<unknown>(url, { token }));
}

export function useContactLog(applicationID: string) {
  const token = useAuthStore(effectiveToken);
  return useQuery({
    // Under the application's prefix: the live stream's refresh reaches it too.
    queryKey: [...queryKeys.application(applicationID), 'contact-log'] as const,
    queryFn: () => getContactLog(applicationID, token),
    enabled: !!token,
  });
}
