import { type BrandConfig, brands, consentBrandOf } from '@nordloan/domain/brands/registry';
import type { Country } from '@nordloan/domain/enums';
import { errorMessages } from '@nordloan/domain/errors';
import { AppError, badRequest } from '#src/lib/app-error.ts';
import { fillPlaceholders, localDate, versionLabel } from '#src/lib/terms-version.ts';
import type {
  ConsentConfigType,
  ConsentConfigVersion,
  ConsentPartner,
  ContentStore,
} from '#src/modules/terms/content.repository.ts';

/**
 * The brand a consent call names, with its consent brand (§9: several brands share one). An unknown brand
 * is the §8/§5 consent-brand error 'No general consent brand found for {brand}' (400); a brand of another
 * country than the one named is 'Unknown brand'.
 */
export function consentBrandFor(brandId: string, country?: Country, field = 'brand') {
  let consentBrand: string;
  try {
    consentBrand = consentBrandOf(brandId);
  } catch (error) {
    // consentBrandOf throws the §8 message for an unknown brand.
    const message = (error as Error).message || errorMessages.noGeneralConsentBrand(brandId);
    throw badRequest(message, [{ Field: field, Message: message }]);
  }
  const brand = brands[brandId as keyof typeof brands];
  if (country && brand.country !== country) {
    throw badRequest(errorMessages.unknownBrand(), [
      { Field: field, Message: `${brandId} is not a brand of ${country}` },
    ]);
  }
  return { brand, consentBrand };
}

export interface ConsentTextVersion {
  label: string;
  publishedOn: string;
  config: ConsentConfigVersion;
}

export interface ConsentBrandContent {
  consentBrand: string;
  controller: string;
  partners: ConsentPartner[];
  /** Published versions of the config type, oldest first (the last is current). */
  versions: ConsentTextVersion[];
}

/**
 * The consent texts of a brand's consent brand for a config type. Missing content is the §8 'Failed to
 * find configuration for brand' (ours to fix: 500); a version without a publish date the §8 term error.
 */
export async function consentContentFor(options: {
  store: ContentStore;
  brand: BrandConfig;
  configType: ConsentConfigType;
  now: Date;
}): Promise<ConsentBrandContent> {
  const { store, brand, configType, now } = options;
  const consentBrand = consentBrandOf(brand.brand);
  const content = await store.consentContent(brand.country);
  const ofBrand = content?.consentBrands[consentBrand];
  const versions = ofBrand?.configs?.[configType] ?? content?.configs[configType];
  if (!content || !ofBrand || !versions) throw new AppError(500, errorMessages.brandConfigurationNotFound());
  const today = localDate(now, brand.country);
  const placeholders = { controller: ofBrand.controller };
  const published = versions
    .map((config) => ({
      label: versionLabel({
        type: `consent-${configType}`,
        version: config.version,
        publishOn: config._publish_on,
        suffix: consentBrand,
      }),
      publishedOn: config._publish_on!,
      config: {
        ...config,
        texts: config.texts.map((text) => ({ ...text, text: fillPlaceholders(text.text, placeholders) })),
      },
    }))
    .filter((version) => version.publishedOn <= today)
    .sort((a, b) => a.publishedOn.localeCompare(b.publishedOn) || a.config.version - b.config.version);
  if (published.length === 0) throw new AppError(500, errorMessages.brandConfigurationNotFound());
  return { consentBrand, controller: ofBrand.controller, partners: ofBrand.partners, versions: published };
}

/** The purpose/channel pairs a config offers; transactional messages never go by phone. */
export function consentPairs(config: ConsentConfigVersion) {
  return config.settings.purposes.flatMap((purpose) =>
    config.settings.channels
      .filter((channel) => !(purpose === 'transactional' && channel === 'phone'))
      .map((channel) => ({ purpose, channel })),
  );
}
