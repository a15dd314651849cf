import { z } from 'zod';

// Verified income and expenses from the bank account (issue 35 item 2, docs/decisions/0076). From up to 12
// months of an applicant's transactions (account information under PSD2) we derive three figures the
// apply form asks for: net monthly income, the monthly housing cost and the existing loan payments. Pure:
// the API calls it right after fetching the transactions and keeps only the result, never the
// transactions themselves.
//
// How (and why it is robust):
// - Only transactions in the account's expected currency count; others are ignored and counted.
// - Income: credits whose text names a salary or pension ("LØNN", "LÖN", "PALKKA", "LØN", "SALARY", …),
//   grouped by payer. A payer paying in at least 3 of the months is an income source; its monthly figure is
//   the MEDIAN payment (a bonus month or a holiday-pay month does not inflate it) times the payments per
//   month rounded (a salary on the 31st one month and on the 1st the next does not make a month count
//   twice). Two employers: two sources, added up.
// - Housing: debits naming rent, a mortgage or the housing cooperative's fee; the median month.
// - Loans: other debits naming a loan or credit, per creditor paid in at least 3 months; the median payment.

export interface BankTransaction {
  /** Booking date, YYYY-MM-DD. */
  date: string;
  /** Signed: credits positive, debits negative, in the currency's major unit. */
  amount: number;
  currency: string;
  /** The text the bank shows (counterparty and message). */
  description: string;
}

export const derivationReasonSchema = /* @__PURE__ */ z.enum([
  'NO_SALARY',
  'OTHER_CURRENCY',
  'IRREGULAR_INCOME',
  'SHORT_HISTORY',
]);
export type DerivationReason = z.infer<typeof derivationReasonSchema>;

export const derivedLoanPaymentSchema = /* @__PURE__ */ z.object({
  Creditor: z.string().max(200),
  MonthlyPayment: z.number().int().min(0),
});

/** What is kept and shown (PascalCase like every wire format, §7). */
export const derivedBankFiguresSchema = /* @__PURE__ */ z.object({
  NetMonthlyIncome: z.number().int().min(0).nullable(),
  IncomeSources: z.number().int().min(0),
  IncomeRegular: z.boolean(),
  HousingCostMonthly: z.number().int().min(0).nullable(),
  LoanPayments: z.array(derivedLoanPaymentSchema),
  MonthsCovered: z.number().int().min(0).max(12),
  IgnoredOtherCurrency: z.number().int().min(0),
  Reasons: z.array(derivationReasonSchema),
});
export type DerivedBankFigures = z.infer<typeof derivedBankFiguresSchema>;

const salaryWords = /\b(lønn|lön|lon|løn|palkka|salary|wages|pensjon|pension|eläke|lønning)\b/iu;
const housingWords =
  /(husleie|hyra|vuokra|husleje|\brent\b|boliglån|bolån|asuntolaina|boliglån|felleskost|avgift brf|vastike|boligselskab)/iu;
const loanWords = /(lån\b|\blån|laina|\bloan|kredit|credit|avbetalning|avdrag|forbrukslån|billån)/iu;

const minimumMonths = 3;

const monthOf = (date: string) => date.slice(0, 7);

/** The payer or payee: the text without digits, references and repeated spaces, upper case. */
export function counterpartyOf(description: string): string {
  return description
    .toUpperCase()
    .replace(/[0-9./-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The months of the 12 before `asOf` (inclusive of asOf's month), oldest first: 'YYYY-MM'. */
export function windowMonths(asOf: string): string[] {
  const year = Number(asOf.slice(0, 4));
  const month = Number(asOf.slice(5, 7));
  return Array.from({ length: 12 }, (_, index) =>
    new Date(Date.UTC(year, month - 12 + index, 1)).toISOString().slice(0, 7),
  );
}

/** Per payer/payee seen in at least `minimumMonths` months: the median payment × payments per month. */
function recurringMonthly(
  transactions: readonly BankTransaction[],
  monthsCovered: number,
): { counterparty: string; monthly: number; regular: boolean }[] {
  const result: { counterparty: string; monthly: number; regular: boolean }[] = [];
  for (const [counterparty, group] of groupBy(transactions, (t) => counterpartyOf(t.description))) {
    const months = new Set(group.map((t) => monthOf(t.date)));
    if (months.size < minimumMonths) continue;
    const amounts = group.map((t) => Math.abs(t.amount));
    const typical = median(amounts);
    const perMonth = Math.max(1, Math.round(group.length / Math.max(monthsCovered, months.size)));
    // Regular: paid in nearly every month, and most payments within 25 % of the typical one.
    const near = amounts.filter((amount) => Math.abs(amount - typical) <= 0.25 * typical).length;
    const regular =
      months.size >= Math.max(minimumMonths, monthsCovered - 2) && near >= 0.75 * amounts.length;
    result.push({ counterparty, monthly: Math.round(typical * perMonth), regular });
  }
  return result;
}

/**
 * The figures from the transactions of the 12 months up to `asOf` (YYYY-MM-DD) in `currency`.
 * Transactions outside the window are left out; in another currency they are counted, not used.
 */
export function deriveBankFigures(options: {
  transactions: readonly BankTransaction[];
  currency: string;
  asOf: string;
}): DerivedBankFigures {
  const window = new Set(windowMonths(options.asOf));
  const inWindow = options.transactions.filter((t) => window.has(monthOf(t.date)) && t.date <= options.asOf);
  const usable = inWindow.filter((t) => t.currency === options.currency);
  const ignoredOtherCurrency = inWindow.length - usable.length;
  const monthsCovered = new Set(usable.map((t) => monthOf(t.date))).size;
  const reasons: DerivationReason[] = [];
  if (ignoredOtherCurrency > 0) reasons.push('OTHER_CURRENCY');
  if (usable.length > 0 && monthsCovered < 6) reasons.push('SHORT_HISTORY');

  const salaries = recurringMonthly(
    usable.filter((t) => t.amount > 0 && salaryWords.test(t.description)),
    monthsCovered,
  );
  const housingDebits = usable.filter((t) => t.amount < 0 && housingWords.test(t.description));
  const loanDebits = usable.filter(
    (t) => t.amount < 0 && !housingWords.test(t.description) && loanWords.test(t.description),
  );

  const netMonthlyIncome =
    salaries.length === 0 ? null : salaries.reduce((sum, source) => sum + source.monthly, 0);
  if (netMonthlyIncome === null) reasons.push('NO_SALARY');
  const incomeRegular = salaries.length > 0 && salaries.every((source) => source.regular);
  if (salaries.length > 0 && !incomeRegular) reasons.push('IRREGULAR_INCOME');

  const housingMonths = [...groupBy(housingDebits, (t) => monthOf(t.date)).values()].map((month) =>
    month.reduce((sum, t) => sum - t.amount, 0),
  );
  const housingCostMonthly = housingMonths.length >= minimumMonths ? Math.round(median(housingMonths)) : null;

  const loanPayments = recurringMonthly(loanDebits, monthsCovered).map((loan) => ({
    Creditor: loan.counterparty.slice(0, 200),
    MonthlyPayment: loan.monthly,
  }));

  return {
    NetMonthlyIncome: netMonthlyIncome,
    IncomeSources: salaries.length,
    IncomeRegular: incomeRegular,
    HousingCostMonthly: housingCostMonthly,
    LoanPayments: loanPayments,
    MonthsCovered: monthsCovered,
    IgnoredOtherCurrency: ignoredOtherCurrency,
    Reasons: reasons,
  };
}
