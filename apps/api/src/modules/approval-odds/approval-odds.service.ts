import { randomUUID } from 'node:crypto';
import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { getBrand } from '@nordloan/domain/brands/registry';
import type { Country } from '@nordloan/domain/enums';
import type {
  ApprovalOddsInput,
  ApprovalOddsLender,
  ApprovalOddsResult,
  LenderPrequalificationEstimate,
  LenderPrequalificationRequest,
} from '@nordloan/domain/lending/approval-odds';
import { fieldError } from '#src/lib/app-error.ts';

// Approval odds before applying (issue 35 item 1, docs/decisions/0074): the applicant's figures go to every
// active lender of unsecured loans in the brand's country through the lender API's soft pre-qualification,
// all at once, each with its own deadline. Nothing is stored and nothing identifies the applicant; no credit
// inquiry is registered (the lending engine's credit_inquiry log is written only by a registered application).

/** What this module needs of the lender API (lending/lender-api/lender-prequalification.ts implements it). */
export interface PrequalificationLenders {
  lendersIn(country: Country): Array<{ id: string; name: string }>;
  prequalify(
    lenderId: string,
    request: LenderPrequalificationRequest,
    options: { timeoutMs: number },
  ): Promise<LenderPrequalificationEstimate | null>;
}

/** A lender that has not answered by then shows "no estimate" (the page never waits longer). */
export const defaultPrequalificationTimeoutMs = 1_000;

function rateBandOf(brand: BrandConfig) {
  const rates = brand.unsecuredLoan.rates;
  const low = rates.low ?? rates.min ?? rates.interest ?? 0;
  const high = rates.high ?? rates.mid ?? low;
  return { Low: Math.min(low, high), High: Math.max(low, high) };
}

const order = { likely: 0, possible: 1, unlikely: 2, 'no-estimate': 3 } as const;

export async function approvalOdds(options: {
  input: ApprovalOddsInput;
  lenders: PrequalificationLenders;
  now: () => Date;
  timeoutMs?: number;
}): Promise<ApprovalOddsResult> {
  const { input } = options;
  const brand = getBrand(input.Brand);
  if (!brand.products.includes('UnsecuredLoan'))
    throw fieldError('Brand', `${brand.name} does not offer unsecured loans`);
  const request: LenderPrequalificationRequest = {
    MessageId: randomUUID(),
    SentAt: options.now().toISOString(),
    InquiryType: 'soft',
    Country: brand.country,
    Currency: brand.currency,
    Product: 'UnsecuredLoan',
    Amount: input.Amount,
    DurationMonths: input.Duration * 12,
    GrossYearlyIncome: input.GrossYearlyIncome,
    NetMonthlyIncome: input.NetMonthlyIncome,
    HousingCostMonthly: input.HousingCostMonthly,
    DebtBalance: input.DebtBalance,
    DebtMonthlyPayments: input.DebtMonthlyPayments,
    EmploymentType: input.EmploymentType,
    RateBand: rateBandOf(brand),
  };
  const timeoutMs = options.timeoutMs ?? defaultPrequalificationTimeoutMs;
  const lenders = options.lenders.lendersIn(brand.country);
  const answers = await Promise.all(
    lenders.map(async (lender): Promise<ApprovalOddsLender> => {
      // The deadline holds even for an implementation that ignores it.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs + 50);
      });
      const answer = await Promise.race([
        options.lenders.prequalify(lender.id, request, { timeoutMs }).catch(() => null),
        late,
      ]);
      clearTimeout(timer);
      return answer
        ? { LenderName: lender.name, ...answer }
        : { LenderName: lender.name, Likelihood: 'no-estimate', RateFrom: null, RateTo: null, Reasons: [] };
    }),
  );
  answers.sort(
    (a, b) =>
      order[a.Likelihood] - order[b.Likelihood] ||
      (a.RateFrom ?? 0) - (b.RateFrom ?? 0) ||
      a.LenderName.localeCompare(b.LenderName),
  );
  return { SoftCheckOnly: true, Lenders: answers };
}
