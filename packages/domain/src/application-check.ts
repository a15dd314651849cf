import type { BrandConfig, OptionalFields } from './brands/brand-config.schema.ts';
import { getBrand, isBrandId } from './brands/registry.ts';
import { checkAmountAndDuration } from './brands/unsecured-bounds.ts';
import type { ApplicantMode, EmploymentType, Product } from './enums.ts';
import type { Applicant, ApplicationCheckResult } from './loan-application.ts';

// §7 check/app: what is still missing or wrong before the application can be submitted. One set of rules
// for the API (POST/GET /loan-application/check/app and the submit) and the web form (which shows the same
// gaps on the step where they can be fixed). Messages and field names are the API's contract; the web maps
// the rules onto its own translated messages. Pure: callers gather the candidate.

export type ApplicantDetails = Partial<Omit<Applicant, 'Role' | 'PersonID'>>;

export interface CheckCandidate {
  product: Product | undefined;
  brand: string | undefined;
  amount: number | null | undefined;
  duration: number | null | undefined;
  loanPurpose: string | null | undefined;
  applicantMode: ApplicantMode;
  main: ApplicantDetails | null;
  co: ApplicantDetails | null;
  hasCoApplicantPerson: boolean;
}

export interface CheckFieldError {
  Field: string;
  Message: string;
}

// Employment with an employer: lenders verify it (employer, start) against the A-ordning/tax records.
export const employedTypes = [
  'PermanentPublic',
  'Permanent',
  'Temporary',
  'Probationary',
  'Project',
  'Hourly',
] as const satisfies readonly EmploymentType[];
// Employment with an end date.
export const fixedTermTypes = [
  'Temporary',
  'Probationary',
  'Project',
] as const satisfies readonly EmploymentType[];
// Where a partner shares the household costs (brand flag hasPartnerLivingCostMonthly).
export const sharedHouseholdStatuses = ['Married', 'Cohabiting'] as const;

export const isEmployed = (type: string | null | undefined): boolean =>
  !!type && (employedTypes as readonly string[]).includes(type);
export const isFixedTerm = (type: string | null | undefined): boolean =>
  !!type && (fixedTermTypes as readonly string[]).includes(type);
export const sharesHousehold = (maritalStatus: string | null | undefined): boolean =>
  !!maritalStatus && (sharedHouseholdStatuses as readonly string[]).includes(maritalStatus);

/** A loan (not a card or a pre-check) needs a purpose: the lenders ask for it. */
export const needsLoanPurpose = (product: Product | undefined): boolean =>
  product === 'UnsecuredLoan' || product === 'SecuredLoan';

/** Net monthly × 12 cannot be more than the gross yearly income. */
export const isNetAboveGross = (grossYearly: number, netMonthly: number): boolean =>
  netMonthly * 12 > grossYearly;

/** Always asked of every applicant. */
export const alwaysRequiredApplicantFields = [
  'MaritalStatus',
  'Education',
  'LivingSituation',
  'HousingCostMonthly',
  'ChildrenCount',
  'EmploymentType',
  'GrossYearlyIncome',
  'NetMonthlyIncome',
] as const satisfies readonly (keyof ApplicantDetails)[];

/** Asked or not depending on the brand's §3 optional-field flags, the product and the applicant's answers. */
export type ConditionalApplicantField =
  | 'EmployerName'
  | 'EmploymentStart'
  | 'EmploymentEnd'
  | 'Industry'
  | 'JobLevel'
  | 'MainBank'
  | 'IsPoliticallyExposed'
  | 'HousingType'
  | 'PartnerLivingCostMonthly';

/** Which conditional fields an applicant must answer, given what they said about work and household. */
export function conditionalApplicantFields(
  flags: OptionalFields | undefined,
  product: Product | undefined,
  answers: { employmentType: string | null | undefined; maritalStatus: string | null | undefined },
): Record<ConditionalApplicantField, boolean> {
  const chosen = !!answers.employmentType;
  const employed = isEmployed(answers.employmentType);
  return {
    EmployerName: employed,
    EmploymentStart: employed || (!!flags?.alwaysAskEmploymentStart && chosen),
    EmploymentEnd: isFixedTerm(answers.employmentType),
    Industry: employed && !!flags?.hasEmployerIndustry,
    JobLevel: employed && !!flags?.hasJobPosition,
    MainBank: !!flags?.hasMainBank,
    IsPoliticallyExposed: !!flags?.hasPoliticallyInfluential,
    HousingType: product === 'SecuredLoan' || !!flags?.hasApartmentType,
    PartnerLivingCostMonthly: !!flags?.hasPartnerLivingCostMonthly && sharesHousehold(answers.maritalStatus),
  };
}

