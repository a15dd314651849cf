import { brandExample } from '@nordloan/domain/brands/brand-example';
import type { BrandConfig } from '@nordloan/domain/brands/registry';
import {
  calculateLoanCost,
  EffectiveRateError,
  type LoanCostInput,
} from '@nordloan/domain/finance/loan-math';
import type { Executor } from '#src/db/client.ts';
import { badRequest, type FieldError } from '#src/lib/app-error.ts';
import { capsConfigInForce } from '#src/modules/regulatory-figures/regulatory-figure.service.ts';

// The public calculator (issue 4): the loan cost of any terms, and a brand's representative example
// (regulation.md) for an amount and term inside the brand's bounds (§5, §9).

export interface LoanCostAnswer {
  monthlyPayment: number;
  totalCost: number;
  totalPayable: number;
  effectiveRate: number;
}

/** Unrounded figures; rates in percent. */
export function loanCost(input: LoanCostInput): LoanCostAnswer {
  try {
    const result = calculateLoanCost(input);
    return {
      monthlyPayment: result.monthlyPayment,
      totalCost: result.totalCost,
      totalPayable: result.totalPayable,
      effectiveRate: result.effectiveRate,
    };
  } catch (error) {
    if (error instanceof EffectiveRateError) {
      throw badRequest('Validation failed', [{ Field: 'body', Message: error.message }]);
    }
    throw error;
  }
}

export interface RepresentativeExampleAnswer {
  brand: string;
  locale: string;
  currency: string;
  amount: number;
  durationYears: number;
  nominalRate: number;
  startupFee: number;
  monthlyFee: number;
  feeHandling: 'upfront' | 'financed';
  /** Effective rate in percent, one decimal, as printed. */
  effectiveRate: number;
  totalCost: number;
  totalPayable: number;
  monthlyPayment: number;
  text: string;
}

const lowerCaseField = (error: { Field: string; Message: string }): FieldError => ({
  Field: error.Field.toLowerCase() === 'duration' ? 'duration' : error.Field.toLowerCase(),
  Message: error.Message,
});

export async function brandRepresentativeExample(input: {
  brand: BrandConfig;
  amount?: number | undefined;
  durationYears?: number | undefined;
  db: Executor;
  /** The example keeps the caps in force on this day (regulatory figures; issue 17). */
  now: Date;
}): Promise<RepresentativeExampleAnswer> {
  const { brand } = input;
  const settings = brand.unsecuredLoan;
  const amount = input.amount ?? settings.config.amount.default;
  const durationYears = input.durationYears ?? settings.config.duration.default;
  const capsConfig = await capsConfigInForce(input.db, input.now);
  const result = brandExample(brand, amount, durationYears, capsConfig);
  if (result.kind === 'unavailable') {
    const errors =
      result.reason === 'bounds'
        ? result.errors.map(lowerCaseField)
        : (result.reason === 'caps' ? result.problems : ['no effective rate can be computed']).map(
            (message) => ({ Field: 'amount', Message: `No example for these terms: ${message}` }),
          );
    throw badRequest('Validation failed', errors);
  }
  const { example, nominalRate, startupFee } = result;
  return {
    brand: brand.brand,
    locale: brand.i18n.defaultLocale,
    currency: brand.currency,
    amount,
    durationYears,
    nominalRate,
    startupFee,
    monthlyFee: settings.fees.monthly,
    feeHandling: settings.feeHandling,
    effectiveRate: example.effectiveRate,
    totalCost: example.totalCost,
    totalPayable: example.totalPayable,
    monthlyPayment: example.monthlyPayment,
    text: example.text,
  };
}
