import { type BrandConfig, getBrand, isBrandId } from '@nordloan/domain/brands/registry';
import { checkAmountAndDuration } from '@nordloan/domain/brands/unsecured-bounds';
import type { ApplicantMode, EmploymentType, Product } from '@nordloan/domain/enums';
import type { Applicant, ApplicationCheckResult } from '@nordloan/domain/loan-application';
import type { FieldError } from '#src/lib/app-error.ts';

// §7 check/app: what is still missing or wrong before the application can be submitted. Pure: the service
// gathers the candidate (stored application, maybe with posted fields laid over it) and calls this.

type ApplicantDetails = Partial<Omit<Applicant, 'Role' | 'PersonID'>>;

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

// Employment with an employer: lenders verify it (employer, start) against the A-ordning/tax records.
const employedTypes: readonly EmploymentType[] = [
  'PermanentPublic',
  'Permanent',
  'Temporary',
  'Probationary',
  'Project',
  'Hourly',
];
// Employment with an end date.
const fixedTermTypes: readonly EmploymentType[] = ['Temporary', 'Probationary', 'Project'];
// Where a partner shares the household costs (brand flag hasPartnerLivingCostMonthly).
const sharedHouseholdStatuses = ['Married', 'Cohabiting'];

function missing(field: string): FieldError {
  return { Field: field, Message: `${field} is required` };
}

function checkApplicant(
  prefix: string,
  details: ApplicantDetails | null,
  brand: BrandConfig | null,
  product: Product | undefined,
): FieldError[] {
  const errors: FieldError[] = [];
  const value = (field: keyof ApplicantDetails) => details?.[field] ?? null;
  const require = (field: keyof ApplicantDetails) => {
    if (value(field) === null) errors.push(missing(`${prefix}.${field}`));
  };
  for (const field of [
    'MaritalStatus',
    'Education',
    'LivingSituation',
    'HousingCostMonthly',
    'ChildrenCount',
    'EmploymentType',
    'GrossYearlyIncome',
    'NetMonthlyIncome',
  ] as const) {
    require(field);
  }
  const flags = brand?.unsecuredLoan.optionalFields;
  const employment = value('EmploymentType') as EmploymentType | null;
  const employed = employment !== null && employedTypes.includes(employment);
  if (employed) require('EmployerName');
  if (employed || (flags?.alwaysAskEmploymentStart && employment !== null)) require('EmploymentStart');
  if (employment !== null && fixedTermTypes.includes(employment)) require('EmploymentEnd');
  if (employed && flags?.hasEmployerIndustry) require('Industry');
  if (employed && flags?.hasJobPosition) require('JobLevel');
  if (flags?.hasMainBank) require('MainBank');
  if (flags?.hasPoliticallyInfluential) require('IsPoliticallyExposed');
  if (product === 'SecuredLoan' || flags?.hasApartmentType) require('HousingType');
  if (
    flags?.hasPartnerLivingCostMonthly &&
    sharedHouseholdStatuses.includes(String(value('MaritalStatus')))
  ) {
    require('PartnerLivingCostMonthly');
  }
  const start = value('EmploymentStart');
  const end = value('EmploymentEnd');
  if (typeof start === 'string' && typeof end === 'string' && end < start) {
    errors.push({ Field: `${prefix}.EmploymentEnd`, Message: 'EmploymentEnd is before EmploymentStart' });
  }
  const gross = value('GrossYearlyIncome');
  const net = value('NetMonthlyIncome');
  if (typeof gross === 'number' && typeof net === 'number' && net * 12 > gross) {
    errors.push({
      Field: `${prefix}.NetMonthlyIncome`,
      Message: 'NetMonthlyIncome × 12 is more than GrossYearlyIncome',
    });
  }
  return errors;
}

export function checkApplication(candidate: CheckCandidate): ApplicationCheckResult {
  const errors: FieldError[] = [];
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
  if (
    (candidate.product === 'UnsecuredLoan' || candidate.product === 'SecuredLoan') &&
    !candidate.loanPurpose
  ) {
    errors.push(missing('LoanPurpose'));
  }

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
