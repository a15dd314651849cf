import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { createFormatters, type Formatters } from '#src/i18n/format.ts';

export interface BrandContextValue {
  brand: BrandConfig;
  /** True on the brand's separate personal-page host (`mine.…`). */
  isMyPageHost: boolean;
  format: Formatters;
}

const BrandContext = createContext<BrandContextValue | null>(null);

export function BrandProvider({
  brand,
  isMyPageHost = false,
  children,
}: {
  brand: BrandConfig;
  isMyPageHost?: boolean;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ brand, isMyPageHost, format: createFormatters(brand.i18n.defaultLocale, brand.currency) }),
    [brand, isMyPageHost],
  );
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}

export function useBrand(): BrandContextValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand outside BrandProvider');
  return value;
}
