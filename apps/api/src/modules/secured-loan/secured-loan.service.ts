import { type RealEstate, realEstateOwnershipTypeSchema } from '@nordloan/domain/backoffice-assets';
import { getBrand } from '@nordloan/domain/brands/registry';
import { type Country, propertyHousingTypeSchema } from '@nordloan/domain/enums';
import {
  loanToValuePercent,
  type SecuredProperty,
  type SecuredPropertyInput,
  securedLoanDocumentNeeds,
  securedLoanProblems,
  valueForLoanToValue,
} from '@nordloan/domain/secured-loan';
import { applicationStatus, statusGroups } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { badRequest, conflict, notFound } from '#src/lib/app-error.ts';
import { loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findDocuments } from '#src/modules/documents/document.repository.ts';
import type { PropertyLookupResult, PropertyRegister } from './property-register.ts';
import { toRealEstate } from './real-estate.mapper.ts';
import {
  insertRealEstate,
  linkRealEstate,
  listRealEstateForApplication,
  listRealEstateForPerson,
  type RealEstateRow,
  updateRealEstate,
} from './real-estate.repository.ts';

// Secured loans (issue 10, docs/decisions/0027): the home the loan is secured on, looked up in the property
// register, its loan-to-value, and the §3 case documents. The property is the application's one linked
// real_estate row (source Applicant: the applicant told us the address; the register's answer sits beside).

export const securedLoanMessages = {
  notSecured: 'Only a secured loan has a property',
  sent: 'The property can no longer be changed once the application is sent',
  noPerson: 'The application has no main applicant yet',
  noProperty: 'The application has no property yet',
} as const;

/** §4 statuses in which the applicant still fills in the form (Editable, or a clone) and may change the property. */
const changeableStatuses: readonly number[] = [...statusGroups.Editable, applicationStatus.cloned];

function streetNumberOf(row: RealEstateRow): string {
  return `${row.streetNumber ?? ''}${row.streetLetter ?? ''}`;
}

function hasCoApplicant(application: LoanApplicationRow): boolean {
  return application.coApplicantPersonId !== null && application.applicantMode !== 'OnlyMainApplicant';
}

function maxLoanToValueOf(application: LoanApplicationRow): number {
  return getBrand(application.brand).securedLoan?.maxLoanToValuePercent ?? 0;
}

/**
 * The values of a property row: the register's (when it answered), the applicant's estimate, and the value
 * lent against — a value staff approved after a valuation report wins (ADR 0027). A row a valuation
 * provider wrote before the secured-loan journey existed has no lookup status: valued if it has a value.
 */
function valuationOf(row: RealEstateRow) {
  const lookupStatus = (row.lookupStatus ??
    (row.totalMarketValueEstimate !== null ? 'success' : 'requested')) as SecuredProperty['LookupStatus'];
  const registerValue = lookupStatus === 'success' ? row.totalMarketValueEstimate : null;
  const estimate = row.applicantValueEstimate ?? registerValue ?? 0;
  const valueUsed = row.totalMarketValueEstimateApproved ?? valueForLoanToValue(registerValue, estimate);
  return { lookupStatus, registerValue, estimate, valueUsed };
}

