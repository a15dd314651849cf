import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annuityPayment,
  calculateLoanCost,
  EffectiveRateError,
  effectiveAnnualRate,
  type FeeHandling,
  feeHandlings,
  type LoanCostInput,
  loanCashFlows,
  loanCostInputSchema,
  loanCostResultSchema,
  roundHalfUp,
} from './loan-math.ts';

const noFees = { startupFee: 0, monthlyFee: 0 } as const;

// regulation.md "Worked figures": the 'monthly' column is annuity + monthly fee (case a A: 3,329.09 + 30).
const workedFigures = [
  {
    case: 'a',
    amount: 150_000,
    years: 5,
    rate: 11.9,
    fee: 950,
    monthlyFee: 30,
    A: [3359.09, 13.327],
    B: [3380.18, 13.3222],
  },
  {
    case: 'b',
    amount: 65_000,
    years: 1,
    rate: 11.9,
    fee: 950,
    monthlyFee: 30,
    A: [5802.13, 16.877],
    B: [5886.49, 16.8133],
  },
  {
    case: 'c',
    amount: 500_000,
    years: 15,
    rate: 6.95,
    fee: 495,
    monthlyFee: 0,
    A: [4480.18, 7.1927],
    B: [4484.61, 7.1926],
  },
  {
    case: 'd',
    amount: 40_000,
    years: 15,
    rate: 6,
    fee: 0,
    monthlyFee: 0,
    A: [337.54, 6.1678],
    B: [337.54, 6.1678],
  },
  {
    case: 'e',
    amount: 250_000,
    years: 12,
    rate: 12,
    fee: 7500,
    monthlyFee: 0,
    A: [3283.55, 13.4279],
    B: [3382.05, 13.4056],
  },
  {
    case: 'g',
    amount: 20_000,
    years: 2,
    rate: 0,
    fee: 950,
    monthlyFee: 30,
    A: [863.33, 8.5171],
    B: [902.92, 8.1079],
  },
] as const;

const conventions: Record<'A' | 'B', FeeHandling> = { A: 'upfront', B: 'financed' };

describe('worked figures of regulation.md', () => {
  for (const figure of workedFigures) {
    for (const column of ['A', 'B'] as const) {
      it(`case ${figure.case} ${column} (${conventions[column]})`, () => {
        const result = calculateLoanCost({
          amount: figure.amount,
          durationMonths: figure.years * 12,
          nominalRate: figure.rate,
          startupFee: figure.fee,
          monthlyFee: figure.monthlyFee,
          feeHandling: conventions[column],
        });
        const [monthly, apr] = figure[column];
        expect(roundHalfUp(result.monthlyPayment, 2)).toBe(monthly);
        expect(roundHalfUp(result.effectiveRate, 4)).toBe(apr);
        expect(loanCostResultSchema.parse(result)).toEqual(result);
      });
    }
  }

  it('case a A totals: cost 52,495.53, payable 202,495.53', () => {
    const result = calculateLoanCost({
      amount: 150_000,
      durationMonths: 60,
      nominalRate: 11.9,
      startupFee: 950,
      monthlyFee: 30,
      feeHandling: 'upfront',
    });
    expect(roundHalfUp(result.totalCost, 2)).toBe(52_495.53);
    expect(roundHalfUp(result.totalPayable, 2)).toBe(202_495.53);
    expect(roundHalfUp(result.annuityPayment, 2)).toBe(3329.09);
    expect(result.totalPayable - result.totalCost).toBeCloseTo(150_000, 8);
  });
});

describe('annuityPayment', () => {
  it('is P/n at 0 %', () => {
    expect(annuityPayment(20_000, 0, 24)).toBeCloseTo(833.333333, 6);
  });

  it('pays back exactly the principal (present value of the payments = principal)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.integer({ min: 1, max: 600 }),
        (principal, rate, months) => {
          const payment = annuityPayment(principal, rate, months);
          const monthlyRate = rate / 1200;
          let presentValue = 0;
          for (let month = 1; month <= months; month++) presentValue += payment * (1 + monthlyRate) ** -month;
          return Math.abs(presentValue - principal) <= principal * 1e-9;
        },
      ),
    );
  });

  it('rejects nonsense terms', () => {
    expect(() => annuityPayment(1000, 5, 0)).toThrow(RangeError);
    expect(() => annuityPayment(1000, 5, 1.5)).toThrow(RangeError);
    expect(() => annuityPayment(Number.NaN, 5, 12)).toThrow(RangeError);
  });
});

