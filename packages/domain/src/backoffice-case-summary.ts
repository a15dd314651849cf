import { z } from 'zod';
import type { Application360 } from './application-360.ts';
import { type CallOutcome, callOutcomeSchema } from './backoffice.ts';
import { getBrand, isBrandId } from './brands/registry.ts';
import { currencyByCountry } from './enum-values.ts';
import { currencySchema, productSchema } from './enums.ts';
import { annuityPayment, roundHalfUp } from './finance/loan-math.ts';
import { brandRateCeiling, norwayMaxDebtToIncome } from './finance/norway-lending-rules.ts';
import {
  amlBlockStatuses,
  applicationStatus,
  isApplicationStatusCode,
  isTerminalStatus,
} from './statuses.ts';

// The case summary at the top of the staff 360° view (issue 38: "understand it in ten seconds"): who, what,
// how much in which currency, where it stands, whether the household can carry it, what it waits for and
// on whom, the screening and the documents. Computed from the view's own parts (one pure function, so the
// API and the staff app's tests agree); it answers codes and numbers only — the words are the staff app's,
// in the staff member's language, and no internal id is in it.

/** Who the application waits on now. */
export const waitingOnValues = [
  'customer',
  'co-applicant',
  'staff',
  'compliance',
  'system',
  'lenders',
  'nobody',
] as const;

/** What it waits for (one per phase of §4, plus the screening's hold). */
export const waitingForValues = [
  'finish-application',
  'co-applicant-consent',
  'receipt',
  'fix-data',
  'manual-review',
  'screening',
  'screening-review',
  'registration',
  'lender-decision',
  'choose-offer',
  'documents',
  'payout-approval',
  'payout',
  'closed',
] as const;
export type WaitingOn = (typeof waitingOnValues)[number];
export type WaitingFor = (typeof waitingForValues)[number];

export const screeningStates = ['not-screened', 'clear', 'open-hit', 'hit-cleared', 'blocked'] as const;
export type ScreeningState = (typeof screeningStates)[number];

export const householdSchema = /* @__PURE__ */ z.object({
  /** All applicants together, as they told it. */
  GrossYearlyIncome: z.number(),
  NetMonthlyIncome: z.number(),
  /** Housing (the larger of the applicants' figures: one home) and the other expenses told, a month. */
  HousingCostMonthly: z.number(),
  OtherExpensesMonthly: z.number(),
  /** Debt that stays after the loan (refinanced debt is paid off by it), and what is paid on it a month. */
  DebtBeforeLoan: z.number(),
  DebtPaymentsMonthly: z.number(),
  /** The new loan's monthly payment: the best open offer's, else an estimate at the brand's rate. */
  NewLoanPaymentMonthly: z.number(),
  NewLoanPaymentFrom: z.enum(['offer', 'estimate']),
  DebtAfterLoan: z.number(),
  /** Debt after the loan ÷ gross yearly income (utlånsforskriften § 15 allows 5 in Norway). */
  DebtRatio: z.number().nullable(),
  /** The legal ceiling of DebtRatio where there is one (Norway), else null. */
  DebtRatioLimit: z.number().nullable(),
  /** Net income − housing − expenses − debt payments − the new loan's payment. */
  MonthlySurplus: z.number(),
  /** Norway: utlånsforskriften § 14's stress test (ADR 0036); elsewhere: a surplus of 0 or more. */
  Affordable: z.boolean(),
});
export type Household = z.infer<typeof householdSchema>;

