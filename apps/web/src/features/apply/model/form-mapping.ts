import { isEmployed, isFixedTerm } from '@nordloan/domain/application-check';
import type { Product } from '@nordloan/domain/enums';
import type {
  Applicant,
  ApplicantDetailsInput,
  Debt,
  Expense,
  LoanApplication,
} from '@nordloan/domain/loan-application';
import { stillApplyingStatuses } from '@nordloan/domain/statuses';
import { formChoice } from './form-choices.ts';
import { refinanceDefaults, refinanceFields } from './refinance-row.ts';
import type {
  EconomyInput,
  EconomyOutput,
  EmploymentInput,
  EmploymentOutput,
  HouseholdInput,
  HouseholdOutput,
} from './validation.ts';
import { expenseCategoryIdsInForm } from './validation.ts';

// Between the API's records (PascalCase, numbers, nulls) and the form's values (strings, '' for empty).

/** The journey's steps, in order; the names are what PATCH …/step-complete records (lower-case words). */
export const applyStepIds = [
  'loan',
  'identify',
  'address',
  'household',
  'employment',
  'economy',
  'co-applicant',
  'consent',
  'summary',
] as const;

/** A secured loan adds the home it is secured on, after the applicant's economy (ADR 0027). */
export const securedApplyStepIds = [
  'loan',
  'identify',
  'address',
  'household',
  'employment',
  'economy',
  'property',
  'co-applicant',
  'consent',
  'summary',
] as const;
export type ApplyStepId = (typeof securedApplyStepIds)[number];

/** The steps of a product's journey. */
export function applyStepsFor(product: Product): readonly ApplyStepId[] {
  return product === 'SecuredLoan' ? securedApplyStepIds : applyStepIds;
}

