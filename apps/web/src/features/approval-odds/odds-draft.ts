// "Apply with these figures" (ADR 0074): the odds page hands what was typed to the apply journey through
// the journey's own draft (features/apply/model/journey-draft.ts, ADR 0039 and 0063's prefill) — the same
// key and version-1 shape, in sessionStorage (this tab only, no identity). Features do not import each
// other, so the shape is repeated here; journey-draft's schema rejects anything that drifts, and the apply
// page then simply starts empty.

const journeyDraftKey = 'nordloan-apply-draft';

export interface OddsFigures {
  Amount: number;
  Duration: number;
  GrossYearlyIncome: number;
  NetMonthlyIncome: number;
  HousingCostMonthly: number;
  DebtBalance: number;
  DebtMonthlyPayments: number;
  /** Optional (our code list); null when not said. */
  EmploymentType?: string | null;
}

export function handOverToApply(where: { brand: string; path: string }, figures: OddsFigures): boolean {
  const draft = {
    version: 1,
    brand: where.brand,
    path: where.path,
    savedAt: Date.now(),
    loanValues: {
      product: 'UnsecuredLoan',
      amount: figures.Amount,
      duration: figures.Duration,
      loanPurpose: '',
    },
    preCheckAnswers: {
      age: '',
      // With the employment the journey carries the incomes into the application (use-journey-saves.ts).
      employmentType: figures.EmploymentType ?? '',
      grossYearlyIncome: String(figures.GrossYearlyIncome),
      netMonthlyIncome: String(figures.NetMonthlyIncome),
      debtBalance: String(figures.DebtBalance),
      debtMonthlyPayments: String(figures.DebtMonthlyPayments),
      hasPaymentRemarks: false,
    },
    contact: { email: '', phone: '' },
  };
  try {
    sessionStorage.setItem(journeyDraftKey, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}
