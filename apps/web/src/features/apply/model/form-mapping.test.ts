import type { Debt, Expense } from '@nordloan/domain/loan-application';
import { describe, expect, it } from 'vitest';
import {
  applyStepIds,
  applyStepsFor,
  employmentToApplicant,
  householdToApplicant,
  planDebts,
  planExpenses,
  resumeStep,
} from './form-mapping.ts';

const debt = (over: Partial<Debt>): Debt => ({
  ID: 'd1',
  LoanApplicationID: 'a',
  OwnerRole: 'MainApplicant',
  DebtType: 'Car',
  Source: 1,
  Creditor: null,
  Balance: 1000,
  CreditLimit: null,
  MonthlyPayment: null,
  InterestRate: null,
  RemainingTermMonths: null,
  IsRefinanced: false,
  ExternalRef: null,
  CreatedAt: '',
  UpdatedAt: '',
  ...over,
});
const expense = (over: Partial<Expense>): Expense => ({
  ID: 'e1',
  LoanApplicationID: 'a',
  OwnerRole: 'MainApplicant',
  CategoryID: 1,
  MonthlyAmount: 500,
  CreatedAt: '',
  UpdatedAt: '',
  ...over,
});

describe('resuming', () => {
  it('continues after the last completed step; a submitted application shows as sent', () => {
    expect(resumeStep({ CurrentStep: 'household', Status: 100 })).toBe('employment');
    expect(resumeStep({ CurrentStep: 'identify', Status: 100 })).toBe('address');
    expect(resumeStep({ CurrentStep: null, Status: 100 })).toBe('address');
    expect(resumeStep({ CurrentStep: 'summary', Status: 100 })).toBe('summary');
    expect(resumeStep({ CurrentStep: 'consent', Status: 160 })).toBe('sent');
    expect(applyStepIds.every((step) => /^[a-z][a-z0-9-]{0,63}$/.test(step))).toBe(true);
  });

  it('a secured loan has the property step after the economy; other products do not', () => {
    expect(resumeStep({ CurrentStep: 'economy', Status: 100, Product: 'SecuredLoan' })).toBe('property');
    expect(resumeStep({ CurrentStep: 'property', Status: 155, Product: 'SecuredLoan' })).toBe('co-applicant');
    expect(resumeStep({ CurrentStep: 'economy', Status: 100, Product: 'UnsecuredLoan' })).toBe(
      'co-applicant',
    );
    expect(applyStepsFor('SecuredLoan')).toContain('property');
    expect(applyStepsFor('CreditCard')).not.toContain('property');
  });
});

describe('form → API', () => {
  it('the partner cost is sent only where the brand asks and the household is shared', () => {
    const values = {
      maritalStatus: 'Single',
      education: 'High school',
      livingSituation: 'Rental',
      housingType: '',
      housingCostMonthly: 7000,
      partnerLivingCostMonthly: 3000,
      childrenCount: 1,
    } as const;
    expect(householdToApplicant(values, true)).toMatchObject({
      PartnerLivingCostMonthly: null,
      HousingType: null,
    });
    expect(householdToApplicant({ ...values, maritalStatus: 'Married' }, true)).toMatchObject({
      PartnerLivingCostMonthly: 3000,
    });
  });

  it('a change of employment type clears what no longer applies', () => {
    expect(
      employmentToApplicant({
        employmentType: 'Pensioner',
        employerName: 'Old Employer',
        employmentStart: '',
        employmentEnd: '2020-01-01',
        industry: 'Education',
        jobLevel: 'Leader',
        mainBank: '',
        isPoliticallyExposed: 'no',
      }),
    ).toEqual({
      EmploymentType: 'Pensioner',
      EmployerName: null,
      EmploymentStart: null,
      EmploymentEnd: null,
      Industry: null,
      JobLevel: null,
      MainBank: null,
      IsPoliticallyExposed: false,
    });
  });

  it('debts: new rows are created, kept rows changed, removed ones deleted; register debts are left alone', () => {
    const stored = [debt({ ID: 'keep' }), debt({ ID: 'gone' }), debt({ ID: 'register', Source: 2 })];
    const plan = planDebts(stored, [
      { id: 'keep', debtType: 'Car', creditor: 'Bank', balance: 900, monthlyPayment: 100 },
      { debtType: 'CreditCard', creditor: '', balance: 5000, monthlyPayment: null },
    ]);
    expect(plan.remove).toEqual(['gone']);
    expect(plan.change).toEqual([
      { ID: 'keep', DebtType: 'Car', Creditor: 'Bank', Balance: 900, MonthlyPayment: 100 },
    ]);
    expect(plan.create).toEqual([
      {
        OwnerRole: 'MainApplicant',
        Source: 1,
        IsRefinanced: false,
        DebtType: 'CreditCard',
        Creditor: null,
        Balance: 5000,
        MonthlyPayment: null,
      },
    ]);
  });

  it('expenses: one record per §3 category with an amount', () => {
    const plan = planExpenses(
      [expense({ ID: 'tv', CategoryID: 1 }), expense({ ID: 'car', CategoryID: 2, MonthlyAmount: 900 })],
      {
        '1': null,
        '2': 1000,
        '3': 700,
        '4': null,
        '5': 0,
        '6': null,
      },
    );
    expect(plan).toEqual({
      create: [{ OwnerRole: 'MainApplicant', CategoryID: 3, MonthlyAmount: 700 }],
      change: [{ ID: 'car', MonthlyAmount: 1000 }],
      remove: ['tv'],
    });
  });
});
