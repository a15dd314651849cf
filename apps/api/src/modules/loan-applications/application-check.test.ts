import { describe, expect, it } from 'vitest';
import { type CheckCandidate, checkApplication } from './application-check.ts';
import { completeApplicant } from './test-fixtures.ts';

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
});
