import type { LenderApplication, LenderDebt } from '@nordloan/domain/lending/credit-policy';
import { lenderCallbackSchema } from '@nordloan/domain/lending/lender-api';
import { describe, expect, it } from 'vitest';
import { payoffConfirmation } from './sandbox-payoffs.ts';

// ADR 0080: the sandbox lender confirms each refinanced debt it was told where to pay, at its balance.

const debtReference = '6f1c1a3e-8a43-4c1e-9a55-1c2b3d4e5f60';
const debt = (overrides: Partial<LenderDebt>): LenderDebt => ({
  type: 'Unsecured',
  balance: 40_000,
  monthlyPayment: 1_500,
  isRefinanced: false,
  creditor: 'Bank',
  interestRatePercent: null,
  remainingTermMonths: null,
  ...overrides,
});
const applicationWith = (debts: LenderDebt[]) => ({ debts }) as unknown as LenderApplication;
const input = {
  reference: '0b7d3c52-51c4-4a0c-8e3c-0f4f2a6f9d10',
  quoteId: '2f0e6a1b-9c8d-4e7f-a6b5-c4d3e2f1a0b9',
  lenderId: 'no-kyst',
  now: new Date('2026-11-29T10:00:00Z'),
};

describe('payoffConfirmation', () => {
  it('one payoff per refinanced debt with an instruction, as a valid callback', () => {
    const body = payoffConfirmation({
      ...input,
      application: applicationWith([
        debt({
          isRefinanced: true,
          payoff: {
            debtReference,
            account: '86011117947',
            accountKind: 'no-account',
            paymentReference: '79927398713',
          },
        }),
        debt({ creditor: 'Stays' }),
      ]),
    });
    expect(body).toMatchObject({
      Type: 'payoff-confirmed',
      Payoffs: [{ DebtReference: debtReference, Amount: 40_000, PaidAt: '2026-11-29T10:00:00.000Z' }],
    });
    const message = {
      ...body,
      MessageId: crypto.randomUUID(),
      SentAt: input.now.toISOString(),
      LenderId: 'no-kyst',
    };
    expect(lenderCallbackSchema.safeParse(message).success).toBe(true);
  });

  it('nothing to confirm without refinanced debts', () => {
    expect(payoffConfirmation({ ...input, application: applicationWith([debt({})]) })).toBeNull();
  });
});