const loanInput = fc.record<LoanCostInput>({
  amount: fc.double({ min: 100, max: 5e6, noNaN: true }),
  durationMonths: fc.integer({ min: 1, max: 600 }),
  nominalRate: fc.double({ min: 0, max: 100, noNaN: true }),
  startupFee: fc.constant(0),
  monthlyFee: fc.constant(0),
  feeHandling: fc.constantFrom(...feeHandlings),
});

describe('effective rate properties', () => {
  it('with no fees equals (1 + r/12)^12 − 1', () => {
    fc.assert(
      fc.property(loanInput, (input) => {
        const expected = ((1 + input.nominalRate / 1200) ** 12 - 1) * 100;
        const { effectiveRate } = calculateLoanCost(input);
        return Math.abs(effectiveRate - expected) <= 1e-7 * Math.max(1, expected);
      }),
    );
  });

  it('fees never lower it', () => {
    fc.assert(
      fc.property(
        loanInput,
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 0.01, noNaN: true }),
        (input, startupShare, monthlyShare) => {
          const withoutFees = calculateLoanCost(input).effectiveRate;
          const withFees = calculateLoanCost({
            ...input,
            startupFee: input.amount * startupShare,
            monthlyFee: input.amount * monthlyShare,
          }).effectiveRate;
          return withFees >= withoutFees - 1e-9 * Math.max(1, withoutFees);
        },
      ),
    );
  });

  it('0 % nominal with fees gives a positive, finite rate', () => {
    for (const feeHandling of feeHandlings) {
      const { effectiveRate } = calculateLoanCost({
        amount: 20_000,
        durationMonths: 24,
        nominalRate: 0,
        startupFee: 950,
        monthlyFee: 30,
        feeHandling,
      });
      expect(effectiveRate).toBeGreaterThan(0);
      expect(Number.isFinite(effectiveRate)).toBe(true);
    }
    expect(
      calculateLoanCost({
        amount: 20_000,
        durationMonths: 24,
        nominalRate: 0,
        ...noFees,
        feeHandling: 'financed',
      }).effectiveRate,
    ).toBe(0);
  });

  it('the solver terminates and solves the equation for random and extreme input', () => {
    fc.assert(
      fc.property(
        fc.record({
          amount: fc.double({ min: 1, max: 1e9, noNaN: true }),
          durationMonths: fc.integer({ min: 1, max: 600 }),
          nominalRate: fc.oneof(
            fc.constant(0),
            fc.constant(100),
            fc.double({ min: 0, max: 100, noNaN: true }),
          ),
          startupShare: fc.oneof(
            fc.constant(0),
            fc.constant(0.999),
            fc.double({ min: 0, max: 0.999, noNaN: true }),
          ),
          monthlyFee: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e6, noNaN: true })),
          feeHandling: fc.constantFrom(...feeHandlings),
        }),
        ({ startupShare, ...rest }) => {
          const input = { ...rest, startupFee: rest.amount * startupShare };
          const flows = loanCashFlows(input);
          const rate = effectiveAnnualRate(flows);
          expect(Number.isFinite(rate)).toBe(true);
          expect(rate).toBeGreaterThanOrEqual(-1e-12); // 0 up to rounding noise at ~0 % rates
          // X really is a root: relative residual of the Annex I equation is tiny.
          const discounted = (amount: number, time: number) => amount * (1 + rate) ** -time;
          const paidOut = flows.drawdowns.reduce((sum, f) => sum + discounted(f.amount, f.timeYears), 0);
          const repaid = flows.repayments.reduce((sum, f) => sum + discounted(f.amount, f.timeYears), 0);
          expect(Math.abs(repaid - paidOut) / paidOut).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('returns a negative X when less is repaid than paid out', () => {
    const rate = effectiveAnnualRate({
      drawdowns: [{ amount: 1000, timeYears: 0 }],
      repayments: [{ amount: 900, timeYears: 1 }],
    });
    expect(rate).toBeCloseTo(-0.1, 12);
  });

  it('handles a single repayment and multiple drawdowns', () => {
    expect(
      effectiveAnnualRate({
        drawdowns: [{ amount: 100, timeYears: 0 }],
        repayments: [{ amount: 110, timeYears: 1 }],
      }),
    ).toBeCloseTo(0.1, 12);
    const rate = effectiveAnnualRate({
      drawdowns: [
        { amount: 50, timeYears: 0 },
        { amount: 50, timeYears: 0.5 },
      ],
      repayments: [{ amount: 120, timeYears: 2 }],
    });
    expect(50 + 50 * (1 + rate) ** -0.5).toBeCloseTo(120 * (1 + rate) ** -2, 9);
  });

  it('throws a typed error on degenerate cash flows', () => {
    const expectCode = (flows: Parameters<typeof effectiveAnnualRate>[0], code: string) => {
      try {
        effectiveAnnualRate(flows);
        expect.unreachable('should throw');
      } catch (error) {
        expect(error).toBeInstanceOf(EffectiveRateError);
        expect((error as EffectiveRateError).code).toBe(code);
      }
    };
    const month1 = [{ amount: 100, timeYears: 1 / 12 }];
    const payout = [{ amount: 100, timeYears: 0 }];
    expectCode({ drawdowns: [], repayments: month1 }, 'EMPTY_CASHFLOWS');
    expectCode({ drawdowns: payout, repayments: [] }, 'EMPTY_CASHFLOWS');
    expectCode({ drawdowns: [{ amount: 0, timeYears: 0 }], repayments: month1 }, 'EMPTY_CASHFLOWS');
    expectCode({ drawdowns: [{ amount: Number.NaN, timeYears: 0 }], repayments: month1 }, 'INVALID_CASHFLOW');
    expectCode(
      { drawdowns: payout, repayments: [{ amount: 100, timeYears: Number.POSITIVE_INFINITY }] },
      'INVALID_CASHFLOW',
    );
    expectCode({ drawdowns: payout, repayments: [{ amount: -5, timeYears: 1 }] }, 'INVALID_CASHFLOW');
    // Repaid at the same moment it is paid out, but more: no X balances that.
    expectCode({ drawdowns: payout, repayments: [{ amount: 120, timeYears: 0 }] }, 'NO_ROOT');
    // An upfront fee equal to the amount pays out nothing.
    expect(() =>
      calculateLoanCost({
        amount: 950,
        durationMonths: 12,
        nominalRate: 5,
        startupFee: 950,
        monthlyFee: 0,
        feeHandling: 'upfront',
      }),
    ).toThrow(EffectiveRateError);
  });
});

