import { z } from 'zod';

// Pure loan mathematics. Every formula and convention here is from
// /shared/design/regulation.md ("Consumer-credit rules and loan math"); that document wins on any figure.
// Numbers are returned unrounded: round only for display, with `roundHalfUp`.

/** How a startup fee enters the loan (regulation.md "How a startup fee enters changes the answer"). */
export const feeHandlings = ['upfront', 'financed'] as const;
export const feeHandlingSchema = /* @__PURE__ */ z.enum(feeHandlings);
export type FeeHandling = z.infer<typeof feeHandlingSchema>;

/** Longest term we accept anywhere: 50 years. Longer is a data error, not a loan. */
export const maxDurationMonths = 600;

/**
 * Monthly annuity on `principal` at nominal yearly rate `nominalRatePercent` (11.9 = 11.9 %) over `months`:
 * P·i/(1−(1+i)^(−n)) with i = r/12/100, and P/n when r = 0 (regulation.md).
 */
export function annuityPayment(principal: number, nominalRatePercent: number, months: number): number {
  if (
    !Number.isFinite(principal) ||
    !Number.isFinite(nominalRatePercent) ||
    !Number.isInteger(months) ||
    months < 1
  ) {
    throw new RangeError(
      `annuityPayment: need finite principal and rate and whole months ≥ 1 (got ${principal}, ${nominalRatePercent}, ${months})`,
    );
  }
  const monthlyRate = nominalRatePercent / 12 / 100;
  if (monthlyRate === 0) return principal / months;
  // -expm1(-n·log1p(i)) = 1 − (1+i)^(−n) without cancellation for tiny rates.
  return (principal * monthlyRate) / -Math.expm1(-months * Math.log1p(monthlyRate));
}

// ---------------------------------------------------------------------------------------------
// Effective annual rate — EU Consumer Credit Directive 2008/48/EC Annex I; finansavtaleforskriften § 1-4.
//   Σ_k C_k (1+X)^(−t_k) = Σ_l D_l (1+X)^(−s_l), t and s in years from the first payout.

/** One amount at a point in time, `timeYears` after the first payout (month k is k/12). */
export interface CashFlow {
  amount: number;
  timeYears: number;
}

export interface LoanCashFlows {
  /** C_k: amounts paid out to the borrower. */
  drawdowns: readonly CashFlow[];
  /** D_l: every repayment and every charge (monthly fees included). */
  repayments: readonly CashFlow[];
}

export type EffectiveRateErrorCode =
  /** An amount or time is not finite, an amount is negative, or a time is negative. */
  | 'INVALID_CASHFLOW'
  /** Nothing is paid out (Σ C ≤ 0) or nothing is repaid (Σ D ≤ 0): no rate describes that. */
  | 'EMPTY_CASHFLOWS'
  /** The equation has no root in X > −1 (e.g. everything is repaid before it is paid out). */
  | 'NO_ROOT';

