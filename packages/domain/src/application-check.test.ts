import { describe, expect, it } from 'vitest';
import {
  type ApplicantDetails,
  type CheckCandidate,
  checkApplication,
  conditionalApplicantFields,
} from './application-check.ts';
import { getBrand } from './brands/registry.ts';

const completeApplicant = {
  MaritalStatus: 'Single',
  Education: 'Higher education',
  LivingSituation: 'Rental',
  HousingType: 'Apartment building',
  HousingCostMonthly: 9000,
  ChildrenCount: 0,
  EmploymentType: 'Permanent',
  EmployerName: 'Fjord Tech AS',
  EmploymentStart: '2018-08-01',
  Industry: 'Information and communication',
  JobLevel: 'Employee',
  GrossYearlyIncome: 650000,
  NetMonthlyIncome: 38000,
  MainBank: 'DNB',
  IsPoliticallyExposed: false,
} as const satisfies ApplicantDetails;

const complete: CheckCandidate = {
  product: 'UnsecuredLoan',
  brand: 'no-main',
  amount: 150000,
  duration: 5,
  loanPurpose: 'Renovation',
  applicantMode: 'Normal',
  main: completeApplicant,
  co: null,
  hasCoApplicantPerson: false,
};
const fields = (candidate: CheckCandidate) => checkApplication(candidate).Errors.map((error) => error.Field);

describe('checkApplication', () => {
  it('passes a complete application', () => {
    expect(checkApplication(complete)).toEqual({ Valid: true, Errors: [] });
  });

  it('applies the brand bounds (§5, §9)', () => {
    expect(fields({ ...complete, amount: 5000, duration: 30 })).toEqual(['Amount', 'Duration']);
  });

  it('asks a credit card for no duration and no purpose', () => {
    expect(
      fields({ ...complete, product: 'CreditCard', amount: 50000, duration: null, loanPurpose: null }),
    ).toEqual([]);
  });

  it('asks for employer and start for the employed, an end for a fixed term, nothing of the kind for a pensioner', () => {
    const { EmployerName: _e, EmploymentStart: _s, ...withoutEmployer } = completeApplicant;
    expect(fields({ ...complete, main: withoutEmployer })).toEqual([
      'MainApplicant.EmployerName',
      'MainApplicant.EmploymentStart',
    ]);
    expect(fields({ ...complete, main: { ...completeApplicant, EmploymentType: 'Temporary' } })).toEqual([
      'MainApplicant.EmploymentEnd',
    ]);
    expect(
      fields({
        ...complete,
        main: { ...withoutEmployer, EmploymentType: 'Pensioner', Industry: null, JobLevel: null },
      }),
    ).toEqual([]);
  });

  it('catches a net income above the gross', () => {
    expect(fields({ ...complete, main: { ...completeApplicant, NetMonthlyIncome: 60000 } })).toEqual([
      'MainApplicant.NetMonthlyIncome',
    ]);
  });

  it('needs a co-applicant for SwapApplicants and OnlyCoApplicant, and a complete one when there is one', () => {
    expect(fields({ ...complete, applicantMode: 'SwapApplicants' })).toEqual(['CoApplicant']);
    expect(fields({ ...complete, hasCoApplicantPerson: true, co: completeApplicant })).toEqual([]);
    expect(fields({ ...complete, hasCoApplicantPerson: true, co: { NetMonthlyIncome: 1 } })).toContain(
      'CoApplicant.EmploymentType',
    );
    expect(
      fields({
        ...complete,
        applicantMode: 'OnlyCoApplicant',
        main: null,
        hasCoApplicantPerson: true,
        co: completeApplicant,
      }),
    ).toEqual([]);
  });

  it('reports an unknown brand and missing basics', () => {
    expect(
      fields({ ...complete, brand: 'nowhere', product: undefined, amount: undefined, duration: undefined }),
    ).toEqual(['Product', 'Brand', 'Amount']);
  });

  it('keeps the API messages and field names (§8 bad-result fields)', () => {
    expect(
      checkApplication({
        ...complete,
        main: { ...completeApplicant, EmploymentType: 'Temporary', EmploymentEnd: '2017-01-01' },
      }).Errors,
    ).toEqual([{ Field: 'MainApplicant.EmploymentEnd', Message: 'EmploymentEnd is before EmploymentStart' }]);
    expect(checkApplication({ ...complete, loanPurpose: null }).Errors).toEqual([
      { Field: 'LoanPurpose', Message: 'LoanPurpose is required' },
    ]);
  });
});

describe('conditionalApplicantFields (the rules the web form shares)', () => {
  const flags = getBrand('no-main').unsecuredLoan.optionalFields;

  it('asks employer, start and (for a fixed term) end of the employed only', () => {
    const permanent = conditionalApplicantFields(flags, 'UnsecuredLoan', {
      employmentType: 'Permanent',
      maritalStatus: 'Single',
    });
    expect([permanent.EmployerName, permanent.EmploymentStart, permanent.EmploymentEnd]).toEqual([
      true,
      true,
      false,
    ]);
    expect(
      conditionalApplicantFields(flags, 'UnsecuredLoan', { employmentType: 'Project', maritalStatus: null })
        .EmploymentEnd,
    ).toBe(true);
    const pensioner = conditionalApplicantFields(
      { ...flags, alwaysAskEmploymentStart: false },
      'UnsecuredLoan',
      { employmentType: 'Pensioner', maritalStatus: null },
    );
    expect([pensioner.EmployerName, pensioner.EmploymentStart, pensioner.Industry]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('asks the housing type of a secured loan whatever the flags, and the partner cost of a shared household', () => {
    const none = { ...flags, hasApartmentType: false, hasPartnerLivingCostMonthly: true };
    const answers = { employmentType: 'Permanent', maritalStatus: 'Married' };
    expect(conditionalApplicantFields(none, 'UnsecuredLoan', answers).HousingType).toBe(false);
    expect(conditionalApplicantFields(none, 'SecuredLoan', answers).HousingType).toBe(true);
    expect(conditionalApplicantFields(none, 'UnsecuredLoan', answers).PartnerLivingCostMonthly).toBe(true);
    expect(
      conditionalApplicantFields(none, 'UnsecuredLoan', { ...answers, maritalStatus: 'Single' })
        .PartnerLivingCostMonthly,
    ).toBe(false);
  });
});
