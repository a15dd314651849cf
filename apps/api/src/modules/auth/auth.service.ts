import type { TokenRole } from '@nordloan/domain/auth';
import { validateNationalId } from '@nordloan/domain/national-id';
import type { Db } from '#src/db/client.ts';
import { fieldError, unauthorized } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findCustomerByPersonId, insertCustomer } from '#src/modules/customers/customer.repository.ts';
import { findOrCreatePerson } from '#src/modules/persons/person.repository.ts';
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
  const { db, tokens, input } = options;
  const checked = validateNationalId(input.country, input.nationalId);
  if (!checked.valid) throw fieldError('nationalId', checked.message);

  const { person, customer } = await db.transaction(async (tx) => {
    const person = await findOrCreatePerson(tx, {
      country: input.country,
      nationalId: checked.normalized,
      birthDate: checked.birthDate,
    });
    const customer =
      (await findCustomerByPersonId(tx, person.id)) ??
      (await insertCustomer(tx, {
        personId: person.id,
        brand: input.brand ?? MAIN_BRAND_BY_COUNTRY[input.country],
        country: input.country,
      }));
    return { person, customer };
  });

  const role: TokenRole = { Name: input.role ?? 'Person', Country: input.country };
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