/** Thrown by `effectiveAnnualRate` for cash flows that have no effective rate. */
export class EffectiveRateError extends Error {
  override readonly name = 'EffectiveRateError';
  constructor(
    readonly code: EffectiveRateErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const maxSolverIterations = 200;
// Search range for u = ln(1+X): e^±700 is near the double range, so any representable X > −1 is reachable.
const maxLogRate = 700;

/**
 * Solves the Annex I equation for X and returns it as a FRACTION (0.13327 = 13.327 %).
 *
 * Degenerate input throws `EffectiveRateError` rather than returning NaN, so a broken offer cannot
 * slip through as "NaN %" on a page. The solver works in u = ln(1+X), where the discounted value
 * is smooth on the whole real line and X > −1 holds by construction (a negative X is returned if the
 * borrower repays less than was paid out). Brent's method on a sign-changing bracket, at most
 * `maxSolverIterations` steps, so it always terminates.
 */
export function effectiveAnnualRate(cashflows: LoanCashFlows): number {
  const { drawdowns, repayments } = cashflows;
  for (const flow of [...drawdowns, ...repayments]) {
    if (
      !Number.isFinite(flow.amount) ||
      !Number.isFinite(flow.timeYears) ||
      flow.amount < 0 ||
      flow.timeYears < 0
    ) {
      throw new EffectiveRateError(
        'INVALID_CASHFLOW',
        `Cash flows need finite, non-negative amounts and times (got amount ${flow.amount}, time ${flow.timeYears})`,
      );
    }
  }
  const sum = (flows: readonly CashFlow[]) => flows.reduce((total, flow) => total + flow.amount, 0);
  if (!(sum(drawdowns) > 0) || !(sum(repayments) > 0)) {
    throw new EffectiveRateError(
      'EMPTY_CASHFLOWS',
      'An effective rate needs an amount paid out and an amount repaid',
    );
  }

  // g(u) = Σ D e^(−u·s) − Σ C e^(−u·t): present value of what is owed minus what is received.
  const presentValue = (flows: readonly CashFlow[], u: number) =>
    flows.reduce((total, flow) => total + flow.amount * Math.exp(-u * flow.timeYears), 0);
  const balance = (u: number) => presentValue(repayments, u) - presentValue(drawdowns, u);

  const root = findRootByBrent(balance);
  if (root === undefined || Number.isNaN(root)) {
    throw new EffectiveRateError('NO_ROOT', 'The cash flows have no effective annual rate above −100 %');
  }
  return Math.expm1(root);
}

/** Finds a sign change of `f` by stepping out from 0 in both directions, then polishes it with Brent. */
function findRootByBrent(f: (u: number) => number): number | undefined {
  const atZero = f(0);
  if (atZero === 0) return 0;
  // For a normal loan (payout first) f falls as u rises; search first in the direction that should
  // hold the root, then the other, so odd cash flows still get a bracket if one exists.
  const directions = atZero > 0 ? [1, -1] : [-1, 1];
  for (const direction of directions) {
    let near = 0;
    let fNear = atZero;
    for (let step = 1 / 64; step <= maxLogRate * 2; step *= 2) {
      const far = direction * Math.min(step, maxLogRate);
      const fFar = f(far);
      if (Number.isNaN(fFar)) break;
      if (Math.sign(fFar) !== Math.sign(fNear)) return brent(f, near, far, fNear, fFar);
      if (Math.abs(far) >= maxLogRate) break;
      near = far;
      fNear = fFar;
    }
  }
  return undefined;
}

/** Brent's method (Brent 1973, "zeroin") on [a, b] with f(a)·f(b) < 0; falls back to bisection on infinities. */
function brent(f: (u: number) => number, a0: number, b0: number, fa0: number, fb0: number): number {
  let a = a0;
  let b = b0;
  let fa = fa0;
  let fb = fb0;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iteration = 0; iteration < maxSolverIterations; iteration++) {
    if (Math.sign(fb) === Math.sign(fc)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tolerance = 2 * Number.EPSILON * Math.abs(b) + 1e-15;
    const half = (c - b) / 2;
    if (Math.abs(half) <= tolerance || fb === 0) return b;
    const canInterpolate = Number.isFinite(fa) && Number.isFinite(fb) && Number.isFinite(fc);
    if (canInterpolate && Math.abs(e) >= tolerance && Math.abs(fa) > Math.abs(fb)) {
      let p: number;
      let q: number;
      const s = fb / fa;
      if (a === c) {
        p = 2 * half * s; // secant
        q = 1 - s;
      } else {
        const r = fb / fc; // inverse quadratic interpolation
        const t = fa / fc;
        p = s * (2 * half * t * (t - r) - (b - a) * (r - 1));
        q = (t - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * half * q - Math.abs(tolerance * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = half;
        e = d;
      }
    } else {
      d = half;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tolerance ? d : half > 0 ? tolerance : -tolerance;
    fb = f(b);
    if (Number.isNaN(fb)) return Number.NaN;
  }
  return b; // iteration cap reached: b is the best point of a still-valid bracket
}

// ---------------------------------------------------------------------------------------------
// Loan cost for one offer or example.

/** The largest amount or fee the calculator takes. */
export const maxCalculatorAmount = 1_000_000_000;

export const loanCostInputSchema = /* @__PURE__ */ z
  .object({
    // Upper bounds keep every figure finite (1e308 would overflow to Infinity): far above any consumer loan.
    amount: z
      .number()
      .finite('Amount must be a number')
      .positive('Amount must be greater than 0')
      .max(maxCalculatorAmount, 'Amount must be at most 1 000 000 000'),
    durationMonths: z
      .number()
      .int('Duration must be a whole number of months')
      .min(1, 'Duration must be at least 1 month')
      .max(maxDurationMonths, `Duration must be at most ${maxDurationMonths} months`),
    nominalRate: z
      .number()
      .min(0, 'Nominal rate must be at least 0 %')
      .max(100, 'Nominal rate must be at most 100 % (give percent: 11.9 means 11.9 %)'),
    startupFee: z
      .number()
      .finite('Startup fee must be a number')
      .min(0, 'Startup fee must be 0 or more')
      .max(maxCalculatorAmount, 'Startup fee must be at most 1 000 000 000'),
    monthlyFee: z
      .number()
      .finite('Monthly fee must be a number')
      .min(0, 'Monthly fee must be 0 or more')
      .max(maxCalculatorAmount, 'Monthly fee must be at most 1 000 000 000'),
    feeHandling: feeHandlingSchema,
  })
  .refine((input) => input.feeHandling !== 'upfront' || input.startupFee < input.amount, {
    path: ['startupFee'],
    message: 'An upfront startup fee must be less than the amount, or nothing is paid out',
  });
export type LoanCostInput = z.infer<typeof loanCostInputSchema>;

export const loanCostResultSchema = /* @__PURE__ */ z.object({
  /** What the borrower pays each month: annuity + monthly fee (the 'monthly' column of regulation.md's table). */
  monthlyPayment: z.number(),
  /** The annuity alone (interest + principal), without the monthly fee. */
  annuityPayment: z.number(),
  /** Total cost of credit = total payable − amount. */
  totalCost: z.number(),
  /** n·(annuity + monthly fee), plus the startup fee when it is paid upfront. */
  totalPayable: z.number(),
  /** Effective annual rate in PERCENT (13.327 = 13.327 %). */
  effectiveRate: z.number(),
});
export type LoanCostResult = z.infer<typeof loanCostResultSchema>;

/** The Annex I cash flows of an annuity loan under either fee convention (regulation.md). */
export function loanCashFlows(input: LoanCostInput): LoanCashFlows {
  const { amount, durationMonths, nominalRate, startupFee, monthlyFee, feeHandling } = input;
  // upfront: fee paid/deducted at t=0, annuity on the amount. financed: fee added to the loan, full amount paid out.
  const financedPrincipal = feeHandling === 'financed' ? amount + startupFee : amount;
  const payout = feeHandling === 'upfront' ? amount - startupFee : amount;
  const monthly = annuityPayment(financedPrincipal, nominalRate, durationMonths) + monthlyFee;
  return {
    drawdowns: [{ amount: payout, timeYears: 0 }],
    repayments: Array.from({ length: durationMonths }, (_, index) => ({
      amount: monthly,
      timeYears: (index + 1) / 12,
    })),
  };
}

/**
 * Monthly payment, totals and effective rate of an annuity loan, unrounded.
 * Throws `EffectiveRateError` for input with no effective rate (e.g. an upfront fee ≥ the amount);
 * parse untrusted input with `loanCostInputSchema` first to get a 400 instead.
 */
export function calculateLoanCost(input: LoanCostInput): LoanCostResult {
  const { amount, durationMonths, nominalRate, startupFee, monthlyFee, feeHandling } = input;
  const financedPrincipal = feeHandling === 'financed' ? amount + startupFee : amount;
  const annuity = annuityPayment(financedPrincipal, nominalRate, durationMonths);
  const monthlyPayment = annuity + monthlyFee;
  const totalPayable = durationMonths * monthlyPayment + (feeHandling === 'upfront' ? startupFee : 0);
  return {
    monthlyPayment,
    annuityPayment: annuity,
    totalCost: totalPayable - amount,
    totalPayable,
    effectiveRate: effectiveAnnualRate(loanCashFlows(input)) * 100,
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * Rounds half away from zero ("half up" as on a receipt: 13.25 → 13.3, −13.25 → −13.3) to `decimals`
 * places, for display only. The shifted value is first cut to 15 significant digits so binary
 * representation error does not flip a visible half (1.005 → 1.01, not 1.00).
 */
export function roundHalfUp(value: number, decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15) {
    throw new RangeError(`roundHalfUp: decimals must be a whole number 0…15 (got ${decimals})`);
  }
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const shifted = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(shifted) / factor;
  return value < 0 ? -rounded : rounded;
}
