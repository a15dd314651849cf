import type { Country } from '../enums.ts';

// The approval-odds page's address (docs/decisions/0074), apart from the odds' schemas so the router and
// the apply page's link carry no more than this function.

const oddsSlug: Record<Country, string> = {
  NO: 'sjekk-sjansene',
  SE: 'dina-chanser',
  FI: 'mahdollisuutesi',
  DK: 'dine-chancer',
};

/**
 * The approval-odds page of a brand: under its unsecured-loan apply page, in the brand's language (every
 * brand that sells unsecured loans has one; the others none).
 */
export function approvalOddsPathOf(brand: {
  country: Country;
  paths: { applyUnsecured?: string | undefined };
}): string | null {
  const apply = brand.paths.applyUnsecured;
  return apply ? `${apply.replace(/\/$/, '')}/${oddsSlug[brand.country]}` : null;
}
