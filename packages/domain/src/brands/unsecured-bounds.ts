import type { z } from 'zod';
import type { LoanCostInput } from '../finance/loan-math.ts';
import {
  type BrandConfig,
  type BrandProduct,
  isOnStepGrid,
  type RangeConfig,
  type UnsecuredFees,
} from './brand-config.schema.ts';

// §5: amounts and durations must respect the per-brand bounds of §9.

export interface ProductBounds {
  product: BrandProduct;
  /** The loan amount; for a credit card, the credit limit. */
  amount: RangeConfig;
  /** In whole years; absent for a credit card (revolving, no term). */
  duration?: RangeConfig;
}

/** Products with an amount (and a term) to bound; Insurance has neither. */
export type BoundedProduct = Exclude<BrandProduct, 'Insurance'>;

export class ProductNotOfferedError extends Error {
  constructor(
    readonly brandId: string,
    readonly product: BrandProduct,
  ) {
    super(`Brand ${brandId} does not offer ${product}`);
    this.name = 'ProductNotOfferedError';
  }
}

/**
 * The amount and duration bounds of a product at a brand: UnsecuredLoan and DiscoveryLoan (a pre-check for
 * an unsecured loan) use the §9 unsecured settings; CreditCard the brand's limit bounds; SecuredLoan its
 * secured settings. Throws ProductNotOfferedError when the brand does not sell the product.
 */
export function unsecuredLoanBounds(brand: BrandConfig, product: BoundedProduct): ProductBounds {
  if (!brand.products.includes(product)) throw new ProductNotOfferedError(brand.brand, product);
  switch (product) {
    case 'UnsecuredLoan':
    case 'DiscoveryLoan':
      return { product, ...brand.unsecuredLoan.config };
    case 'CreditCard':
      // The schema guarantees the settings exist for a brand that sells the product.
      return { product, amount: brand.creditCard!.limit };
    case 'SecuredLoan':
      return { product, ...brand.securedLoan!.config };
  }
}

export interface BoundsFieldError {
  Field: 'Amount' | 'Duration' | 'Product';
  Message: string;
}

/** Groups thousands with a plain space, locale-independent (API messages are English): 800000 → '800 000'. */
export function formatBoundNumber(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

function withinBounds(value: number, range: RangeConfig): boolean {
  return (
    Number.isFinite(value) &&
    value >= range.min &&
    value <= range.max &&
    isOnStepGrid(value, range.min, range.step)
  );
}

export function amountBoundsMessage(product: BrandProduct, range: RangeConfig): string {
  const label = product === 'CreditCard' ? 'Amount (credit limit)' : 'Amount';
  return `${label} must be between ${formatBoundNumber(range.min)} and ${formatBoundNumber(range.max)} in steps of ${formatBoundNumber(range.step)}`;
}

export function durationBoundsMessage(range: RangeConfig): string {
  const grid = range.step === 1 ? 'whole years' : `steps of ${formatBoundNumber(range.step)} years`;
  return `Duration must be between ${range.min} and ${range.max} years in ${grid}`;
}

/**
 * Checks an application's amount and duration (years) against the brand's bounds for the product and
 * returns the §5 field errors (empty when valid). A credit card has no duration; Insurance has nothing to
 * check. A product the brand does not sell is a `Product` error.
 */
export function checkAmountAndDuration(
  brand: BrandConfig,
  product: BrandProduct,
  amount: number,
  durationYears: number | undefined,
): BoundsFieldError[] {
  if (!brand.products.includes(product)) {
    return [{ Field: 'Product', Message: `${product} is not offered by ${brand.name}` }];
  }
  if (product === 'Insurance') return [];
  const bounds = unsecuredLoanBounds(brand, product);
  const errors: BoundsFieldError[] = [];
  if (!withinBounds(amount, bounds.amount)) {
    errors.push({ Field: 'Amount', Message: amountBoundsMessage(product, bounds.amount) });
  }
  if (bounds.duration) {
    if (durationYears === undefined) {
      errors.push({ Field: 'Duration', Message: 'Duration is required' });
    } else if (!withinBounds(durationYears, bounds.duration)) {
      errors.push({ Field: 'Duration', Message: durationBoundsMessage(bounds.duration) });
    }
  }
  return errors;
}

/**
 * For a zod `superRefine`: adds each bounds error as a custom issue at path [Field], so the API's error
 * handler turns it into `{ Field, Message }` like any other validation failure.
 */
export function refineAmountAndDuration(
  ctx: z.RefinementCtx,
  brand: BrandConfig,
  product: BrandProduct,
  amount: number,
  durationYears: number | undefined,
): void {
  for (const error of checkAmountAndDuration(brand, product, amount, durationYears)) {
    ctx.addIssue({ code: 'custom', path: [error.Field], message: error.Message });
  }
}

/** The startup fee in money: fixed, or (§9 "establish 3") a percentage of the amount. */
export function startupFeeFor(fees: UnsecuredFees, amount: number): number {
  return 'startup' in fees ? fees.startup : (amount * fees.establishmentPercent) / 100;
}

/**
 * The brand's representative example (regulation.md) as input for `calculateLoanCost`: the default amount
 * and term of §9 at the brand's example rate, with its own fees and fee convention.
 */
export function exampleLoanCostInput(brand: BrandConfig): LoanCostInput {
  const { config, rates, exampleRate, fees, feeHandling } = brand.unsecuredLoan;
  return {
    amount: config.amount.default,
    durationMonths: config.duration.default * 12,
    // The schema guarantees the named example rate is configured.
    nominalRate: rates[exampleRate]!,
    startupFee: startupFeeFor(fees, config.amount.default),
    monthlyFee: fees.monthly,
    feeHandling,
  };
}