export const caseSummarySchema = /* @__PURE__ */ z.object({
  ApplicantNames: z.array(z.string()),
  Product: productSchema,
  Amount: z.number().nullable(),
  /** Whole years (§9). */
  DurationYears: z.number().nullable(),
  Currency: currencySchema,
  Status: z.number().int(),
  /** When the application reached its current status. */
  StatusSince: z.string().nullable(),
  Household: householdSchema.nullable(),
  Waiting: z.object({ On: z.enum(waitingOnValues), For: z.enum(waitingForValues) }),
  /** The open (or last) work-queue item: its bucket and who holds it. */
  Handler: z
    .object({
      BucketName: z.string(),
      AssigneeName: z.string().nullable(),
      AssignedToCaller: z.boolean(),
      Processed: z.boolean(),
    })
    .nullable(),
  Screening: z.enum(screeningStates),
  Documents: z.object({
    Received: z.number().int(),
    /** The accepted offer's document requests the customer has not answered yet. */
    Outstanding: z.number().int(),
  }),
  Offers: z.object({
    Open: z.number().int(),
    Accepted: z.boolean(),
    /** The open (or accepted) offer with the lowest effective rate. */
    Best: z
      .object({
        LenderName: z.string(),
        MonthlyPayment: z.number(),
        EffectiveRate: z.number(),
        TotalCost: z.number(),
      })
      .nullable(),
  }),
  LastCall: z
    .object({
      At: z.string(),
      Answered: z.boolean(),
      Outcome: callOutcomeSchema.nullable(),
      NextContactDate: z.string().nullable(),
    })
    .nullable(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

/** What the view itself does not hold: names the API looks up, and how the screening holds it. */
export interface CaseSummaryContext {
  bucketName: string | null;
  assigneeName: string | null;
  callerAgentId: string;
  /** compliance's hold: an open hit waits for review; 'not-screened' for the screening of a submission. */
  screeningHold: 'open-hit' | 'not-screened' | null;
}

type ViewParts = Omit<Application360, 'Summary'>;

const sum = (values: (number | null | undefined)[]) =>
  values.reduce<number>((total, value) => total + (typeof value === 'number' ? value : 0), 0);

/** Where the application waits, by its §4 status (and the screening's hold before the lenders). */
export function waitingOf(
  status: number,
  options: { screeningHold: CaseSummaryContext['screeningHold']; outstandingDocuments: number },
): CaseSummary['Waiting'] {
  if (!isApplicationStatusCode(status) || isTerminalStatus(status)) return { On: 'nobody', For: 'closed' };
  if (options.screeningHold === 'open-hit') return { On: 'compliance', For: 'screening-review' };
  switch (status) {
    case applicationStatus.started:
      return { On: 'customer', For: 'finish-application' };
    case applicationStatus.pendingCoApplicant:
      return { On: 'co-applicant', For: 'co-applicant-consent' };
    case applicationStatus.validationFailed:
    case applicationStatus.externalDataFailed:
      return { On: 'staff', For: 'fix-data' };
    case applicationStatus.manualReview:
      return { On: 'staff', For: 'manual-review' };
    case applicationStatus.submitted:
    case applicationStatus.fetchingExternalData:
      return { On: 'system', For: 'receipt' };
    case applicationStatus.registered:
    case applicationStatus.grooming:
    case applicationStatus.pendingBankApproval:
      return { On: 'lenders', For: 'lender-decision' };
    case applicationStatus.offerApproved:
    case applicationStatus.pendingCustomerAccept:
      return { On: 'customer', For: 'choose-offer' };
    case applicationStatus.offerAccepted:
    case applicationStatus.pendingDisbursementApproval:
      return options.outstandingDocuments > 0
        ? { On: 'customer', For: 'documents' }
        : { On: 'lenders', For: 'payout-approval' };
    case applicationStatus.approvedForDisbursement:
    case applicationStatus.pendingDisbursement:
      return { On: 'lenders', For: 'payout' };
    default:
      // 200, 209, 210: received and on its way to the lenders.
      return options.screeningHold === 'not-screened'
        ? { On: 'system', For: 'screening' }
        : { On: 'system', For: 'registration' };
  }
}

function screeningOf(view: ViewParts, hold: CaseSummaryContext['screeningHold']): ScreeningState {
  const status = view.Application.Status;
  if (amlBlockStatuses.includes(status)) return 'blocked';
  if (hold === 'open-hit') return 'open-hit';
  if (view.PersonChecks.length === 0) return 'not-screened';
  const hit = view.PersonChecks.some(
    (check) => check.Attributes.PEP || check.Attributes.RCA || check.Attributes.Sanctioned,
  );
  return hit ? 'hit-cleared' : 'clear';
}

const liveOffer = new Set(['approved', 'accepted']);

function offersOf(view: ViewParts): CaseSummary['Offers'] {
  const quotes = view.Quotes.flatMap((lender) => lender.Quotes);
  const accepted = quotes.filter((quote) => quote.Status === 'accepted');
  const candidates = accepted.length > 0 ? accepted : quotes.filter((quote) => liveOffer.has(quote.Status));
  const best = [...candidates].sort(
    (a, b) => a.EffectiveRate - b.EffectiveRate || a.TotalCost - b.TotalCost,
  )[0];
  return {
    Open: quotes.filter((quote) => quote.Status === 'approved').length,
    Accepted: accepted.length > 0,
    Best: best
      ? {
          LenderName: best.Lender.Name,
          MonthlyPayment: best.MonthlyPayment,
          EffectiveRate: best.EffectiveRate,
          TotalCost: best.TotalCost,
        }
      : null,
  };
}

function householdOf(view: ViewParts, offers: CaseSummary['Offers']): Household | null {
  const incomes = view.Applicants.map((applicant) => applicant.Income).filter(
    (income) => income !== null && income.GrossYearlyIncome !== null,
  );
  if (incomes.length === 0) return null;
  const application = view.Application;
  const amount = application.Amount ?? 0;
  const months = (application.Duration ?? 0) * 12;
  const debts = view.Applicants.flatMap((applicant) => applicant.Debts).filter((debt) => !debt.IsRefinanced);
  const housing = incomes
    .map((income) => income?.HousingCostMonthly)
    .filter((cost): cost is number => typeof cost === 'number');
  let newPayment = offers.Best?.MonthlyPayment ?? null;
  const from = newPayment === null ? 'estimate' : 'offer';
  if (newPayment === null) {
    const rate = isBrandId(application.Brand) ? brandRateCeiling(getBrand(application.Brand)) : 0;
    newPayment = amount > 0 && months > 0 ? annuityPayment(amount, rate, months) : 0;
  }
  const gross = sum(incomes.map((income) => income?.GrossYearlyIncome));
  const net = sum(incomes.flatMap((income) => [income?.NetMonthlyIncome, income?.OtherIncomeMonthly]));
  const housingCost = housing.length > 0 ? Math.max(...housing) : 0;
  const expenses = sum(
    view.Applicants.flatMap((applicant) => applicant.Expenses.map((e) => e.MonthlyAmount)),
  );
  const debtBefore = sum(debts.map((debt) => debt.Balance));
  const debtPayments = sum(debts.map((debt) => debt.MonthlyPayment));
  const surplus = net - housingCost - expenses - debtPayments - newPayment;
  const rules = view.LendingRules;
  return {
    GrossYearlyIncome: gross,
    NetMonthlyIncome: net,
    HousingCostMonthly: housingCost,
    OtherExpensesMonthly: expenses,
    DebtBeforeLoan: debtBefore,
    DebtPaymentsMonthly: debtPayments,
    NewLoanPaymentMonthly: roundHalfUp(newPayment, 0),
    NewLoanPaymentFrom: from,
    DebtAfterLoan: debtBefore + amount,
    DebtRatio: gross > 0 ? roundHalfUp((debtBefore + amount) / gross, 2) : null,
    DebtRatioLimit: application.Country === 'NO' ? norwayMaxDebtToIncome : null,
    MonthlySurplus: roundHalfUp(surplus, 0),
    Affordable: rules ? rules.Affordable : surplus >= 0,
  };
}

/** The newest call on the application, with its wrap-up when the agent saved one. */
function lastCallOf(view: ViewParts): CaseSummary['LastCall'] {
  const newest = [...view.Calls].sort((a, b) => b.CreatedAt.localeCompare(a.CreatedAt))[0];
  if (!newest) return null;
  return {
    At: newest.InitiatedAt ?? newest.CreatedAt,
    Answered: newest.Answered,
    Outcome: (newest.Outcome ?? null) as CallOutcome | null,
    NextContactDate: newest.NextContactDate ?? null,
  };
}

export function caseSummaryOf(view: ViewParts, context: CaseSummaryContext): CaseSummary {
  const application = view.Application;
  // Each offer lists what its lender will ask for; the customer owes only the accepted offer's documents.
  const outstanding = view.Quotes.flatMap((lender) => lender.Quotes)
    .filter((quote) => quote.Status === 'accepted')
    .flatMap((quote) => quote.DocumentRequests)
    .filter((request) => request.Status === 'pending').length;
  const offers = offersOf(view);
  const assignment = view.Assignment;
  const names = view.Applicants.map((applicant) =>
    [applicant.Person?.FirstName, applicant.Person?.LastName].filter(Boolean).join(' '),
  ).filter((name) => name !== '');
  const since = view.StatusHistory.filter((entry) => entry.To === application.Status).at(-1)?.At ?? null;
  return {
    ApplicantNames: names,
    Product: application.Product,
    Amount: application.Amount,
    DurationYears: application.Duration,
    Currency: currencyByCountry[application.Country],
    Status: application.Status,
    StatusSince: since,
    Household: householdOf(view, offers),
    Waiting: waitingOf(application.Status, {
      screeningHold: context.screeningHold,
      outstandingDocuments: outstanding,
    }),
    Handler:
      assignment && context.bucketName !== null
        ? {
            BucketName: context.bucketName,
            AssigneeName: context.assigneeName,
            AssignedToCaller: assignment.AssigneeID === context.callerAgentId,
            Processed: assignment.ProcessedAt !== null,
          }
        : null,
    Screening: screeningOf(view, context.screeningHold),
    Documents: { Received: view.Documents.length, Outstanding: outstanding },
    Offers: offers,
    LastCall: lastCallOf(view),
  };
}
