import { type BrandConfig, brands, isBrandId } from '@nordloan/domain/brands/registry';
import type { Country } from '@nordloan/domain/enums';
import { errorMessages } from '@nordloan/domain/errors';
import { AppError, badRequest } from '#src/lib/app-error.ts';
import { fillPlaceholders, localDate, versionLabel } from '#src/lib/terms-version.ts';
import type { ContentStore, TermsEntry } from './content.repository.ts';

/** A terms entry as served: the §3 fields plus its label and the filled-in text. */
export interface PublishedTerm {
  tc_type: string;
  version: number;
  _publish_on: string;
  version_label: string;
  brand: string;
  country: Country;
  title: string;
  body: string;
}

/** Each country's main brand (brands.md): the brand a call that names only a country is about. */
export function mainBrandOf(country: Country): BrandConfig {
  return brands[`${country.toLowerCase()}-main` as keyof typeof brands];
}

/**
 * The brand named by a request, checked against the country when one is given. An unknown brand, or one of
 * another country, is the §8 'Unknown brand' (400), with the details in Errors.
 */
export function requireBrand(brandId: string | undefined, country?: Country, field = 'brand'): BrandConfig {
  if (brandId === undefined) {
    if (!country) throw badRequest(errorMessages.unknownBrand(), [{ Field: field, Message: 'Required' }]);
    return mainBrandOf(country);
  }
  if (!isBrandId(brandId)) {
    throw badRequest(errorMessages.unknownBrand(), [{ Field: field, Message: `No brand '${brandId}'` }]);
  }
  const brand = brands[brandId];
  if (country && brand.country !== country) {
    throw badRequest(errorMessages.unknownBrand(), [
      { Field: field, Message: `${brandId} is not a brand of ${country}` },
    ]);
  }
  return brand;
}

/** The values terms texts may use (content/README.md). */
export function brandPlaceholders(brand: BrandConfig): Record<string, string> {
  return {
    brandName: brand.name,
    organisationName: brand.organisation.name,
    organisationNumber: brand.organisation.number,
    contactEmail: brand.contact.email,
  };
}

/**
 * Entries that apply to a brand: its own (`brands` names it) replace the country-wide ones of the same
 * tc_type. Every applicable entry must have a publish date (§5, §8), published or not.
 */
function entriesForBrand(entries: TermsEntry[], brand: BrandConfig): TermsEntry[] {
  const own = entries.filter((entry) => entry.brands?.includes(brand.brand));
  const ownTypes = new Set(own.map((entry) => entry.tc_type));
  const shared = entries.filter((entry) => entry.brands === undefined && !ownTypes.has(entry.tc_type));
  return [...own, ...shared];
}

/** Every version of every entry of the brand, labelled; newest publish date last. Throws the §8 errors. */
export async function allTermsOfBrand(options: { store: ContentStore; brand: BrandConfig }) {
  const { store, brand } = options;
  const content = await store.termsContent(brand.country);
  // The brand is in the registry, but the content store has nothing for it.
  if (!content) throw new AppError(500, errorMessages.brandConfigurationNotFound());
  const entries = entriesForBrand(content.entries, brand);
  if (entries.length === 0) throw new AppError(500, errorMessages.brandConfigurationNotFound());
  const placeholders = brandPlaceholders(brand);
  return entries
    .map(
      (entry): PublishedTerm => ({
        tc_type: entry.tc_type,
        version: entry.version,
        version_label: versionLabel({
          type: entry.tc_type,
          version: entry.version,
          publishOn: entry._publish_on,
          suffix: brand.brand,
        }),
        _publish_on: entry._publish_on!,
        brand: brand.brand,
        country: brand.country,
        title: fillPlaceholders(entry.title, placeholders),
        body: fillPlaceholders(entry.body, placeholders),
      }),
    )
    .sort((a, b) => a._publish_on.localeCompare(b._publish_on) || a.version - b.version);
}

/**
 * §7 GET /api/cms/terms-and-conditions: per tc_type, the newest version whose publish date has come (in
 * the country's time zone).
 */
export async function listPublishedTerms(options: {
  store: ContentStore;
  country: Country;
  brand?: string | undefined;
  now: Date;
}): Promise<PublishedTerm[]> {
  const brand = requireBrand(options.brand, options.country);
  const today = localDate(options.now, brand.country);
  const newest = new Map<string, PublishedTerm>();
  for (const term of await allTermsOfBrand({ store: options.store, brand })) {
    if (term._publish_on > today) continue;
    const current = newest.get(term.tc_type);
    if (!current || term.version > current.version) newest.set(term.tc_type, term);
  }
  return [...newest.values()].sort((a, b) => a.tc_type.localeCompare(b.tc_type));
}

/** The published entry with this label, for recording an acceptance; undefined when there is none. */
export async function findPublishedTerm(options: {
  store: ContentStore;
  brand: BrandConfig;
  versionLabel: string;
  now: Date;
}): Promise<PublishedTerm | undefined> {
  const today = localDate(options.now, options.brand.country);
  const terms = await allTermsOfBrand(options);
  return terms.find((term) => term.version_label === options.versionLabel && term._publish_on <= today);
}

/** The terms an applicant accepts by signing up: the brand's current user terms. */
export const ACCEPTED_TERMS_TYPE = 'user-terms';
