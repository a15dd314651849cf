import type { InsuranceDecision, PaymentMandateKind } from '@nordloan/domain/enums';
import {
  type InsuranceMandate,
  type InsurancePolicyView,
  type InsuranceRequestView,
  insuranceRules,
  type MandateStatus,
  type PaymentMandate,
  type PaymentMandateStatus,
} from '@nordloan/domain/insurance';
import type { InsuranceMandateRow, InsurancePaymentMandateRow } from './insurance.repository.ts';
import type { InsurancePolicyRow, InsuranceRequestRow } from './insurance-policy.repository.ts';

// Rows → the wire shapes of the insurance calls (packages/domain/src/insurance.ts; PascalCase, as every other
// record of the API). The status and kind columns hold only the values their CHECK constraints allow.

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toMandate = (row: InsuranceMandateRow): InsuranceMandate => ({
  ID: row.id,
  InsuranceRequestID: row.requestId,
  Provider: row.provider,
  Status: row.status as MandateStatus,
  FailureReason: row.failureReason,
  SignedAt: iso(row.signedAt),
  CreatedAt: row.createdAt.toISOString(),
});

export const toPaymentMandate = (row: InsurancePaymentMandateRow): PaymentMandate => ({
  ID: row.id,
  InsuranceRequestID: row.requestId,
  Kind: row.kind as PaymentMandateKind,
  Status: row.status as PaymentMandateStatus,
  PayerLast4: row.payerLast4,
  FailureReason: row.failureReason,
  ActivatedAt: iso(row.activatedAt),
  CreatedAt: row.createdAt.toISOString(),
});

/** The last day the customer may withdraw (angrerett / ångerrätt), counted from the policy's start. */
export function withdrawalDeadline(startsOn: string): string {
  const day = new Date(`${startsOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + insuranceRules.withdrawalDays);
  return day.toISOString().slice(0, 10);
}

export const toPolicy = (row: InsurancePolicyRow): InsurancePolicyView => ({
  ID: row.id,
  InsuranceRequestID: row.requestId,
  PolicyNumber: row.policyNumber,
  Insurer: row.insurer,
  InsuredMonthlyAmount: row.insuredMonthlyAmount,
  MonthlyPremium: row.monthlyPremium,
  StartsOn: row.startsOn,
  Status: row.terminatedAt ? ('terminated' as const) : ('active' as const),
  TerminatedAt: iso(row.terminatedAt),
  TerminationReason: row.terminationReason,
  WithdrawalDeadline: withdrawalDeadline(row.startsOn),
});

export const toRequest = (
  row: InsuranceRequestRow,
  related: {
    mandate?: InsuranceMandateRow | undefined;
    paymentMandate?: InsurancePaymentMandateRow | undefined;
    policy?: InsurancePolicyRow | undefined;
  } = {},
): InsuranceRequestView => ({
  ID: row.id,
  PersonID: row.personId,
  LoanApplicationID: row.loanApplicationId,
  Brand: row.brand,
  Country: row.country,
  Insurer: row.insurer,
  InsuredMonthlyAmount: row.insuredMonthlyAmount,
  MonthlyPremium: row.monthlyPremium,
  Decision: row.decision as InsuranceDecision,
  DecidedAt: iso(row.decidedAt),
  CreatedAt: row.createdAt.toISOString(),
  Mandate: related.mandate ? toMandate(related.mandate) : null,
  PaymentMandate: related.paymentMandate ? toPaymentMandate(related.paymentMandate) : null,
  Policy: related.policy ? toPolicy(related.policy) : null,
});
