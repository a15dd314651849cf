import type { BrandConfig } from '@nordloan/domain/brands/registry';
import type { ConsentState, MasterConsentInput, PatchConsentInput } from '@nordloan/domain/consent';
import {
  type ConsentChannel,
  type ConsentPurpose,
  type ConsentStatus,
  type Country,
  consentPurposes,
} from '@nordloan/domain/enums';
import type { Db, Executor } from '#src/db/client.ts';
import { badRequest, fieldError, notFound, unauthorized } from '#src/lib/app-error.ts';
import { describeCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { type BrandWarningLog, storedBrand } from '#src/lib/stored-brand.ts';
import type { CustomerRow } from '#src/modules/customers/customer.repository.ts';
import { loadCustomerForCaller } from '#src/modules/customers/customer-access.service.ts';
import type { ConsentConfigType, ContentStore } from '#src/modules/terms/content.repository.ts';
import { mainBrandOf } from '#src/modules/terms/terms.service.ts';
import {
  type ConsentRecordRow,
  findConsentHistory,
  findCurrentConsents,
  insertConsentRecords,
  type NewConsentRecordRow,
} from './consent.repository.ts';
import {
  type ConsentBrandContent,
  consentBrandFor,
  consentContentFor,
  consentPairs,
} from './consent-content.service.ts';

// Consent history (docs/decisions/0011-consent-history.md): every change is a new consent_record row (who,
// when, which text version, which channel); the current state is the newest row per purpose and channel.

type Source = 'master-consent' | 'consent-patch' | 'customer-revoke';
interface Change {
  purpose: ConsentPurpose;
  channel: ConsentChannel;
  status: ConsentStatus;
}

const keyOf = (purpose: string, channel: string) => `${purpose}/${channel}`;

/** The brand a consent call is about: the one named (same country as the customer), or the customer's. */
function brandOfCall(
  customer: CustomerRow,
  brandId: string | undefined,
  log: BrandWarningLog,
  field = 'Brand',
): BrandConfig {
  if (brandId !== undefined) return consentBrandFor(brandId, customer.country as Country, field).brand;
  return storedBrand(customer.brand, () => mainBrandOf(customer.country as Country), log, 'consent');
}

function toState(
  customer: CustomerRow,
  content: ConsentBrandContent,
  rows: ConsentRecordRow[],
): ConsentState {
  const current = new Map(rows.map((row) => [keyOf(row.purpose, row.channel), row]));
  const config = content.versions.at(-1)!.config;
  return {
    CustomerID: customer.id,
    Country: customer.country as Country,
    ConsentBrand: content.consentBrand,
    Consents: consentPairs(config).map(({ purpose, channel }) => {
      const row = current.get(keyOf(purpose, channel));
      return {
        Purpose: purpose,
        Channel: channel,
        Status: (row?.status as ConsentStatus | undefined) ?? config.settings.defaultStatus,
        TextVersion: row?.textVersion ?? null,
        UpdatedAt: row?.createdAt.toISOString() ?? null,
      };
    }),
  };
}

function toItem(row: ConsentRecordRow) {
  return {
    ID: row.id,
    Purpose: row.purpose as ConsentPurpose,
    Channel: row.channel as ConsentChannel,
    Status: row.status as ConsentStatus,
    TextVersion: row.textVersion,
    Brand: row.brand,
    ConsentBrand: row.consentBrand,
    Source: row.source,
    ChangedBy: row.changedBy,
    CreatedAt: row.createdAt.toISOString(),
  };
}

/**
 * Appends a record for every change that differs from the current state (status, or the text version it
 * was given under). Nothing is ever updated: give → revoke → give leaves three rows.
 */
async function recordChanges(options: {
  tx: Executor;
  caller: Caller;
  customer: CustomerRow;
  brand: BrandConfig;
  content: ConsentBrandContent;
  textVersion: string | undefined;
  changes: Change[];
  source: Source;
  now: Date;
}): Promise<ConsentState> {
  const { tx, caller, customer, brand, content, changes, source, now } = options;
  const textVersion = options.textVersion ?? content.versions.at(-1)!.label;
  const shown = content.versions.find((version) => version.label === textVersion);
  if (!shown)
    throw fieldError('TextVersion', `Not a published consent text version of ${content.consentBrand}`);
  const offered = new Set(consentPairs(shown.config).map((pair) => keyOf(pair.purpose, pair.channel)));
  const refused = changes.filter((change) => !offered.has(keyOf(change.purpose, change.channel)));
  if (refused.length > 0) {
    throw badRequest(
      'Validation failed',
      refused.map((change) => ({
        Field: 'Consents',
        Message: `No ${change.purpose} consent by ${change.channel} in ${textVersion}`,
      })),
    );
  }
  const before = await findCurrentConsents(tx, customer.id, content.consentBrand);
  const current = new Map(before.map((row) => [keyOf(row.purpose, row.channel), row]));
  const rows: NewConsentRecordRow[] = changes
    .filter((change) => {
      const row = current.get(keyOf(change.purpose, change.channel));
      if (!row) return true;
      return row.status !== change.status || (change.status === 'given' && row.textVersion !== textVersion);
    })
    .map((change) => ({
      customerId: customer.id,
      country: customer.country,
      brand: brand.brand,
      consentBrand: content.consentBrand,
      purpose: change.purpose,
      channel: change.channel,
      status: change.status,
      // A revocation names the text it takes back; anything else the text shown now.
      textVersion:
        change.status === 'revoked'
          ? (current.get(keyOf(change.purpose, change.channel))?.textVersion ?? textVersion)
          : textVersion,
      source,
      changedBy: describeCaller(caller),
      createdAt: now,
    }));
  await insertConsentRecords(tx, rows);
  return toState(customer, content, await findCurrentConsents(tx, customer.id, content.consentBrand));
}

/**
 * §7 GET /consent/v2/config/snapshot (no token): consent texts and settings for a country, brand or
 * customer, and a config type. A customer id needs a token that reaches it.
 */
export async function consentSnapshot(options: {
  db: Db;
  store: ContentStore;
  caller: Caller | null;
  query: {
    country?: Country | undefined;
    brand?: string | undefined;
    customerID?: string | undefined;
    configType: ConsentConfigType;
  };
  now: Date;
  log: BrandWarningLog;
}) {
  const { db, store, caller, query, now, log } = options;
  let brand: BrandConfig;
  if (query.customerID !== undefined) {
    // §6: consent queries for a user need a token and a customer id.
    if (!caller) throw unauthorized();
    const customer = await loadCustomerForCaller({
      db,
      caller,
      customerId: query.customerID,
      access: 'read',
    });
    brand = brandOfCall(customer, query.brand, log, 'brand');
  } else if (query.brand !== undefined) {
    brand = consentBrandFor(query.brand, query.country).brand;
  } else if (query.country !== undefined) {
    brand = mainBrandOf(query.country);
  } else {
    throw badRequest('Validation failed', [
      { Field: 'country', Message: 'Give a country, brand or customerID' },
    ]);
  }
  const content = await consentContentFor({ store, brand, configType: query.configType, now });
  const current = content.versions.at(-1)!;
  return {
    Country: brand.country,
    Brand: brand.brand,
    ConsentBrand: content.consentBrand,
    ConfigType: query.configType,
    Controller: content.controller,
    Version: current.label,
    PublishedOn: current.publishedOn,
    Settings: {
      Purposes: current.config.settings.purposes,
      Channels: current.config.settings.channels,
      DefaultStatus: current.config.settings.defaultStatus,
      Required: current.config.settings.required,
    },
    Texts: current.config.texts.map((text) => ({
      Purpose: text.purpose,
      Channel: text.channel,
      Text: text.text,
    })),
  };
}

interface CustomerQuery {
  db: Db;
  store: ContentStore;
  caller: Caller;
  customerId: string;
  brand?: string | undefined;
  country?: Country | undefined;
  now: Date;
  log: BrandWarningLog;
}

async function customerAndContent(options: CustomerQuery, access: 'read' | 'write') {
  const customer = await loadCustomerForCaller({ ...options, access });
  if (options.country && options.country !== customer.country) throw notFound();
  const brand = brandOfCall(customer, options.brand, options.log, 'brand');
  const content = await consentContentFor({
    store: options.store,
    brand,
    configType: 'master',
    now: options.now,
  });
  return { customer, brand, content };
}

/** §7 GET /consent/v2/consent: the customer's current consents (not_given where none was recorded). */
export async function currentConsentState(options: CustomerQuery): Promise<ConsentState> {
  const { customer, content } = await customerAndContent(options, 'read');
  return toState(customer, content, await findCurrentConsents(options.db, customer.id, content.consentBrand));
}

/** §7 GET /consent/v2/consent/items: the full history, oldest first. */
export async function consentHistory(
  options: CustomerQuery & { purpose?: string | undefined; channel?: string | undefined },
) {
  const { customer, content } = await customerAndContent(options, 'read');
  const rows = await findConsentHistory(options.db, {
    customerId: customer.id,
    consentBrand: content.consentBrand,
    purpose: options.purpose,
    channel: options.channel,
  });
  // §3's purposes only: a consent of its own purpose (the rate watch, purpose-consent.service.ts) is not
  // this contract's, and shows in the customer's data export instead.
  const items = rows.filter((row) => (consentPurposes as readonly string[]).includes(row.purpose));
  return { CustomerID: customer.id, ConsentBrand: content.consentBrand, Items: items.map(toItem) };
}

/** §7 POST /consent/v1/consent: the master consent — one status for a purpose over its channels. */
export async function giveMasterConsent(options: {
  db: Db;
  store: ContentStore;
  caller: Caller;
  input: MasterConsentInput;
  now: Date;
  log: BrandWarningLog;
}) {
  const { db, store, caller, input, now, log } = options;
  return db.transaction(async (tx) => {
    const customer = await loadCustomerForCaller({
      db: tx,
      caller,
      customerId: input.CustomerID,
      access: 'write',
    });
    const brand = brandOfCall(customer, input.Brand, log);
    const content = await consentContentFor({ store, brand, configType: 'master', now });
    const channels =
      input.Channels ??
      consentPairs(content.versions.at(-1)!.config)
        .filter((pair) => pair.purpose === input.Purpose)
        .map((pair) => pair.channel);
    const changes = [...new Set(channels)].map((channel) => ({
      purpose: input.Purpose,
      channel,
      status: input.Status,
    }));
    return recordChanges({
      tx,
      caller,
      customer,
      brand,
      content,
      textVersion: input.TextVersion,
      changes,
      source: 'master-consent',
      now,
    });
  });
}

/** §7 PATCH /consent/v1/consent/{country}/{customerID}: individual changes, each kept as history. */
export async function patchConsents(options: {
  db: Db;
  store: ContentStore;
  caller: Caller;
  country: Country;
  customerId: string;
  input: PatchConsentInput;
  now: Date;
  log: BrandWarningLog;
}) {
  const { db, store, caller, country, customerId, input, now, log } = options;
  return db.transaction(async (tx) => {
    const customer = await loadCustomerForCaller({ db: tx, caller, customerId, access: 'write' });
    if (customer.country !== country) throw notFound();
    const brand = brandOfCall(customer, input.Brand, log);
    const content = await consentContentFor({ store, brand, configType: 'master', now });
    const changes = input.Consents.map((change) => ({
      purpose: change.Purpose,
      channel: change.Channel,
      status: change.Status,
    }));
    return recordChanges({
      tx,
      caller,
      customer,
      brand,
      content,
      textVersion: input.TextVersion,
      changes,
      source: 'consent-patch',
      now,
    });
  });
}

/** §7 DELETE /customer/{id}/consent: revokes marketing consent on every channel where it is given. */
export async function revokeMarketingConsent(options: {
  db: Db;
  store: ContentStore;
  caller: Caller;
  customerId: string;
  now: Date;
  log: BrandWarningLog;
}) {
  const { db, store, caller, customerId, now, log } = options;
  return db.transaction(async (tx) => {
    const customer = await loadCustomerForCaller({ db: tx, caller, customerId, access: 'write' });
    const brand = brandOfCall(customer, undefined, log);
    const content = await consentContentFor({ store, brand, configType: 'master', now });
    const given = (await findCurrentConsents(tx, customer.id, content.consentBrand)).filter(
      (row) => row.purpose === 'marketing' && row.status === 'given',
    );
    // Revoke under the text each was given under (recordChanges keeps that version for revocations).
    const changes = given.map((row) => ({
      purpose: 'marketing' as const,
      channel: row.channel as ConsentChannel,
      status: 'revoked' as const,
    }));
    const offered = given[0]?.textVersion;
    return recordChanges({
      tx,
      caller,
      customer,
      brand,
      content,
      textVersion:
        offered && content.versions.some((version) => version.label === offered) ? offered : undefined,
      changes,
      source: 'customer-revoke',
      now,
    });
  });
}

/** §7 GET /consent/v1/partner: who data may be shared with, for a brand's consent brand. */
export async function listPartners(options: {
  store: ContentStore;
  country?: Country | undefined;
  brand?: string | undefined;
  now: Date;
}) {
  const { store, now } = options;
  let brand: BrandConfig;
  if (options.brand !== undefined) brand = consentBrandFor(options.brand, options.country).brand;
  else if (options.country !== undefined) brand = mainBrandOf(options.country);
  else throw badRequest('Validation failed', [{ Field: 'country', Message: 'Give a country or brand' }]);
  const content = await consentContentFor({ store, brand, configType: 'master', now });
  return {
    Country: brand.country,
    ConsentBrand: content.consentBrand,
    Partners: content.partners.map((partner) => ({
      ID: partner.id,
      Name: partner.name,
      Kind: partner.kind,
      Purpose: partner.purpose,
    })),
  };
}
