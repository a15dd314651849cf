import { staffMay } from '@nordloan/domain/access';
import type { AddressKind, Country } from '@nordloan/domain/enums';
import { maskNationalId, validateNationalId } from '@nordloan/domain/national-id';
import type {
  CreatePersonInput,
  Person,
  PersonFieldsInput,
  RegisteredAddress,
} from '@nordloan/domain/person';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '#src/db/client.ts';
import {
  badRequest,
  conflict,
  type FieldError,
  fieldError,
  forbidden,
  notFound,
} from '#src/lib/app-error.ts';
import type { ApplicationAccess } from '#src/lib/application-access.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import {
  findPersonById,
  findPersonByNationalId,
  insertPersonIfNew,
  type NewPersonRow,
  type PersonRow,
  updatePerson,
} from './person.repository.ts';
import { type PopulationRegister, registerNames } from './population-register.ts';

/** Where audit lines go (the request's pino logger). */
export type AuditLog = Pick<FastifyBaseLogger, 'info'>;

// Who may reach a person record: the person (token PersonID, or the person of the token's customer), and
// staff as for applications of the person's country (ADR 0006). Anyone else 404 (ADR 0014).

async function ownsPerson(db: Executor, caller: Caller, person: PersonRow): Promise<boolean> {
  if (caller.kind === 'staff') return false;
  if (caller.personId === person.id) return true;
  if (caller.kind === 'customer' && caller.personId === null) {
    return (await findCustomerById(db, caller.customerId))?.personId === person.id;
  }
  return false;
}

export async function loadPersonForCaller(options: {
  db: Executor;
  caller: Caller;
  personId: string;
  access: ApplicationAccess;
}): Promise<PersonRow> {
  const { db, caller, personId, access } = options;
  if (!isUuid(personId)) throw notFound();
  const person = await findPersonById(db, personId);
  if (!person) throw notFound();
  if (caller.kind !== 'staff') {
    if (!(await ownsPerson(db, caller, person))) throw notFound();
    return person;
  }
  if (!staffMay(caller.roles, 'application.read', person.country)) throw notFound();
  if (access === 'write' && !staffMay(caller.roles, 'application.update', person.country)) {
    throw forbidden('Your role may not change persons in this country');
  }
  return person;
}

