import type { LenderApplication } from '@nordloan/domain/lending/credit-policy';
import type { CallbackBody } from './sandbox-callbacks.ts';

// The sandbox lender's payoffs (issue 35 item 4, docs/decisions/0080): with the payout it pays each
// refinanced debt's stated balance to the account and reference it was sent (the application's `Payoff`),
// the rest to the applicant, and confirms the payoffs with one `payoff-confirmed` callback. A real lender
// pays what the creditor says is owed on the day; the sandbox has no creditor to ask.

export function payoffConfirmation(input: {
  application: LenderApplication;
  reference: string;
  quoteId: string;
  lenderId: string;
  now: Date;
}): CallbackBody | null {
  const payoffs = input.application.debts.flatMap((debt) =>
    debt.isRefinanced && debt.payoff
      ? [
          {
            DebtReference: debt.payoff.debtReference,
            Amount: debt.balance,
            PaidAt: input.now.toISOString(),
            Reference: `${input.lenderId}:payoff:${debt.payoff.debtReference.slice(0, 8)}`,
          },
        ]
      : [],
  );
  if (payoffs.length === 0) return null;
  return {
    Type: 'payoff-confirmed',
    ApplicationReference: input.reference,
    QuoteId: input.quoteId,
    Payoffs: payoffs,
  };
}
