import type { Country } from '@nordloan/domain/enums';
import { z } from 'zod';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// The person and customer records the journey fills (§7 PATCH /person/{id} on the person service,
// PATCH /customer/{id}), the terms list (§7 GET /api/cms/terms-and-conditions, no token) and the consent
// calls (§7 PATCH /consent/v1/consent/{country}/{customerID}). Only the fields the form uses are read.

export const applyPersonSchema = z.looseObject({
  ID: z.string(),
  FirstName: z.string().nullable(),
  LastName: z.string().nullable(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
  Address: z.looseObject({
    Street: z.string().nullable(),
    PostalCode: z.string().nullable(),
    City: z.string().nullable(),
  }),
});
export type ApplyPerson = z.infer<typeof applyPersonSchema>;

export async function getPerson(personId: string): Promise<ApplyPerson> {
  return applyPersonSchema.parse(
    await call('GET', fillPath('/person/{id}', { id: personId }), { service: 'person' }),
  );
}

export interface PersonChanges {
  FirstName?: string;
  LastName?: string;
  Email?: string;
  Phone?: string;
  Address?: { Street: string; PostalCode: string; City: string; Country: string };
  IsPoliticallyExposed?: boolean | null;
}

export async function patchPerson(personId: string, changes: PersonChanges): Promise<ApplyPerson> {
  return applyPersonSchema.parse(
    await call('PATCH', fillPath('/person/{id}', { id: personId }), { service: 'person', body: changes }),
  );
}

export const applyCustomerSchema = z.looseObject({
  ID: z.string(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
  AcceptedTermsVersion: z.string().nullable(),
});
export type ApplyCustomer = z.infer<typeof applyCustomerSchema>;

export async function getCustomer(customerId: string): Promise<ApplyCustomer> {
  return applyCustomerSchema.parse(await call('GET', fillPath('/customer/{id}', { id: customerId })));
}

export async function patchCustomer(
  customerId: string,
  changes: { Email?: string; Phone?: string; AcceptedTermsVersion?: string },
): Promise<ApplyCustomer> {
  return applyCustomerSchema.parse(
    await call('PATCH', fillPath('/customer/{id}', { id: customerId }), { body: changes }),
  );
}

export const termsEntrySchema = z.looseObject({
  tc_type: z.string(),
  version: z.number(),
  _publish_on: z.string(),
  version_label: z.string(),
  title: z.string(),
  body: z.string(),
});
export type TermsEntry = z.infer<typeof termsEntrySchema>;

/** The user terms to accept: the brand's newest published `user-terms` entry (§3 version label). */
export async function getCurrentTerms(country: Country, brand: string): Promise<TermsEntry | null> {
  const query = new URLSearchParams({ country, brand }).toString();
  const entries = z
    .array(termsEntrySchema)
    .parse((await call('GET', `/api/cms/terms-and-conditions?${query}`, { anonymous: true })) ?? []);
  return (
    entries
      .filter((entry) => entry.tc_type === 'user-terms')
      .sort((a, b) => b._publish_on.localeCompare(a._publish_on) || b.version - a.version)[0] ?? null
  );
}

export type MarketingChannel = 'email' | 'sms' | 'phone';

/** Marketing consent per channel, each given or not (consent history keeps every change, ADR 0011). */
export async function recordMarketingConsent(options: {
  country: Country;
  customerId: string;
  brand: string;
  channels: Record<MarketingChannel, boolean>;
}): Promise<void> {
  const { country, customerId, brand, channels } = options;
  await call('PATCH', `/consent/v1/consent/${country}/${encodeURIComponent(customerId)}`, {
    body: {
      Brand: brand,
      Consents: (Object.keys(channels) as MarketingChannel[]).map((channel) => ({
        Purpose: 'marketing',
        Channel: channel,
        Status: channels[channel] ? 'given' : 'not_given',
      })),
    },
  });
}