describe('loanCostInputSchema', () => {
  const valid: LoanCostInput = {
    amount: 150_000,
    durationMonths: 60,
    nominalRate: 11.9,
    startupFee: 950,
    monthlyFee: 30,
    feeHandling: 'financed',
  };

  it('accepts a normal loan', () => {
    expect(loanCostInputSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ amount: 0 }, 'amount', 'Amount must be greater than 0'],
    [{ durationMonths: 0 }, 'durationMonths', 'Duration must be at least 1 month'],
    [{ durationMonths: 601 }, 'durationMonths', 'Duration must be at most 600 months'],
    [{ durationMonths: 12.5 }, 'durationMonths', 'Duration must be a whole number of months'],
    [{ nominalRate: -1 }, 'nominalRate', 'Nominal rate must be at least 0 %'],
    [{ nominalRate: 101 }, 'nominalRate', 'Nominal rate must be at most 100 %'],
    [{ startupFee: -1 }, 'startupFee', 'Startup fee must be 0 or more'],
    [{ monthlyFee: -1 }, 'monthlyFee', 'Monthly fee must be 0 or more'],
    [
      { feeHandling: 'upfront', startupFee: 150_000 },
      'startupFee',
      'An upfront startup fee must be less than the amount',
    ],
  ])('rejects %o', (override, field, message) => {
    const result = loanCostInputSchema.safeParse({ ...valid, ...override });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual([field]);
    expect(issue?.message).toContain(message);
  });
});

describe('roundHalfUp', () => {
  it.each([
    [13.25, 1, 13.3],
    [13.24999, 1, 13.2],
    [13.326958, 1, 13.3],
    [1.005, 2, 1.01],
    [52_495.5267, 0, 52_496],
    [202_495.5, 0, 202_496],
    [-13.25, 1, -13.3],
    [2.5, 0, 3],
    [0, 2, 0],
  ])('roundHalfUp(%d, %d) = %d', (value, decimals, expected) => {
    expect(roundHalfUp(value, decimals)).toBe(expected);
  });

  it('keeps NaN and infinities and rejects bad decimals', () => {
    expect(roundHalfUp(Number.NaN, 1)).toBeNaN();
    expect(roundHalfUp(Number.POSITIVE_INFINITY, 1)).toBe(Number.POSITIVE_INFINITY);
    expect(() => roundHalfUp(1, -1)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 1.5)).toThrow(RangeError);
  });

  it('is never more than half a unit away', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (value, decimals) => {
          return Math.abs(roundHalfUp(value, decimals) - value) <= 0.5 * 10 ** -decimals + 1e-6;
        },
      ),
    );
  });
});
