import type { BrandConfig, RangeConfig } from '@nordloan/domain/brands/brand-config.schema';
import type { Product } from '@nordloan/domain/enums';

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
