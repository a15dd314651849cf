import type { Country } from '@nordloan/domain/enums';
import type { ApplicantDetailsInput, CoApplicantInput } from '@nordloan/domain/loan-application';
import { validateNationalId } from '@nordloan/domain/national-id';
import type { Executor } from '#src/db/client.ts';
import { fieldError, forbidden } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findOrCreatePerson, findPersonById } from '#src/modules/persons/person.repository.ts';
import type { ApplicantValues } from './application-applicant.repository.ts';

// The applicant parts of create/PATCH bodies (PascalCase) → applicant rows, and who the co-applicant is.

const columnOf = {
  MaritalStatus: 'maritalStatus',
  Education: 'education',
  LivingSituation: 'livingSituation',
  HousingType: 'housingType',
  HousingCostMonthly: 'housingCostMonthly',
  PartnerLivingCostMonthly: 'partnerLivingCostMonthly',
  ChildrenCount: 'childrenCount',
  EmploymentType: 'employmentType',
  EmployerName: 'employerName',
  EmploymentStart: 'employmentStart',
  EmploymentEnd: 'employmentEnd',
  Industry: 'industry',
  JobLevel: 'jobLevel',
  JobTitle: 'jobTitle',
  GrossYearlyIncome: 'grossYearlyIncome',
  NetMonthlyIncome: 'netMonthlyIncome',
  OtherIncomeMonthly: 'otherIncomeMonthly',
  MainBank: 'mainBank',
  IsPoliticallyExposed: 'isPoliticallyExposed',
} as const satisfies Record<keyof ApplicantDetailsInput, keyof ApplicantValues>;

/** Only the fields that were sent: a PATCH leaves the others alone. */
export function applicantValuesFrom(input: ApplicantDetailsInput): ApplicantValues {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columnOf)) {
    const value = input[field as keyof ApplicantDetailsInput];
    if (value !== undefined) values[column] = value;
  }
  return values as ApplicantValues;
}

export function hasApplicantValues(input: ApplicantDetailsInput): boolean {
  return Object.keys(applicantValuesFrom(input)).length > 0;
}

/**
 * The person a CoApplicant body names: by national identity number (validated for the application's
 * country; found or created), or — staff only — by an existing PersonID. Undefined when it names no one.
 */
export async function resolveCoApplicantPerson(options: {
  db: Executor;
  caller: Caller;
  country: Country;
  input: CoApplicantInput;
  mainPersonId: string | null;
}): Promise<string | undefined> {
  const { db, caller, country, input, mainPersonId } = options;
  let personId: string | undefined;
  if (input.PersonID !== undefined) {
    if (caller.kind !== 'staff') throw forbidden('Only staff may name a co-applicant by PersonID');
    const person = await findPersonById(db, input.PersonID);
    if (!person) throw fieldError('CoApplicant.PersonID', 'Unknown person');
    personId = person.id;
  } else if (input.NationalID !== undefined) {
    const checked = validateNationalId(country, input.NationalID);
    if (!checked.valid) throw fieldError('CoApplicant.NationalID', checked.message);
    // Found or created, never updated: an existing person's contact data stays theirs. Only staff may
    // give a new person names and contact data; from an applicant the co-applicant's Email/Phone would
    // let anyone claim another's identity (a later magic link would go to the applicant's address).
    // The web app keeps the contact it shows in Data.CoApplicantContact instead.
    const contact =
      caller.kind === 'staff'
        ? {
            firstName: input.FirstName ?? null,
            lastName: input.LastName ?? null,
            email: input.Email ?? null,
            phone: input.Phone ?? null,
          }
        : {};
    const person = await findOrCreatePerson(db, {
      country,
      nationalId: checked.normalized,
      birthDate: checked.birthDate,
      ...contact,
    });
    personId = person.id;
  }
  if (personId !== undefined && personId === mainPersonId) {
    throw fieldError('CoApplicant', 'The co-applicant cannot be the main applicant');
  }
  return personId;
}
