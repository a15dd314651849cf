import { randomUUID } from 'node:crypto';
import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import type { Country } from '@nordloan/domain/enums';
import type {
  LenderPrequalificationEstimate,
  LenderPrequalificationRequest,
} from '@nordloan/domain/lending/approval-odds';
import {
  addMonths,
  type CurrentLoan,
  type RateWatchChannel,
  rateWatchConsentVersion,
  refinanceSaving,
  remainingBalance,
  remainingMonths,
  wholeMonthsBetween,
} from '@nordloan/domain/lending/rate-watch';
import type { Config } from '#src/config.ts';
import type { Executor } from '#src/db/client.ts';
import type { PrequalificationLenders } from '#src/modules/approval-odds/approval-odds.service.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { recordPurposeConsent } from '#src/modules/consent/purpose-consent.service.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import { findApplicationWithParts } from '#src/modules/loan-applications/application-read.repository.ts';
import { storedLinkOrigin } from '#src/modules/messages/link-origin.service.ts';
import {
  brandOfApplication,
  channelAvailable,
  personalPageUrl,
  queueMessage,
} from '#src/modules/messages/message.service.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import { insertRateWatchCheck, type RateWatchRow, updateRateWatch } from './rate-watch.repository.ts';
import { paidOutLoanOf } from './rate-watch.service.ts';
import { savingLines } from './rate-watch-message.ts';
import { scheduleRateWatchCheck } from './rate-watch-schedule.ts';

// One look of a rate watch (docs/decisions/0081), run by its job: the loan as it stands today (the balance
// after the payments since payout), the panel's SOFT estimates for refinancing that balance over the months
// left — the lender API's pre-qualification (docs/decisions/0074), which registers no credit inquiry and
// carries no identity —, and a message only when the saving beats the customer's threshold. A lapsed watch
// (24 months without renewal) and one whose loan ended stop here, their consent marked revoked by the system.

/** The figures of one look, read outside the transaction the lenders are asked from. */
export type LookPlan =
  | { kind: 'expire' }
  | { kind: 'ended' }
  | {
      kind: 'ask';
      country: Country;
      brand: BrandConfig;
      loan: CurrentLoan;
      request: LenderPrequalificationRequest;
    };

export interface PanelAnswer {
  lenderName: string;
  estimate: LenderPrequalificationEstimate | null;
}

function rateBandOf(brand: BrandConfig) {
  const rates = brand.unsecuredLoan.rates;
  const low = rates.low ?? rates.min ?? rates.interest ?? 0;
  const high = rates.high ?? rates.mid ?? low;
  return { Low: Math.min(low, high), High: Math.max(low, high) };
}

export async function planLook(db: Executor, watch: RateWatchRow, now: Date): Promise<LookPlan> {
  if (now >= watch.expiresAt) return { kind: 'expire' };
  const found = await findApplicationWithParts(db, watch.loanApplicationId);
  if (!found) return { kind: 'ended' };
  const paidOut = await paidOutLoanOf(db, found.row);
  if (!paidOut) return { kind: 'ended' };
  const { quote } = paidOut;
  const loan: CurrentLoan = {
    amount: quote.amount,
    nominalRate: quote.nominalRate,
    durationMonths: quote.durationMonths,
    monthlyFee: quote.monthlyFee,
    startupFee: quote.startupFee,
    monthsPaid: wholeMonthsBetween(paidOut.paidOutAt, now),
  };
  const months = remainingMonths(loan);
  if (months < 1) return { kind: 'ended' };
  const balance = Math.round(remainingBalance(loan, loan.durationMonths - months));
  if (balance < 1) return { kind: 'ended' };
  const applicant = found.parts.applicants.find((candidate) => candidate.role === 'MainApplicant');
  // The customer's own figures from the application; their other debts as they stated them, less those this
  // loan refinanced (counting them keeps the estimate on the careful side).
  const debts = found.parts.debts.filter((debt) => debt.ownerRole === 'MainApplicant' && !debt.isRefinanced);
  const brand = brandOfApplication(found.row);
  return {
    kind: 'ask',
    country: found.row.country as Country,
    brand,
    loan,
    request: {
      MessageId: randomUUID(),
      SentAt: now.toISOString(),
      InquiryType: 'soft',
      Country: found.row.country as Country,
      Currency: quote.currency,
      Product: 'UnsecuredLoan',
      Amount: balance,
      DurationMonths: months,
      GrossYearlyIncome: Math.max(0, Math.round(applicant?.grossYearlyIncome ?? 0)),
      NetMonthlyIncome: Math.max(0, Math.round(applicant?.netMonthlyIncome ?? 0)),
      HousingCostMonthly: Math.max(0, Math.round(applicant?.housingCostMonthly ?? 0)),
      DebtBalance: Math.round(debts.reduce((sum, debt) => sum + debt.balance, 0)),
      DebtMonthlyPayments: Math.round(debts.reduce((sum, debt) => sum + (debt.monthlyPayment ?? 0), 0)),
      EmploymentType: applicant?.employmentType ?? null,
      RateBand: rateBandOf(brand),
    },
  };
}

