import type { TokenRole } from '@nordloan/domain/auth';
import { validateNationalId } from '@nordloan/domain/national-id';
import type { Db } from '#src/db/client.ts';
import { fieldError, unauthorized } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import {
  findCustomerById,
  findCustomerByPersonId,
  insertCustomer,
  linkCustomerToPerson,
} from '#src/modules/customers/customer.repository.ts';
import { findOrCreatePerson } from '#src/modules/persons/person.repository.ts';
import { takeNamesFromEid } from '#src/modules/persons/person.service.ts';
import type { TokenService } from './token.service.ts';

type Country = 'NO' | 'SE' | 'FI' | 'DK';

// The brand a customer lands on when a login names none: each country's main brand.
const MAIN_BRAND_BY_COUNTRY: Record<Country, string> = {
  NO: 'no-main',
  SE: 'se-main',
  FI: 'fi-main',
  DK: 'dk-main',
};

export interface DevLoginInput {
  nationalId: string;
  country: Country;
  brand?: string | undefined;
  /** Person (what an e-ID login gives, §4 "with method idp the default is person") or Customer. */
  role?: 'Person' | 'Customer' | undefined;
}

/**
 * The development identity provider: stands in for BankID/MitID/FTN outside production. It checks the
 * national id's real checksum, finds or creates the person and their customer record, and signs a token.
 */
export async function devLogin(options: { db: Db; tokens: TokenService; input: DevLoginInput }) {
  const { input } = options;
  const checked = validateNationalId(input.country, input.nationalId);
  if (!checked.valid) throw fieldError('nationalId', checked.message);
  return signInPerson({
    db: options.db,
    tokens: options.tokens,
    country: input.country,
    nationalId: checked.normalized,
    birthDate: checked.birthDate,
    brand: input.brand,
    role: input.role,
  });
}

/**
 * The person an identity provider vouched for (the development one, or an e-ID through OpenID Connect):
 * finds or creates the person and their customer record, and signs our token. `linkCustomerId` names an
 * anonymous sign-up customer (no person yet) of the same country: at the person's first login it becomes
 * their customer record instead of a new one, so no second person or customer is made.
 */
export async function signInPerson(options: {
  db: Db;
  tokens: TokenService;
  country: Country;
  /** Normalized and checked. */
  nationalId: string;
  birthDate: string;
  brand?: string | undefined;
  role?: 'Person' | 'Customer' | undefined;
  linkCustomerId?: string | null | undefined;
  /** The e-ID's given_name and family_name claims: kept on a person who has no name yet (issue 38). */
  names?: { givenName?: string | undefined; familyName?: string | undefined } | undefined;
  now?: Date | undefined;
}) {
  const { db, tokens, country } = options;
  const { person, customer } = await db.transaction(async (tx) => {
    const found = await findOrCreatePerson(tx, {
      country,
      nationalId: options.nationalId,
      birthDate: options.birthDate,
    });
    const person = options.names
      ? await takeNamesFromEid(tx, found, options.names, options.now ?? new Date())
      : found;
    const existing = await findCustomerByPersonId(tx, person.id);
    if (existing) return { person, customer: existing };
    const anonymous = options.linkCustomerId ? await findCustomerById(tx, options.linkCustomerId) : undefined;
    if (anonymous && anonymous.personId === null && anonymous.country === country) {
      const linked = await linkCustomerToPerson(tx, anonymous.id, person.id);
      if (linked) return { person, customer: linked };
    }
    const customer = await insertCustomer(tx, {
      personId: person.id,
      brand: options.brand ?? MAIN_BRAND_BY_COUNTRY[country],
      country,
    });
    return { person, customer };
  });

  const role: TokenRole = { Name: options.role ?? 'Person', Country: country };
  const token = await tokens.sign({
    CustomerID: customer.id,
    PersonID: person.id,
    Roles: [role],
    Email: customer.email ?? undefined,
  });
  return { token, CustomerID: customer.id, PersonID: person.id };
}

/** §3 current-user response. */
export function currentUser(caller: Caller | null) {
  if (!caller) throw unauthorized('Missing token');
  if (caller.kind === 'staff') return { CustomerID: null, PersonID: null };
  return { CustomerID: caller.customerId, PersonID: caller.personId };
}
