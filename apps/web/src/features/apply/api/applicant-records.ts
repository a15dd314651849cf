import type { PatchConsentInput } from '@nordloan/domain/consent';
import { type Customer, customerSchema, type patchCustomerBodySchema } from '@nordloan/domain/customer';
import type { Country } from '@nordloan/domain/enums';
import { type Person, type personFieldsSchema, personSchema } from '@nordloan/domain/person';
import { z } from 'zod';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// The person and customer records the journey fills (§7 PATCH /person/{id} on the person service,
// PATCH /customer/{id}), the terms list (§7 GET /api/cms/terms-and-conditions, no token) and the consent
// calls (§7 PATCH /consent/v1/consent/{country}/{customerID}). Bodies and answers are the domain's
// schemas, the ones the API validates and answers with.

export async function getPerson(personId: string): Promise<Person> {
  return personSchema.parse(
    await call('GET', fillPath('/person/{id}', { id: personId }), { service: 'person' }),
  );
}

/** What the journey may change on the applicant's person record (the API's PATCH /person body). */
export type PersonChanges = z.input<typeof personFieldsSchema>;

export async function patchPerson(personId: string, changes: PersonChanges): Promise<Person> {
  return personSchema.parse(
    await call('PATCH', fillPath('/person/{id}', { id: personId }), { service: 'person', body: changes }),
  );
}

export async function getCustomer(customerId: string): Promise<Customer> {
  return customerSchema.parse(await call('GET', fillPath('/customer/{id}', { id: customerId })));
}

export async function patchCustomer(
  customerId: string,
  changes: z.input<typeof patchCustomerBodySchema>,
): Promise<Customer> {
  return customerSchema.parse(
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
  const body: PatchConsentInput = {
    Brand: brand,
    Consents: (Object.keys(channels) as MarketingChannel[]).map((channel) => ({
      Purpose: 'marketing',
      Channel: channel,
      Status: channels[channel] ? 'given' : 'not_given',
    })),
  };
  await call('PATCH', `/consent/v1/consent/${country}/${encodeURIComponent(customerId)}`, { body });
}
