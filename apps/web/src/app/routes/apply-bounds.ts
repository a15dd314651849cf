import type { BrandConfig, RangeConfig } from '@nordloan/domain/brands/brand-config.schema';
import type { Product } from '@nordloan/domain/enums';
import type { BrandPage } from '#src/brands/brand-pages.ts';

// §9 per-brand amount and duration bounds for the product of an apply page. A credit card has a limit
// and no duration.
export interface ApplyBounds {
  amount: RangeConfig;
  duration: RangeConfig | null;
}

export function amountBoundsFor(brand: BrandConfig, product: Product): ApplyBounds | null {
  switch (product) {
    case 'UnsecuredLoan':
    case 'DiscoveryLoan':
      return brand.unsecuredLoan.config;
    case 'SecuredLoan':
      return brand.securedLoan?.config ?? null;
    case 'CreditCard':
      return brand.creditCard ? { amount: brand.creditCard.limit, duration: null } : null;
  }
}

/** The loan products a one-form apply offers: the brand's own, in a fixed order. */
export function oneFormProducts(brand: BrandConfig): Product[] {
  return (['UnsecuredLoan', 'CreditCard', 'SecuredLoan'] as const).filter((product) =>
    brand.products.includes(product),
  );
}

/**
 * The products an apply page applies for; more than one means the applicant chooses on the first step.
 * The one-form apply offers the brand's loan products. A credit card has no apply path of its own in §2,
 * so a brand that sells cards but has no one-form page offers the card on its unsecured-loan page
 * (docs/decisions/0016-apply-journey.md).
 */
export function applyProductsFor(
  brand: BrandConfig,
  page: Pick<BrandPage, 'product' | 'purpose'>,
): Product[] {
  if (page.product === null) return oneFormProducts(brand);
  if (
    page.purpose === 'applyUnsecured' &&
    brand.products.includes('CreditCard') &&
    brand.paths.oneFormApply === undefined
  ) {
    return ['UnsecuredLoan', 'CreditCard'];
  }
  return [page.product];
}
