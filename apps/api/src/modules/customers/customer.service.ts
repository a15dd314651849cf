import type { BrandConfig } from '@nordloan/domain/brands/registry';
import type { PatchCustomerInput, SignUpInput } from '@nordloan/domain/customer';
import type { Db } from '#src/db/client.ts';
import { AppError, badRequest, fieldError, notFound } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import type { TokenService } from '#src/lib/token-service.ts';
import type { ContentStore } from '#src/modules/terms/content.repository.ts';
import {
  ACCEPTED_TERMS_TYPE,
  findPublishedTerm,
  listPublishedTerms,
  type PublishedTerm,
  requireBrand,
} from '#src/modules/terms/terms.service.ts';
import { toCustomer } from './customer.mapper.ts';
import {
  type CustomerChanges,
  findCustomersByEmail,
  insertCustomer,
  insertTermsAcceptance,
  updateCustomer,
} from './customer.repository.ts';
import { callerMayReachCustomer, loadCustomerForCaller } from './customer-access.service.ts';

async function termsToAccept(options: {
  store: ContentStore;
  brand: BrandConfig;
  versionLabel: string | undefined;
  field: string;
  now: Date;
}): Promise<PublishedTerm> {
  const { store, brand, versionLabel, field, now } = options;
  if (versionLabel !== undefined) {
    const term = await findPublishedTerm({ store, brand, versionLabel, now });
    if (!term) throw fieldError(field, `Not a published terms version of ${brand.brand}`);
    return term;
  }
  const current = (await listPublishedTerms({ store, country: brand.country, brand: brand.brand, now })).find(
    (term) => term.tc_type === ACCEPTED_TERMS_TYPE,
  );
  // Every brand has published user terms (content.test.ts); without them nobody can sign up.
  if (!current) throw new AppError(500, 'Failed to find configuration for brand');
  return current;
}

/**
 * §7 POST /customer?accepted_terms, without a token: how a new applicant becomes a customer.
 *
 * Abuse: anyone can call it, so it creates only a new, unlinked customer record holding what the caller
 * typed (brand, e-mail, phone) and the terms it accepted — never a link to a person (that comes only from
 * e-ID identification) and never anything about existing customers: the answer is the same whether the
 * e-mail is known or not (no enumeration). It answers the new record and a token that reaches that record
 * alone. The route is rate-limited per client (loginRateLimit).
 */
export async function signUpCustomer(options: {
  db: Db;
  tokens: TokenService;
  store: ContentStore;
  input: SignUpInput;
  /** The brand of the request host (§2); used when the body names none. */
  hostBrandId: string;
  now: () => Date;
}) {
  const { db, tokens, store, input } = options;
  const now = options.now();
  const brand = requireBrand(input.Brand ?? options.hostBrandId, undefined, 'Brand');
  const term = await termsToAccept({
    store,
    brand,
    versionLabel: input.TermsVersion,
    field: 'TermsVersion',
    now,
  });

  const row = await db.transaction(async (tx) => {
    const created = await insertCustomer(tx, {
      brand: brand.brand,
      country: brand.country,
      email: input.Email ?? null,
      phone: input.Phone ?? null,
      acceptedTermsVersion: term.version_label,
      acceptedTermsAt: now,
      acceptedTermsBrand: brand.brand,
      createdAt: now,
      updatedAt: now,
    });
    await insertTermsAcceptance(tx, {
      customerId: created.id,
      tcType: term.tc_type,
      versionLabel: term.version_label,
      brand: brand.brand,
      acceptedAt: now,
    });
    return created;
  });

  // No Email claim: the address is typed, not verified (CustomerVerifiedEmail is for verified ones).
  const JWT = await tokens.sign({
    CustomerID: row.id,
    Roles: [{ Name: 'Customer', Country: brand.country }],
  });
  return { ...toCustomer(row), CustomerID: row.id, JWT };
}

/** §7 GET /customer/{id}: the owner or staff; anyone else 404. */
export async function getCustomer(options: { db: Db; caller: Caller; customerId: string }) {
  return toCustomer(await loadCustomerForCaller({ ...options, access: 'read' }));
}

/** §7 GET /customer?email=: the oldest customer with that address the caller may see; else 404. */
export async function getCustomerByEmail(options: { db: Db; caller: Caller; email: string }) {
  const { db, caller, email } = options;
  const match = (await findCustomersByEmail(db, email)).find((row) =>
    callerMayReachCustomer(caller, row, 'read'),
  );
  if (!match) throw notFound();
  return toCustomer(match);
}

/** §7 PATCH /customer/{id}: contact details and newer terms; the owner or staff. */
export async function patchCustomer(options: {
  db: Db;
  store: ContentStore;
  caller: Caller;
  customerId: string;
  input: PatchCustomerInput;
  now: () => Date;
}) {
  const { db, store, caller, customerId, input } = options;
  const now = options.now();
  if (Object.keys(input).length === 0) throw badRequest('Nothing to change');
  return db.transaction(async (tx) => {
    const customer = await loadCustomerForCaller({ db: tx, caller, customerId, access: 'write' });
    const changes: CustomerChanges = {};
    if (input.Email !== undefined && input.Email !== customer.email) {
      changes.email = input.Email;
      // A new address is not verified until it is.
      changes.emailVerified = false;
    }
    if (input.Phone !== undefined) changes.phone = input.Phone;
    if (input.AcceptedTermsVersion !== undefined) {
      // The label ends in the brand it was accepted on (§3): type_version_YYYYMMDD_brand.
      const labelBrand = input.AcceptedTermsVersion.split('_')[3] ?? '';
      const brand = requireBrand(
        labelBrand,
        customer.country as BrandConfig['country'],
        'AcceptedTermsVersion',
      );
      const term = await termsToAccept({
        store,
        brand,
        versionLabel: input.AcceptedTermsVersion,
        field: 'AcceptedTermsVersion',
        now,
      });
      changes.acceptedTermsVersion = term.version_label;
      changes.acceptedTermsAt = now;
      changes.acceptedTermsBrand = brand.brand;
      await insertTermsAcceptance(tx, {
        customerId: customer.id,
        tcType: term.tc_type,
        versionLabel: term.version_label,
        brand: brand.brand,
        acceptedAt: now,
      });
    }
    return toCustomer(await updateCustomer(tx, customer.id, changes, now));
  });
}