/** The application's property as the API answers it: values, loan-to-value and the documents it needs. */
export async function presentProperty(
  db: Executor,
  application: LoanApplicationRow,
  row: RealEstateRow,
): Promise<SecuredProperty> {
  const { registerValue, estimate, valueUsed, lookupStatus } = valuationOf(row);
  const commonDebt = row.cooperativeCommonDebt ?? 0;
  const loanToValue =
    application.amount === null
      ? null
      : loanToValuePercent({
          loanAmount: application.amount,
          cooperativeCommonDebt: commonDebt,
          propertyValue: valueUsed,
        });
  const maxLoanToValue = maxLoanToValueOf(application);
  const documents = await findDocuments(db, application.id);
  return {
    ID: row.id,
    LoanApplicationID: application.id,
    Street: row.streetName ?? '',
    StreetNumber: streetNumberOf(row),
    Postcode: row.postcode ?? '',
    Municipality: row.municipality ?? '',
    // A row staff or a valuation provider wrote may carry a type outside the §3 lists: shown as unknown.
    PropertyType: propertyHousingTypeSchema.safeParse(row.realEstateType).data ?? null,
    OwnershipType: realEstateOwnershipTypeSchema.safeParse(row.ownershipType).data ?? null,
    EstimatedValue: estimate,
    ExistingMortgage: row.existingMortgage ?? 0,
    CooperativeCommonDebt: commonDebt,
    LookupStatus: lookupStatus,
    LookupMessage: row.lookupMessage,
    RegisterValue: registerValue,
    ValueUsed: valueUsed,
    LoanToValue: loanToValue,
    MaxLoanToValue: maxLoanToValue,
    WithinLimit: loanToValue !== null && loanToValue <= maxLoanToValue,
    DocumentRequirements: securedLoanDocumentNeeds({
      hasCoApplicant: hasCoApplicant(application),
      lookupStatus,
    }).map((need) => ({
      ...need,
      Received: documents.some(
        (document) => document.category === need.Category && document.owner === need.Owner,
      ),
    })),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

async function propertyRowOf(db: Executor, applicationId: string): Promise<RealEstateRow | undefined> {
  const rows = await listRealEstateForApplication(db, applicationId);
  return rows[0];
}

function splitStreetNumber(value: string): { streetNumber: string; streetLetter: string | null } {
  const match = /^(\d+)([A-Za-z]?)$/.exec(value.trim());
  return {
    streetNumber: match?.[1] ?? value.trim(),
    streetLetter: match?.[2] ? match[2].toUpperCase() : null,
  };
}

/** What the register's answer changes on the row. */
function lookupChanges(result: PropertyLookupResult): Partial<RealEstateRow> {
  if (result.status !== 'success') {
    return {
      lookupStatus: result.status,
      lookupMessage: result.message,
      totalMarketValueEstimate: null,
      estimatedValueReferenceNumber: null,
    };
  }
  return {
    lookupStatus: 'success',
    lookupMessage: null,
    totalMarketValueEstimate: result.marketValue,
    estimatedValueReferenceNumber: result.reference,
    cadastreGNumber: result.cadastre.g,
    cadastreBNumber: result.cadastre.b,
    cadastreFNumber: result.cadastre.f,
    cadastreSNumber: result.cadastre.s,
    primaryLivingArea: result.primaryLivingArea,
    marketScoreArea: result.marketScoreArea,
  };
}

/**
 * PUT /loan-application/{id}/property: stores what the applicant says about the home, asks the register
 * (the row reads `requested` while it is asked, so a lost answer shows as one), and answers the property
 * with its loan-to-value. Saving again replaces the answers and asks the register again.
 */
export async function saveProperty(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  input: SecuredPropertyInput;
  register: PropertyRegister;
  now: () => Date;
}): Promise<SecuredProperty> {
  const { db, caller, input, register, now } = options;
  const application = await loadApplicationForCaller({
    db,
    caller,
    applicationId: options.applicationId,
    access: 'write',
  });
  if (application.product !== 'SecuredLoan') throw conflict(securedLoanMessages.notSecured);
  if (!changeableStatuses.includes(application.status)) throw conflict(securedLoanMessages.sent);
  if (!application.personId) throw conflict(securedLoanMessages.noPerson);
  const answers = {
    streetName: input.Street,
    ...splitStreetNumber(input.StreetNumber),
    postcode: input.Postcode,
    municipality: input.Municipality,
    realEstateType: input.PropertyType,
    ownershipType: input.OwnershipType,
    applicantValueEstimate: input.EstimatedValue,
    existingMortgage: input.ExistingMortgage,
    cooperativeCommonDebt: input.CooperativeCommonDebt,
    lookupStatus: 'requested',
    lookupMessage: null,
  };
  const requested = await db.transaction(async (tx) => {
    const existing = await propertyRowOf(tx, application.id);
    if (existing) return (await updateRealEstate(tx, existing.id, answers, now()))!;
    const row = await insertRealEstate(tx, {
      personId: application.personId!,
      source: 'Applicant',
      ...answers,
      createdAt: now(),
      updatedAt: now(),
    });
    await linkRealEstate(tx, { loanApplicationId: application.id, realEstateId: row.id, now: now() });
    return row;
  });

  // Outside the transaction: the register may take seconds, and no lock should wait on it.
  let result: PropertyLookupResult;
  try {
    result = await register.lookUp({
      country: application.country as Country,
      street: input.Street,
      streetNumber: input.StreetNumber,
      postcode: input.Postcode,
      municipality: input.Municipality,
    });
  } catch {
    result = {
      status: 'error',
      message: 'The property register did not answer; try again in a little while',
    };
  }
  const answered = (await updateRealEstate(db, requested.id, lookupChanges(result), now())) ?? requested;
  return presentProperty(db, application, answered);
}

/** GET /loan-application/{id}/property; 404 until the applicant has told us about the property. */
export async function getProperty(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
}): Promise<SecuredProperty> {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  if (application.product !== 'SecuredLoan') throw conflict(securedLoanMessages.notSecured);
  const row = await propertyRowOf(options.db, application.id);
  if (!row) throw notFound(securedLoanMessages.noProperty);
  return presentProperty(options.db, application, row);
}

/**
 * Submission rule of a secured loan (called by application-complete in its transaction): a property, an
 * amount that pays off the existing mortgage, and loan-to-value within the brand's ceiling. 400 with the
 * §8 field errors otherwise.
 */
export async function assertSecuredLoanReady(tx: Executor, application: LoanApplicationRow): Promise<void> {
  if (application.product !== 'SecuredLoan') return;
  const row = await propertyRowOf(tx, application.id);
  const property = row ? await presentProperty(tx, application, row) : null;
  const problems = securedLoanProblems({ amount: application.amount, property });
  if (problems.length > 0) {
    throw badRequest(
      problems[0]!.Message,
      problems.map((problem) => ({ Field: problem.Field, Message: problem.Message })),
    );
  }
}

/** What a lender sees of the property: the value it lends against and a cooperative flat's common debt. */
export async function securedPropertyForLender(
  db: Executor,
  applicationId: string,
): Promise<{ value: number; cooperativeCommonDebt: number } | null> {
  const row = await propertyRowOf(db, applicationId);
  if (!row) return null;
  const { valueUsed } = valuationOf(row);
  if (valueUsed <= 0) return null;
  return {
    value: valueUsed,
    cooperativeCommonDebt: row.cooperativeCommonDebt ?? 0,
  };
}

/** The properties a person owns or is linked to, as §3 RealEstate (the back office's 360° view). */
export async function realEstateOfPerson(db: Executor, personId: string): Promise<RealEstate[]> {
  return (await listRealEstateForPerson(db, personId)).map(toRealEstate);
}