/** Where a returning applicant continues: the step after the last one completed (CurrentStep). */
export function resumeStep(
  application: Pick<LoanApplication, 'CurrentStep' | 'Status'> & Partial<Pick<LoanApplication, 'Product'>>,
): ApplyStepId | 'sent' {
  if (!stillApplyingStatuses.includes(application.Status)) return 'sent';
  const steps = applyStepsFor(application.Product ?? 'UnsecuredLoan');
  const index = steps.indexOf(application.CurrentStep as ApplyStepId);
  if (index < 0) return 'address';
  return steps[Math.min(index + 1, steps.length - 1)]!;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function householdDefaults(applicant: Applicant | null): HouseholdInput {
  return {
    maritalStatus: (applicant?.MaritalStatus ?? '') as HouseholdInput['maritalStatus'],
    education: (applicant?.Education ?? '') as HouseholdInput['education'],
    livingSituation: formChoice(
      'livingSituation',
      applicant?.LivingSituation,
    ) as HouseholdInput['livingSituation'],
    housingType: (applicant?.HousingType ?? '') as HouseholdInput['housingType'],
    housingCostMonthly: text(applicant?.HousingCostMonthly),
    partnerLivingCostMonthly: text(applicant?.PartnerLivingCostMonthly),
    childrenCount: text(applicant?.ChildrenCount),
  };
}

export function householdToApplicant(
  values: HouseholdOutput,
  asksPartnerCost: boolean,
): ApplicantDetailsInput {
  const shares = values.maritalStatus === 'Married' || values.maritalStatus === 'Cohabiting';
  return {
    MaritalStatus: values.maritalStatus as ApplicantDetailsInput['MaritalStatus'],
    Education: values.education as ApplicantDetailsInput['Education'],
    LivingSituation: values.livingSituation as ApplicantDetailsInput['LivingSituation'],
    HousingType: (values.housingType || null) as ApplicantDetailsInput['HousingType'],
    HousingCostMonthly: values.housingCostMonthly,
    PartnerLivingCostMonthly: asksPartnerCost && shares ? values.partnerLivingCostMonthly : null,
    ChildrenCount: values.childrenCount,
  };
}

export function employmentDefaults(applicant: Applicant | null): EmploymentInput {
  const exposed = applicant?.IsPoliticallyExposed;
  return {
    employmentType: formChoice(
      'employmentType',
      applicant?.EmploymentType,
    ) as EmploymentInput['employmentType'],
    employerName: text(applicant?.EmployerName),
    employmentStart: text(applicant?.EmploymentStart),
    employmentEnd: text(applicant?.EmploymentEnd),
    industry: (applicant?.Industry ?? '') as EmploymentInput['industry'],
    jobLevel: formChoice('jobLevel', applicant?.JobLevel) as EmploymentInput['jobLevel'],
    mainBank: text(applicant?.MainBank),
    isPoliticallyExposed: exposed === true ? 'yes' : exposed === false ? 'no' : '',
  };
}

/** Only what the employment type asks is sent; the rest is cleared, so a change of type leaves no stale employer. */
export function employmentToApplicant(values: EmploymentOutput): ApplicantDetailsInput {
  const employed = isEmployed(values.employmentType);
  return {
    EmploymentType: values.employmentType as ApplicantDetailsInput['EmploymentType'],
    EmployerName: employed ? orNull(values.employerName) : null,
    EmploymentStart: orNull(values.employmentStart),
    EmploymentEnd: isFixedTerm(values.employmentType) ? orNull(values.employmentEnd) : null,
    Industry: employed ? ((values.industry || null) as ApplicantDetailsInput['Industry']) : null,
    JobLevel: employed ? ((values.jobLevel || null) as ApplicantDetailsInput['JobLevel']) : null,
    MainBank: orNull(values.mainBank),
    IsPoliticallyExposed: values.isPoliticallyExposed === '' ? null : values.isPoliticallyExposed === 'yes',
  };
}

export function economyDefaults(
  applicant: Applicant | null,
  debts: Debt[],
  expenses: Expense[],
): EconomyInput {
  const expenseFor = (id: string) => expenses.find((expense) => String(expense.CategoryID) === id);
  return {
    grossYearlyIncome: text(applicant?.GrossYearlyIncome),
    netMonthlyIncome: text(applicant?.NetMonthlyIncome),
    otherIncomeMonthly: text(applicant?.OtherIncomeMonthly),
    debts: debts
      .filter((debt) => debt.Source === 1 && debt.OwnerRole === 'MainApplicant')
      .map((debt) => ({
        id: debt.ID,
        debtType: formChoice('debtType', debt.DebtType) as EconomyInput['debts'][number]['debtType'],
        creditor: text(debt.Creditor),
        balance: text(debt.Balance),
        monthlyPayment: text(debt.MonthlyPayment),
        ...refinanceDefaults(debt),
      })),
    expenses: Object.fromEntries(
      expenseCategoryIdsInForm.map((id) => [id, text(expenseFor(id)?.MonthlyAmount)]),
    ) as EconomyInput['expenses'],
  };
}

export function incomeToApplicant(
  values: Pick<EconomyOutput, 'grossYearlyIncome' | 'netMonthlyIncome' | 'otherIncomeMonthly'>,
): ApplicantDetailsInput {
  return {
    GrossYearlyIncome: values.grossYearlyIncome,
    NetMonthlyIncome: values.netMonthlyIncome,
    OtherIncomeMonthly: values.otherIncomeMonthly,
  };
}

export interface SubRecordPlan<Create, Change> {
  create: Create[];
  change: Change[];
  remove: string[];
}

/** What to send so the stored debts become the form's (the applicant's own, source 1). */
export function planDebts(stored: Debt[], rows: EconomyOutput['debts']) {
  const own = stored.filter((debt) => debt.Source === 1 && debt.OwnerRole === 'MainApplicant');
  const kept = new Set(rows.map((row) => row.id).filter(Boolean));
  const fields = (row: EconomyOutput['debts'][number]) => ({
    DebtType: row.debtType as Debt['DebtType'],
    Creditor: orNull(row.creditor),
    Balance: row.balance,
    MonthlyPayment: row.monthlyPayment,
    ...refinanceFields(row),
  });
  return {
    create: rows
      .filter((row) => !row.id)
      .map((row) => ({
        OwnerRole: 'MainApplicant' as const,
        Source: 1 as const,
        IsRefinanced: false,
        ...fields(row),
      })),
    change: rows.filter((row) => row.id).map((row) => ({ ID: row.id!, ...fields(row) })),
    remove: own.filter((debt) => !kept.has(debt.ID)).map((debt) => debt.ID),
  };
}

/** §3 expense categories: one record per category with an amount; an emptied category is removed. */
export function planExpenses(stored: Expense[], amounts: EconomyOutput['expenses']) {
  const own = stored.filter((expense) => expense.OwnerRole === 'MainApplicant');
  const create: { OwnerRole: 'MainApplicant'; CategoryID: Expense['CategoryID']; MonthlyAmount: number }[] =
    [];
  const change: { ID: string; MonthlyAmount: number }[] = [];
  const remove: string[] = [];
  for (const id of expenseCategoryIdsInForm) {
    const amount = amounts[id];
    const existing = own.find((expense) => String(expense.CategoryID) === id);
    if (amount === null || amount === 0) {
      if (existing) remove.push(existing.ID);
    } else if (existing) {
      if (existing.MonthlyAmount !== amount) change.push({ ID: existing.ID, MonthlyAmount: amount });
    } else {
      create.push({
        OwnerRole: 'MainApplicant',
        CategoryID: Number(id) as Expense['CategoryID'],
        MonthlyAmount: amount,
      });
    }
  }
  return { create, change, remove };
}
