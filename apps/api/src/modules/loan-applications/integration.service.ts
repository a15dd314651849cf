import { getBrand } from '@nordloan/domain/brands/registry';
import type { Country } from '@nordloan/domain/enums';
import type {
  IntegrationCreate,
  IntegrationReapply,
  LoanApplication,
} from '@nordloan/domain/loan-application';
import { validateNationalId } from '@nordloan/domain/national-id';
import type { Config } from '#src/config.ts';
import type { Executor } from '#src/db/client.ts';
import { fieldError, forbidden, serviceUnavailable } from '#src/lib/app-error.ts';
import { describeCaller, isApplicantCaller, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import {
  findCustomerById,
  findCustomerByPersonId,
  insertCustomer,
} from '#src/modules/customers/customer.repository.ts';
import { findOrCreatePerson } from '#src/modules/persons/person.repository.ts';
import { presentApplication } from './loan-application.service.ts';
import type { WriteOptions } from './loan-application-change-rules.service.ts';
import { cloneApplication } from './loan-application-clone.service.ts';
import { type ApplicationOwner, insertNewApplication } from './loan-application-create.service.ts';

// §7 integration service: POST v1/loan-application/ (application, customer, optional person) and
// POST v1/loan-application/reapply/{id}. Without an integration URL both fail like the spec's client does
// (§8 'Error: Integration URL is missing'); with one, the work is done in-process (docs/decisions/0007).

export const INTEGRATION_URL_MISSING_MESSAGE = 'Error: Integration URL is missing';

export function assertIntegrationConfigured(config: Config): void {
  if (!config.integrationUrl) throw serviceUnavailable(INTEGRATION_URL_MISSING_MESSAGE);
}

/**
 * Re-apply's checks before the body is read: the caller may reach the application it names (404/403 as
 * everywhere, ADR 0006), then the integration URL (503). Ownership comes first, so another customer's id
 * answers as an unknown one and never says whether an integration would have been called (issue 32).
 */
export async function assertMayReapply(options: {
  db: Executor;
  caller: Caller;
  config: Config;
  id: string;
}): Promise<void> {
  const { caller } = options;
  const source = await loadApplicationForCaller({
    db: options.db,
    caller,
    applicationId: options.id,
    access: 'read',
  });
  if (caller.kind === 'staff') assertStaffMay(caller, 'application.clone', source.country);
  assertIntegrationConfigured(options.config);
}

/**
 * Applicants create for themselves (the payload's customer must be theirs); partners and services
 * (application.integrate) for the customer the payload names, found by ID or by the person's national
 * id (created when new). The one-active-application rule holds for every integration create.
 */
export async function integrationCreate(
  options: WriteOptions & { config: Config; input: IntegrationCreate },
): Promise<LoanApplication> {
  const { db, caller, input } = options;
  const brand = getBrand(input.application.Brand);
  // Whom the caller may create for comes before the integration (issue 32): naming another customer is a
  // 403 whether or not an integration URL is configured.
  assertMayCreateFor(caller, input, brand.country as Country);
  assertIntegrationConfigured(options.config);
  const row = await db.transaction(async (tx) => {
    const owner = await integrationOwner(tx, caller, input, brand.brand, brand.country as Country);
    return insertNewApplication(tx, {
      caller,
      owner,
      input: input.application,
      brand,
      enforceOneActive: true,
      now: options.now(),
      changedBy: `integration:${describeCaller(caller)}`,
    });
  });
  return presentApplication(db, row);
}

/** Applicants create only for themselves; staff need application.integrate in the brand's country. */
function assertMayCreateFor(caller: Caller, input: IntegrationCreate, country: Country): void {
  if (isApplicantCaller(caller)) {
    if (input.application.LegacyID !== undefined)
      throw fieldError('application.LegacyID', 'Only staff may set LegacyID');
    if (input.customer.ID !== undefined && input.customer.ID !== caller.customerId) {
      throw forbidden('You may create applications only for yourself');
    }
    return;
  }
  assertStaffMay(caller, 'application.integrate', country);
}

async function integrationOwner(
  tx: Executor,
  caller: Caller,
  input: IntegrationCreate,
  brandId: string,
  country: Country,
): Promise<ApplicationOwner> {
  assertMayCreateFor(caller, input, country);
  if (isApplicantCaller(caller)) {
    const customer = caller.customerId ? await findCustomerById(tx, caller.customerId) : undefined;
    return {
      customerId: customer?.id ?? null,
      personId: caller.personId ?? customer?.personId ?? null,
      country: customer?.country ?? null,
    };
  }
  if (input.customer.ID) {
    const customer = await findCustomerById(tx, input.customer.ID);
    if (!customer) throw fieldError('customer.ID', 'Unknown customer');
    return { customerId: customer.id, personId: customer.personId, country: customer.country };
  }
  if (!input.person) throw fieldError('person', 'person is required when customer.ID is not given');
  const checked = validateNationalId(country, input.person.NationalID);
  if (!checked.valid) throw fieldError('person.NationalID', checked.message);
  const person = await findOrCreatePerson(tx, {
    country,
    nationalId: checked.normalized,
    birthDate: checked.birthDate,
    firstName: input.person.FirstName ?? null,
    lastName: input.person.LastName ?? null,
    email: input.person.Email ?? input.customer.Email ?? null,
    phone: input.person.Phone ?? input.customer.Phone ?? null,
  });
  const customer =
    (await findCustomerByPersonId(tx, person.id)) ??
    (await insertCustomer(tx, {
      personId: person.id,
      brand: brandId,
      country,
      email: input.customer.Email ?? input.person.Email ?? null,
      phone: input.customer.Phone ?? input.person.Phone ?? null,
    }));
  return { customerId: customer.id, personId: person.id, country: customer.country };
}

/** Re-apply: a clone of an application the caller may reach, with the given fields changed. */
export async function integrationReapply(
  options: WriteOptions & { config: Config; id: string; input: IntegrationReapply },
): Promise<LoanApplication> {
  assertIntegrationConfigured(options.config);
  return cloneApplication({
    db: options.db,
    caller: options.caller,
    now: options.now,
    id: options.id,
    cloneOrigin: 'Cloned',
    changes: options.input.application,
    reason: 'reapplied',
  });
}
