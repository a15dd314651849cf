import { type BrandConfig, getBrand } from '@nordloan/domain/brands/registry';
import { checkAmountAndDuration, startupFeeFor } from '@nordloan/domain/brands/unsecured-bounds';
import { checkOfferCaps, isMarketableInDenmark } from '@nordloan/domain/finance/caps';
import {
  calculateLoanCost,
  EffectiveRateError,
  type LoanCostInput,
} from '@nordloan/domain/finance/loan-math';
import { representativeExample } from '@nordloan/domain/finance/representative-example';
import { badRequest, type FieldError } from '#src/lib/app-error.ts';

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

export function brandRepresentativeExample(input: {
  brand: BrandConfig;
  amount?: number | undefined;
  durationYears?: number | undefined;
}): RepresentativeExampleAnswer {
  const { brand } = input;
  const settings = brand.unsecuredLoan;
  const amount = input.amount ?? settings.config.amount.default;
  const durationYears = input.durationYears ?? settings.config.duration.default;
  const boundsErrors = checkAmountAndDuration(brand, 'UnsecuredLoan', amount, durationYears).map(
    lowerCaseField,
  );
  if (boundsErrors.length > 0) throw badRequest('Validation failed', boundsErrors);

  const nominalRate = settings.rates[settings.exampleRate]!;
  const startupFee = startupFeeFor(settings.fees, amount);
  const example = representativeExample({
    locale: brand.i18n.defaultLocale,
    currency: brand.currency,
    amount,
    durationYears,
    nominalRate,
    startupFee,
    monthlyFee: settings.fees.monthly,
    feeHandling: settings.feeHandling,
  });
  // An example is marketing: it must not show terms no offer may have (regulation.md "Country rules").
  const caps = checkOfferCaps({
    country: brand.country,
    product: 'UnsecuredLoan',
    amount,
    durationMonths: durationYears * 12,
    nominalRate,
    effectiveRate: example.unrounded.effectiveRate,
    totalCost: example.unrounded.totalCost,
    startupFee,
    monthlyFee: settings.fees.monthly,
    isRefinancing: settings.exampleIsRefinancing,
  });
  const problems = caps.ok ? [] : caps.violations.map((violation) => violation.message);
  if (brand.country === 'DK' && !isMarketableInDenmark(example.unrounded.effectiveRate)) {
    problems.push('ÅOP above 25 % may not be marketed in Denmark (markedsføringsloven § 11 a)');
  }
  if (problems.length > 0) {
    throw badRequest(
      'Validation failed',
      problems.map((message) => ({ Field: 'amount', Message: `No example for these terms: ${message}` })),
    );
  }
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

export function brandById(id: string): BrandConfig {
  return getBrand(id);
}
