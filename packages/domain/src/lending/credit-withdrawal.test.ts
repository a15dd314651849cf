import { describe, expect, it } from 'vitest';
import {
  creditWithdrawalBodySchema,
  withdrawalPayback,
  withdrawalRepaymentDays,
  withdrawalWindowFromSigning,
} from './credit-withdrawal.ts';

// CCD2 art. 26 (docs/decisions/0066): 14 days from signing; pay back the capital and the interest per day
// from the drawdown to repayment, within 30 days of the notice.

const day = 86_400_000;
const signedAt = new Date('2026-11-10T12:00:00Z');

describe('withdrawalWindowFromSigning', () => {
  it('is open from the signing for 14 × 24 hours, closed at the 14th day', () => {
    expect(withdrawalWindowFromSigning(signedAt, new Date(signedAt.getTime() + 13 * day)).isOpen).toBe(true);
    const last = new Date(signedAt.getTime() + 14 * day - 1);
    expect(withdrawalWindowFromSigning(signedAt, last).isOpen).toBe(true);
    const closed = withdrawalWindowFromSigning(signedAt, new Date(signedAt.getTime() + 14 * day));
    expect(closed.isOpen).toBe(false);
    expect(closed.closesAt.toISOString()).toBe('2026-11-24T12:00:00.000Z');
  });

  it('is not open before the signing', () => {
    expect(withdrawalWindowFromSigning(signedAt, new Date(signedAt.getTime() - 1)).isOpen).toBe(false);
  });
});

describe('withdrawalPayback', () => {
  it('is the principal plus interest per day from the payout to the last day to pay', () => {
    const withdrawnAt = new Date('2026-11-15T12:00:00Z');
    const payback = withdrawalPayback({
      principal: 20_000,
      nominalRate: 7.3,
      paidOutAt: new Date('2026-11-12T12:00:00Z'),
      withdrawnAt,
    });
    // 20 000 × 7.3 % / 365 = 4.00 a day; 3 days before the notice + 30 after = 33 days.
    expect(payback.dailyInterest).toBe(4);
    expect(payback.interestDays).toBe(3 + withdrawalRepaymentDays);
    expect(payback.interest).toBe(132);
    expect(payback.total).toBe(20_132);
    expect(payback.payBackBy.toISOString()).toBe('2026-12-15T12:00:00.000Z');
  });

  it('counts a started day as a day and rounds money to cents', () => {
    const payback = withdrawalPayback({
      principal: 10_000,
      nominalRate: 9.9,
      paidOutAt: new Date('2026-11-14T23:00:00Z'),
      withdrawnAt: new Date('2026-11-15T08:00:00Z'),
    });
    expect(payback.interestDays).toBe(31);
    expect(payback.dailyInterest).toBe(2.71);
    expect(payback.interest).toBe(84.08);
    expect(payback.total).toBe(10_084.08);
  });

  it('owes nothing when nothing was paid out', () => {
    const payback = withdrawalPayback({
      principal: 20_000,
      nominalRate: 7.3,
      paidOutAt: null,
      withdrawnAt: signedAt,
    });
    expect(payback).toMatchObject({ principal: 0, interest: 0, total: 0, interestDays: 0 });
    expect(payback.payBackBy.getTime()).toBe(signedAt.getTime() + 30 * day);
  });
});

describe('creditWithdrawalBodySchema', () => {
  it('takes only an explicit confirmation', () => {
    expect(creditWithdrawalBodySchema.safeParse({ Confirm: true }).success).toBe(true);
    expect(creditWithdrawalBodySchema.safeParse({ Confirm: false }).success).toBe(false);
    expect(creditWithdrawalBodySchema.safeParse({}).success).toBe(false);
    expect(creditWithdrawalBodySchema.safeParse({ Confirm: true, Extra: 1 }).success).toBe(false);
  });
});