/** Every active lender of the country at once, each within its deadline; a silent one is simply no estimate. */
export async function askPanel(
  lenders: PrequalificationLenders,
  plan: Extract<LookPlan, { kind: 'ask' }>,
  timeoutMs: number,
): Promise<PanelAnswer[]> {
  return Promise.all(
    lenders.lendersIn(plan.country).map(async (lender) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs + 50);
      });
      const estimate = await Promise.race([
        lenders.prequalify(lender.id, plan.request, { timeoutMs }).catch(() => null),
        late,
      ]);
      clearTimeout(timer);
      return { lenderName: lender.name, estimate };
    }),
  );
}

async function endWatch(
  tx: Executor,
  watch: RateWatchRow,
  reason: 'expired' | 'loan-ended',
  now: Date,
): Promise<void> {
  await updateRateWatch(tx, watch.id, {
    state: reason === 'expired' ? 'expired' : 'stopped',
    stopReason: reason,
    stoppedAt: now,
    nextCheckAt: null,
    updatedAt: now,
  });
  const brand = brandOfApplication(watch);
  await recordPurposeConsent(tx, {
    customerId: watch.customerId,
    country: watch.country,
    brand: watch.brand,
    consentBrand: brand.thirdParty.consentBrand,
    purpose: 'rate-watch',
    channel: watch.channel as RateWatchChannel,
    status: 'revoked',
    textVersion: rateWatchConsentVersion,
    source: reason === 'expired' ? 'rate-watch-expired' : 'rate-watch-loan-ended',
    changedBy: 'system:rate-watch',
    now,
  });
  await recordAudit(tx, {
    actor: { kind: 'system', name: 'rate-watch' },
    action: reason === 'expired' ? 'rateWatch.expire' : 'rateWatch.end',
    subjectType: 'loan-application',
    subjectId: watch.loanApplicationId,
    loanApplicationId: watch.loanApplicationId,
    country: watch.country as Country,
    at: now,
  });
}

/** The customer's address on the chosen channel (their customer record first, as notifications do). */
async function addressOf(tx: Executor, watch: RateWatchRow): Promise<string | null> {
  const customer = await findCustomerById(tx, watch.customerId);
  const person = customer?.personId ? await findPersonById(tx, customer.personId) : undefined;
  const address =
    watch.channel === 'email' ? (customer?.email ?? person?.email) : (customer?.phone ?? person?.phone);
  return address ?? null;
}

/** Records the look, tells the customer when the saving beats their threshold, and queues the next look. */
export async function recordLook(
  tx: Executor,
  input: { config: Config; watch: RateWatchRow; plan: LookPlan; answers: PanelAnswer[]; now: Date },
): Promise<void> {
  const { config, watch, plan, answers, now } = input;
  if (plan.kind !== 'ask') return endWatch(tx, watch, plan.kind === 'expire' ? 'expired' : 'loan-ended', now);
  // Only lenders that said "likely", each counted at the top of its range: a saving we can stand behind.
  const best = answers
    .filter((answer) => answer.estimate?.Likelihood === 'likely' && answer.estimate.RateTo !== null)
    .sort((a, b) => a.estimate!.RateTo! - b.estimate!.RateTo!)[0];
  const found = best
    ? refinanceSaving(plan.loan, {
        lenderName: best.lenderName,
        rateFrom: best.estimate!.RateFrom ?? best.estimate!.RateTo!,
        rateTo: best.estimate!.RateTo!,
      })
    : null;
  const saving = found && found.saving > 0 ? found.saving : null;
  let notified = false;
  if (found && saving !== null && saving > watch.thresholdAmount) {
    const address = await addressOf(tx, watch);
    const channel = watch.channel as RateWatchChannel;
    if (address && channelAvailable(config, channel)) {
      const lines = savingLines({
        locale: plan.brand.i18n.defaultLocale,
        currency: watch.currency,
        saving,
        basis: found.basis,
      });
      const message = await queueMessage(tx, {
        kind: 'rate-watch-saving',
        channel,
        recipient: address,
        brand: plan.brand,
        loanApplicationId: watch.loanApplicationId,
        link: personalPageUrl(config, plan.brand, await storedLinkOrigin(tx, watch.loanApplicationId)),
        idempotencyKey: `rate-watch:${watch.id}:${watch.nextCheckAt?.toISOString()}`,
        now,
        ...lines,
      });
      notified = message !== undefined;
    }
  }
  await insertRateWatchCheck(tx, {
    rateWatchId: watch.id,
    checkedAt: now,
    lendersAsked: answers.length,
    lendersAnswered: answers.filter((answer) => answer.estimate !== null).length,
    saving,
    thresholdAmount: watch.thresholdAmount,
    notified,
    basis: found && saving !== null ? found.basis : null,
    createdAt: now,
  });
  const next = new Date(Math.min(addMonths(now, watch.intervalMonths).getTime(), watch.expiresAt.getTime()));
  const updated = await updateRateWatch(tx, watch.id, { nextCheckAt: next, updatedAt: now });
  await scheduleRateWatchCheck(tx, updated);
}