function missing(field: string): CheckFieldError {
  return { Field: field, Message: `${field} is required` };
}

function checkApplicant(
  prefix: string,
  details: ApplicantDetails | null,
  brand: BrandConfig | null,
  product: Product | undefined,
): CheckFieldError[] {
  const errors: CheckFieldError[] = [];
  const value = (field: keyof ApplicantDetails) => details?.[field] ?? null;
  const require = (field: keyof ApplicantDetails) => {
    if (value(field) === null) errors.push(missing(`${prefix}.${field}`));
  };
  for (const field of alwaysRequiredApplicantFields) require(field);
  const conditional = conditionalApplicantFields(brand?.unsecuredLoan.optionalFields, product, {
    employmentType: value('EmploymentType') as string | null,
    maritalStatus: value('MaritalStatus') as string | null,
  });
  for (const [field, asked] of Object.entries(conditional) as [ConditionalApplicantField, boolean][]) {
    if (asked) require(field);
  }
  const start = value('EmploymentStart');
  const end = value('EmploymentEnd');
  if (typeof start === 'string' && typeof end === 'string' && end < start) {
    errors.push({ Field: `${prefix}.EmploymentEnd`, Message: 'EmploymentEnd is before EmploymentStart' });
  }
  const gross = value('GrossYearlyIncome');
  const net = value('NetMonthlyIncome');
  if (typeof gross === 'number' && typeof net === 'number' && isNetAboveGross(gross, net)) {
    errors.push({
      Field: `${prefix}.NetMonthlyIncome`,
      Message: 'NetMonthlyIncome × 12 is more than GrossYearlyIncome',
    });
  }
  return errors;
}

export function checkApplication(candidate: CheckCandidate): ApplicationCheckResult {
  const errors: CheckFieldError[] = [];
  const brand = candidate.brand && isBrandId(candidate.brand) ? getBrand(candidate.brand) : null;
  if (!candidate.product) errors.push(missing('Product'));
  if (!candidate.brand) errors.push(missing('Brand'));
  else if (!brand) errors.push({ Field: 'Brand', Message: 'Unknown brand' });

  if (candidate.amount === null || candidate.amount === undefined) errors.push(missing('Amount'));
  if (brand && candidate.product && candidate.amount !== null && candidate.amount !== undefined) {
    errors.push(
      ...checkAmountAndDuration(brand, candidate.product, candidate.amount, candidate.duration ?? undefined),
    );
  } else if (candidate.product && candidate.product !== 'CreditCard' && !candidate.duration) {
    errors.push(missing('Duration'));
  }
  if (needsLoanPurpose(candidate.product) && !candidate.loanPurpose) errors.push(missing('LoanPurpose'));

  // OnlyCoApplicant: the co-applicant alone carries the application (docs/decisions/0007).
  if (candidate.applicantMode !== 'OnlyCoApplicant') {
    errors.push(...checkApplicant('MainApplicant', candidate.main, brand, candidate.product));
  }
  const needsCoApplicant =
    candidate.applicantMode === 'SwapApplicants' || candidate.applicantMode === 'OnlyCoApplicant';
  if (needsCoApplicant && !candidate.hasCoApplicantPerson) {
    errors.push({
      Field: 'CoApplicant',
      Message: `A co-applicant is required for ${candidate.applicantMode}`,
    });
  }
  if (candidate.hasCoApplicantPerson && candidate.applicantMode !== 'OnlyMainApplicant') {
    errors.push(...checkApplicant('CoApplicant', candidate.co, brand, candidate.product));
  }
  return { Valid: errors.length === 0, Errors: errors };
}
