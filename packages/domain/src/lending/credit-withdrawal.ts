import { z } from 'zod';
import { withdrawalRightDays } from './expiry.ts';

// Withdrawal from a signed credit agreement (CCD2, Directive (EU) 2023/2225, art. 26; issue 34 item 5;
// docs/decisions/0066): the consumer may withdraw within 14 calendar days of the agreement being concluded
// (art. 26(1)), and then pays back "the capital and the interest accrued thereon from the date on which the
// credit was drawn down until the date the capital is repaid", at the agreed borrowing rate, without undue
// delay and no later than 30 calendar days after sending the notice (art. 26(3)(b)). Finland: KSL 7:20–21
// (HE 120/2025 keeps the 14 and 30 days and adds that a creditor offering credit online offers withdrawal
// online too). Pure: the API computes, the web shows, both from these functions.

const day = 24 * 60 * 60 * 1000;

/** Days the consumer has to pay back after the notice (CCD2 art. 26(3)(b)). */
export const withdrawalRepaymentDays = 30;

/** Interest accrues per day on a 365-day year (the day count the directive's examples and the lenders use). */
export const interestDaysPerYear = 365;

export interface WithdrawalWindowFigures {
  opensAt: Date;
  closesAt: Date;
  isOpen: boolean;
}

/** The 14 days start when the agreement is signed (concluded); the last moment is 14 × 24 h later. */
export function withdrawalWindowFromSigning(signedAt: Date, now: Date): WithdrawalWindowFigures {
  const closesAt = new Date(signedAt.getTime() + withdrawalRightDays * day);
  return { opensAt: signedAt, closesAt, isOpen: now.getTime() >= signedAt.getTime() && now < closesAt };
}

export interface PaybackInput {
  /** The capital paid out; 0 when nothing was paid out yet. */
  principal: number;
  /** The agreed borrowing (nominal) rate in percent per year. */
  nominalRate: number;
  /** When the credit was drawn down; null when it was not (then nothing is owed). */
  paidOutAt: Date | null;
  /** When the withdrawal was sent: the 30 days count from here. */
  withdrawnAt: Date;
}

export interface Payback {
  principal: number;
  /** Interest of one day on the principal at the borrowing rate. */
  dailyInterest: number;
  /** Days from the drawdown to the last day to pay (the most interest the consumer can owe). */
  interestDays: number;
  interest: number;
  /** Principal + interest to the deadline: what to pay back at the latest. */
  total: number;
  /** The last day to pay back (30 days after the notice). */
  payBackBy: Date;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * What the consumer pays back (CCD2 art. 26(3)(b)): the principal paid out and the interest accrued per day
 * from the drawdown until repayment. We show the most it can be — repaid on the last day — and the daily
 * interest, so that paying earlier is seen to cost less. Nothing paid out: nothing to pay back.
 */
export function withdrawalPayback(input: PaybackInput): Payback {
  const payBackBy = new Date(input.withdrawnAt.getTime() + withdrawalRepaymentDays * day);
  if (!input.paidOutAt || input.principal <= 0) {
    return { principal: 0, dailyInterest: 0, interestDays: 0, interest: 0, total: 0, payBackBy };
  }
  const dailyInterest = (input.principal * input.nominalRate) / 100 / interestDaysPerYear;
  const interestDays = Math.max(0, Math.ceil((payBackBy.getTime() - input.paidOutAt.getTime()) / day));
  const interest = cents(dailyInterest * interestDays);
  return {
    principal: cents(input.principal),
    dailyInterest: cents(dailyInterest),
    interestDays,
    interest,
    total: cents(input.principal + interest),
    payBackBy,
  };
}

/** Why a withdrawal is not possible now (the API's 409 messages; the web shows its own words for each). */
export const withdrawalRefusals = {
  notSigned: 'The credit agreement has not been signed: there is nothing to withdraw from yet',
  windowClosed: 'The 14-day withdrawal period has ended',
  alreadyWithdrawn: 'The credit agreement has already been withdrawn',
  notWithdrawable: 'The credit agreement cannot be withdrawn in its current state',
} as const;
export type WithdrawalRefusal = keyof typeof withdrawalRefusals;

export const creditWithdrawalPaybackSchema = /* @__PURE__ */ z.object({
  Currency: z.string(),
  Principal: z.number(),
  DailyInterest: z.number(),
  InterestDays: z.number().int(),
  Interest: z.number(),
  Total: z.number(),
  PayBackBy: z.string(),
});
export type CreditWithdrawalPayback = z.infer<typeof creditWithdrawalPaybackSchema>;

/** GET/POST /loan-application/{id}/credit-withdrawal: where the withdrawal right stands. */
export const creditWithdrawalSchema = /* @__PURE__ */ z.object({
  LoanApplicationID: z.string(),
  /** `open`: may withdraw now; `withdrawn`: done; else why not. */
  State: z.enum(['open', 'withdrawn', 'not-signed', 'window-closed', 'not-withdrawable']),
  QuoteID: z.string().nullable(),
  LenderName: z.string().nullable(),
  SignedAt: z.string().nullable(),
  ClosesAt: z.string().nullable(),
  PaidOutAt: z.string().nullable(),
  WithdrawnAt: z.string().nullable(),
  /** What would be owed on withdrawing now (open), or what is owed (withdrawn). */
  Payback: creditWithdrawalPaybackSchema.nullable(),
  /** Whether the lender has been told (withdrawn only). */
  LenderNotified: z.boolean().nullable(),
});
export type CreditWithdrawal = z.infer<typeof creditWithdrawalSchema>;

/** The second step must say it means it: the first step only shows what follows (two steps, art. 26). */
export const creditWithdrawalBodySchema = /* @__PURE__ */ z.object({ Confirm: z.literal(true) }).strict();

// ── The lender API's withdrawal notice (docs/decisions/0066; beside the operations of ADR 0062) ──────

/** POST to the lender: the customer withdrew from the agreement (art. 26(1): the notice to the creditor). */
export const lenderWithdrawalPath = '/applications/{ApplicationReference}/withdrawal';

export const lenderWithdrawalRequestSchema = /* @__PURE__ */ z.object({
  MessageId: z.uuid(),
  SentAt: z.iso.datetime({ offset: true }),
  ApplicationReference: z.string().min(1).max(100),
  QuoteId: z.uuid(),
  /** The lender's own reference of the offer, when it gave one. */
  LenderReference: z.string().max(200).nullable(),
  SignedAt: z.iso.datetime({ offset: true }),
  WithdrawnAt: z.iso.datetime({ offset: true }),
  Currency: z.string().length(3),
  /** What we told the customer to pay back by PayBackBy (principal paid out + interest per day). */
  Principal: z.number().min(0),
  DailyInterest: z.number().min(0),
  Total: z.number().min(0),
  PayBackBy: z.iso.datetime({ offset: true }),
});
export type LenderWithdrawalRequest = z.infer<typeof lenderWithdrawalRequestSchema>;

export const lenderWithdrawalResponseSchema = /* @__PURE__ */ z.object({
  // Every message of the lender API has an id and a time, answers too (ADR 0062).
  MessageId: z.uuid(),
  SentAt: z.iso.datetime({ offset: true }),
  ApplicationReference: z.string(),
  QuoteId: z.uuid(),
  Status: z.literal('received'),
});
export type LenderWithdrawalResponse = z.infer<typeof lenderWithdrawalResponseSchema>;
