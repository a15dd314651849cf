// Creating an application (§7 POST /loan-application): whose it is, the brand's country and bounds, the
// one-active rule for applicants, the co-applicant, and revision 1. The integration service creates
// through insertNewApplication too.
import { type BrandConfig, getBrand } from '@nordloan/domain/brands/registry';
import type { Country } from '@nordloan/domain/enums';
import type { CreateLoanApplication, LoanApplication } from '@nordloan/domain/loan-application';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { fieldError, forbidden } from '#src/lib/app-error.ts';
import { describeCaller, isApplicantCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import { applicantValuesFrom, hasApplicantValues, resolveCoApplicantPerson } from './applicant-input.ts';
import { upsertApplicant } from './application-applicant.repository.ts';
import { insertRevision } from './application-revision.repository.ts';
import { insertApplication } from './application-write.repository.ts';
import { presentApplicationTo } from './loan-application.service.ts';
import {
  assertNoOtherActive,
  assertWithinBounds,
  type WriteOptions,
} from './loan-application-change-rules.service.ts';

export interface ApplicationOwner {
  customerId: string | null;
  personId: string | null;
  country: string | null;
}

/** Whose application a create makes: the applicant's own, or (staff) the customer named in the body. */
async function ownerForCreate(
  db: Executor,
  caller: Caller,
  input: CreateLoanApplication,
  brand: BrandConfig,
): Promise<ApplicationOwner> {
  if (caller.kind === 'staff') {
    assertStaffMay(caller, 'application.create', brand.country);
    if (!input.CustomerID)
      throw fieldError('CustomerID', 'CustomerID is required when staff create an application');
    const customer = await findCustomerById(db, input.CustomerID);
    if (!customer) throw fieldError('CustomerID', 'Unknown customer');
    return { customerId: customer.id, personId: customer.personId, country: customer.country };
  }
  if (input.CustomerID !== undefined && input.CustomerID !== caller.customerId) {
    throw forbidden('You may create applications only for yourself');
  }
  if (input.LegacyID !== undefined) throw fieldError('LegacyID', 'Only staff may set LegacyID');
  const customer = caller.customerId ? await findCustomerById(db, caller.customerId) : undefined;
  const personId = caller.personId ?? customer?.personId ?? null;
  const person = personId ? await findPersonById(db, personId) : undefined;
  return {
    customerId: customer?.id ?? null,
    personId,
    country: customer?.country ?? person?.country ?? null,
  };
}

export async function createApplication(
  options: WriteOptions & { input: CreateLoanApplication },
): Promise<LoanApplication> {
  const { db, caller, input } = options;
  const brand = getBrand(input.Brand);
  const row = await db.transaction(async (tx) => {
    const owner = await ownerForCreate(tx, caller, input, brand);
    return insertNewApplication(tx, {
      caller,
      owner,
      input,
      brand,
      enforceOneActive: isApplicantCaller(caller),
      now: options.now(),
    });
  });
  return presentApplicationTo(db, caller, row);
}

/** Creates an application for `owner` after the shared checks; also used by the integration service. */
export async function insertNewApplication(
  tx: Executor,
  options: {
    caller: Caller;
    owner: ApplicationOwner;
    input: CreateLoanApplication;
    brand: BrandConfig;
    enforceOneActive: boolean;
    now: Date;
    clientId?: string | null;
    changedBy?: string;
  },
): Promise<LoanApplicationRow> {
  const { caller, owner, input, brand, now } = options;
  if (owner.country && owner.country !== brand.country) {
    throw fieldError(
      'Brand',
      `${brand.name} is a ${brand.country} brand; the customer is in ${owner.country}`,
    );
  }
  const duration = input.Product === 'CreditCard' ? null : (input.Duration ?? null);
  assertWithinBounds(brand, input.Product, input.Amount, duration);
  if (options.enforceOneActive) await assertNoOtherActive(tx, owner, input.Product);

  const coApplicantPersonId = input.CoApplicant
    ? await resolveCoApplicantPerson({
        db: tx,
        caller,
        country: brand.country as Country,
        input: input.CoApplicant,
        mainPersonId: owner.personId,
      })
    : undefined;
  const row = await insertApplication(tx, {
    product: input.Product,
    brand: brand.brand,
    country: brand.country,
    customerId: owner.customerId,
    personId: owner.personId,
    coApplicantPersonId: coApplicantPersonId ?? null,
    clientId: options.clientId ?? null,
    legacyId: input.LegacyID ?? null,
    applicantMode: input.ApplicantMode ?? 'Normal',
    amount: input.Amount,
    durationYears: duration,
    loanPurpose: input.LoanPurpose ?? null,
    data: input.Data ?? {},
    createdAt: now,
    updatedAt: now,
  });
  await upsertApplicant(
    tx,
    row.id,
    'MainApplicant',
    { personId: owner.personId, ...applicantValuesFrom(input.MainApplicant ?? {}) },
    now,
  );
  if (coApplicantPersonId || (input.CoApplicant && hasApplicantValues(input.CoApplicant))) {
    await upsertApplicant(
      tx,
      row.id,
      'CoApplicant',
      { personId: coApplicantPersonId ?? null, ...applicantValuesFrom(input.CoApplicant ?? {}) },
      now,
    );
  }
  await insertRevision(tx, {
    application: row,
    changedBy: options.changedBy ?? describeCaller(caller),
    reason: 'created',
    now,
  });
  return row;
}