/** The response record. The national id is masked unless `revealNationalId` (staff who asked for it). */
export function toPerson(row: PersonRow, revealNationalId = false): Person {
  return {
    ID: row.id,
    Country: row.country as Country,
    NationalID: revealNationalId ? row.nationalId : maskNationalId(row.nationalId),
    BirthDate: row.birthDate,
    FirstName: row.firstName,
    LastName: row.lastName,
    Email: row.email,
    Phone: row.phone,
    Address: {
      Kind: row.addressKind as AddressKind | null,
      Street: row.streetAddress,
      CoName: row.coName,
      PostalCode: row.postalCode,
      City: row.city,
      Country: row.addressCountry,
    },
    Citizenship: row.citizenship,
    IsPoliticallyExposed: row.isPoliticallyExposed,
    PoliticallyExposedRole: row.politicallyExposedRole,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

type PersonColumns = Omit<
  NewPersonRow,
  'id' | 'country' | 'nationalId' | 'birthDate' | 'createdAt' | 'updatedAt'
>;

/**
 * The columns a body changes, merged over `current`, with the rules that span fields checked on the
 * result: a c/o address names the c/o, an address abroad names a country other than the person's, and a
 * politically exposed person names the role (and only then).
 */
function columnsFrom(input: PersonFieldsInput, current: PersonColumns, personCountry: string): PersonColumns {
  const set = <K extends keyof PersonColumns>(key: K, value: PersonColumns[K] | undefined) =>
    value === undefined ? current[key] : value;
  const address = input.Address ?? {};
  const next: PersonColumns = {
    firstName: set('firstName', input.FirstName),
    lastName: set('lastName', input.LastName),
    email: set('email', input.Email === undefined ? undefined : (input.Email?.toLowerCase() ?? null)),
    phone: set('phone', input.Phone),
    addressKind: set('addressKind', address.Kind),
    streetAddress: set('streetAddress', address.Street),
    coName: set('coName', address.CoName),
    postalCode: set('postalCode', address.PostalCode),
    city: set('city', address.City),
    addressCountry: set('addressCountry', address.Country),
    citizenship: set('citizenship', input.Citizenship),
    isPoliticallyExposed: set('isPoliticallyExposed', input.IsPoliticallyExposed),
    politicallyExposedRole: set('politicallyExposedRole', input.PoliticallyExposedRole),
  };
  if (next.isPoliticallyExposed !== true) next.politicallyExposedRole = null;
  const problems: FieldError[] = [];
  if (next.addressKind === 'Co' && !next.coName) {
    problems.push({ Field: 'Address.CoName', Message: 'Required for a c/o address' });
  }
  if (next.addressKind === 'Abroad' && (!next.addressCountry || next.addressCountry === personCountry)) {
    problems.push({
      Field: 'Address.Country',
      Message: `An address abroad needs a country other than ${personCountry}`,
    });
  }
  if (next.isPoliticallyExposed === true && !next.politicallyExposedRole) {
    problems.push({ Field: 'PoliticallyExposedRole', Message: 'Required when IsPoliticallyExposed is true' });
  }
  if (problems.length > 0) throw badRequest('Validation failed', problems);
  return next;
}

/** §7 GET /person/{id}. */
export async function getPerson(options: {
  db: Db;
  caller: Caller;
  personId: string;
  reveal?: 'NationalID' | undefined;
  /** The request's logger: the reveal's audit line goes there. */
  log: AuditLog;
  now: () => Date;
}) {
  const { db, caller, personId, reveal } = options;
  const person = await loadPersonForCaller({ db, caller, personId, access: 'read' });
  if (reveal !== 'NationalID') return toPerson(person);
  if (caller.kind !== 'staff' || !staffMay(caller.roles, 'person.revealNationalId', person.country)) {
    throw forbidden('Your role may not see a full national identity number');
  }
  // Audit trail of who saw which full national id, when (ADR 0006). Never the number itself.
  options.log.info(
    {
      event: 'person_national_id_reveal',
      agentId: caller.agentId,
      personId: person.id,
      country: person.country,
      at: options.now().toISOString(),
    },
    'national id revealed',
  );
  await recordAudit(db, {
    actor: caller,
    action: 'person.revealNationalId',
    subjectType: 'person',
    subjectId: person.id,
    country: person.country as Country,
    at: options.now(),
  });
  return toPerson(person, true);
}

/**
 * §7 POST /person: staff register a person (e.g. a co-applicant over the phone). Applicants are never
 * created here: a person record is an identity, and only e-ID identification proves one — letting an
 * applicant create the record for a national id would let them claim someone else's before that person
 * ever logs in. A national id already known answers 409 with its ID (staff may know that).
 */
export async function createPerson(options: {
  db: Db;
  caller: Caller;
  input: CreatePersonInput;
  now: () => Date;
}) {
  const { db, caller, input } = options;
  if (caller.kind !== 'staff')
    throw forbidden('Persons are created by identification (e-ID), not by applicants');
  if (!staffMay(caller.roles, 'application.update', input.Country)) {
    throw forbidden('Your role may not register persons in this country');
  }
  const checked = validateNationalId(input.Country, input.NationalID, { today: options.now() });
  if (!checked.valid) throw fieldError('NationalID', checked.message);
  const empty = {} as PersonColumns;
  const columns = columnsFrom(input, empty, input.Country);
  const now = options.now();
  const created = await insertPersonIfNew(db, {
    ...columns,
    country: input.Country,
    nationalId: checked.normalized,
    birthDate: checked.birthDate,
    createdAt: now,
    updatedAt: now,
  });
  if (!created) {
    const existing = await findPersonByNationalId(db, input.Country, checked.normalized);
    throw conflict('A person with this national identity number already exists', {
      ID: existing?.id ?? null,
    });
  }
  return toPerson(created);
}

/** §7 PATCH /person/{id} (partial): the person or staff. Identity (country, national id, birth date) is fixed. */
export async function patchPerson(options: {
  db: Db;
  caller: Caller;
  personId: string;
  input: PersonFieldsInput;
  now: () => Date;
}) {
  const { db, caller, personId, input } = options;
  if (Object.keys(input).length === 0) throw badRequest('Nothing to change');
  return db.transaction(async (tx) => {
    const person = await loadPersonForCaller({ db: tx, caller, personId, access: 'write' });
    const columns = columnsFrom(input, person, person.country);
    return toPerson(await updatePerson(tx, person.id, columns, options.now()));
  });
}

/**
 * GET /person/{id}/registered-address (issue 38): the population register's address of the person, for the
 * apply journey to show for confirmation after the e-ID. Only the person themself asks (a register lookup
 * is theirs to make, not staff's or anyone else's: 404 as for any person not theirs). No register (in
 * production until one is configured) or none to give: Address null, and the applicant types it.
 */
export async function registeredAddress(options: {
  db: Db;
  caller: Caller;
  personId: string;
  register: PopulationRegister | undefined;
}): Promise<RegisteredAddress> {
  const { db, caller, personId, register } = options;
  if (caller.kind === 'staff') throw notFound();
  const person = await loadPersonForCaller({ db, caller, personId, access: 'read' });
  const country = person.country as Country;
  const found = register ? await register.addressOf({ country, nationalId: person.nationalId }) : undefined;
  return {
    Register: registerNames[country],
    Address: found?.status === 'found' ? found.address : null,
  };
}

/**
 * The names the e-ID vouched for (its given_name and family_name claims), on a person who has none yet:
 * the apply journey then shows them instead of asking. Names the person has saved are kept.
 */
export async function takeNamesFromEid(
  db: Executor,
  person: PersonRow,
  names: { givenName?: string | undefined; familyName?: string | undefined },
  now: Date,
): Promise<PersonRow> {
  const clean = (value: string | undefined) => {
    const trimmed = value?.trim();
    return trimmed && trimmed.length <= 100 ? trimmed : undefined;
  };
  const firstName = person.firstName ? undefined : clean(names.givenName);
  const lastName = person.lastName ? undefined : clean(names.familyName);
  if (!firstName && !lastName) return person;
  return updatePerson(
    db,
    person.id,
    { ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}) },
    now,
  );
}
