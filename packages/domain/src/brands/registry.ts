import type { BrandConfig } from './brand-config.schema.ts';
import type { BrandId } from './brand-ids.ts';
import {
  defineBrand,
  insuranceUpsell,
  lainavertailu,
  lanejamfor,
  lanesjekk,
  lightBase,
  noOffersExtras,
  nordloanDanmark,
  nordloanNorge,
  nordloanSuomi,
  nordloanSverige,
  norwayMainOffers,
  revontuli,
} from './define-brand.ts';
import {
  norwayCompareOptionalFields,
  norwayMainOptionalFields,
  swedenCompareOptionalFields,
  swedenOptionalFields,
} from './optional-fields.ts';
import {
  denmarkPaths,
  finlandComparePaths,
  finlandGroupPaths,
  finlandPaths,
  norwayComparePaths,
  norwayMainPaths,
  swedenComparePaths,
  swedenPaths,
  withoutInsurance,
  withoutOneForm,
} from './path-styles.ts';
import {
  denmarkUnsecured,
  finlandUnsecured,
  norwayCreditCard,
  norwaySecondUnsecured,
  norwaySecuredLoan,
  norwayUnsecured,
  swedenCreditCard,
  swedenUnsecured,
} from './product-settings.ts';

export type { BrandConfig } from './brand-config.schema.ts';
export { type BrandId, brandIds } from './brand-ids.ts';

// The 15 brands, one config each (brands.md), validated at start-up (registry-validation.ts). Built from:
// optional-fields.ts (§3 form flags and why), product-settings.ts (§9 loan and card settings),
// path-styles.ts (§2 path styles) and define-brand.ts (environments, companies, defineBrand).

// ─── The 15 brands (brands.md) ──────────────────────────────────────────────────────────────────

const norwayMainProducts = ['UnsecuredLoan', 'CreditCard', 'SecuredLoan'] as const;

export const brands: Record<BrandId, BrandConfig> = {
  'no-main': defineBrand({
    id: 'no-main',
    country: 'NO',
    name: 'Lån Norge',
    domain: 'lan-norge.example',
    themeName: 'norway-main',
    colours: {
      ...lightBase,
      primary: '#0b5394',
      accent: '#f2a900',
      surface: '#f3f6fa',
      fontFamily: 'Inter',
      logoMark: 'LN',
    },
    paths: norwayMainPaths,
    organisation: nordloanNorge,
    phone: '+47 21 00 00 01',
    consentBrand: 'no-group',
    products: [...norwayMainProducts, 'DiscoveryLoan', 'Insurance'],
    unsecuredLoan: norwayUnsecured(norwayMainOptionalFields),
    creditCard: norwayCreditCard,
    securedLoan: norwaySecuredLoan,
    myPage: { hasHighCostWarning: false, offers: { ...norwayMainOffers, ...insuranceUpsell } },
  }),
  'no-compare': defineBrand({
    id: 'no-compare',
    country: 'NO',
    name: 'Lånesjekk',
    domain: 'lanesjekk.example',
    themeName: 'norway-compare',
    colours: {
      ...lightBase,
      primary: '#1d6b4f',
      accent: '#ffd166',
      surface: '#f2f7f4',
      fontFamily: 'Nunito',
      logoMark: 'LS',
    },
    paths: norwayComparePaths,
    organisation: lanesjekk,
    phone: '+47 21 00 00 02',
    consentBrand: 'no-compare',
    products: ['UnsecuredLoan', 'Insurance'],
    unsecuredLoan: norwayUnsecured(norwayCompareOptionalFields),
    // Comparison lists show each lender's loan type; no secured loans, so no documentation step.
    myPage: { hasHighCostWarning: false, offers: { ...noOffersExtras, hasLoanType: true } },
  }),
  'no-alt1': defineBrand({
    id: 'no-alt1',
    country: 'NO',
    name: 'Fjordlån',
    domain: 'fjordlan.example',
    themeName: 'norway-main',
    colours: {
      ...lightBase,
      primary: '#7a1f3d',
      accent: '#e9c46a',
      surface: '#faf4f6',
      fontFamily: 'Merriweather',
      logoMark: 'F',
    },
    // Variation: personal page on mine.fjordlan.example; sells no insurance.
    paths: withoutInsurance({ ...norwayMainPaths, myPageHost: 'separate' }),
    organisation: nordloanNorge,
    phone: '+47 21 00 00 03',
    consentBrand: 'no-group',
    products: [...norwayMainProducts, 'DiscoveryLoan'],
    unsecuredLoan: norwayUnsecured(norwayMainOptionalFields),
    creditCard: norwayCreditCard,
    securedLoan: norwaySecuredLoan,
    myPage: { hasHighCostWarning: false, offers: norwayMainOffers },
  }),
  'no-alt2': defineBrand({
    id: 'no-alt2',
    country: 'NO',
    name: 'Nordkapp Finans',
    domain: 'nordkapp-finans.example',
    themeName: 'norway-main',
    colours: {
      ...lightBase,
      primary: '#2f4858',
      accent: '#f6ae2d',
      surface: '#f3f5f7',
      fontFamily: 'Source Sans 3',
      logoMark: 'NF',
    },
    // Variation: no one-form pre-check, hence no discovery loans.
    paths: withoutOneForm(norwayMainPaths),
    organisation: nordloanNorge,
    phone: '+47 21 00 00 04',
    consentBrand: 'no-group',
    products: [...norwayMainProducts, 'Insurance'],
    unsecuredLoan: norwaySecondUnsecured,
    creditCard: norwayCreditCard,
    securedLoan: norwaySecuredLoan,
    myPage: { hasHighCostWarning: false, offers: { ...norwayMainOffers, ...insuranceUpsell } },
  }),
  'no-alt3': defineBrand({
    id: 'no-alt3',
    country: 'NO',
    name: 'Lånehuset',
    domain: 'lanehuset.example',
    themeName: 'norway-main',
    colours: {
      ...lightBase,
      primary: '#5b2a86',
      accent: '#f4a261',
      surface: '#f7f4fa',
      fontFamily: 'Inter',
      logoMark: 'LH',
    },
    // Variation: personal page on mine.lanehuset.example; every product of the style.
    paths: { ...norwayMainPaths, myPageHost: 'separate' },
    organisation: nordloanNorge,
    phone: '+47 21 00 00 05',
    consentBrand: 'no-group',
    products: [...norwayMainProducts, 'DiscoveryLoan', 'Insurance'],
    unsecuredLoan: norwayUnsecured(norwayMainOptionalFields),
    creditCard: norwayCreditCard,
    securedLoan: norwaySecuredLoan,
    myPage: { hasHighCostWarning: false, offers: norwayMainOffers },
  }),
  'no-alt4': defineBrand({
    id: 'no-alt4',
    country: 'NO',
    name: 'Kreditthjelpen',
    domain: 'kreditthjelpen.example',
    themeName: 'norway-main',
    colours: {
      ...lightBase,
      primary: '#8a4b08',
      accent: '#2a9d8f',
      surface: '#faf6f1',
      fontFamily: 'Nunito',
      logoMark: 'K',
    },
    // Variation: neither insurance nor the one-form flow; the three core products only.
    paths: withoutOneForm(withoutInsurance(norwayMainPaths)),
    organisation: nordloanNorge,
    phone: '+47 21 00 00 06',
    consentBrand: 'no-group',
    products: [...norwayMainProducts],
    unsecuredLoan: norwayUnsecured(norwayMainOptionalFields),
    creditCard: norwayCreditCard,
    securedLoan: norwaySecuredLoan,
    myPage: { hasHighCostWarning: false, offers: norwayMainOffers },
  }),
  'se-main': defineBrand({
    id: 'se-main',
    country: 'SE',
    name: 'Lån Sverige',
    domain: 'lan-sverige.example',
    themeName: 'sweden',
    colours: {
      ...lightBase,
      primary: '#005b96',
      accent: '#ffcd00',
      surface: '#f2f6fa',
      fontFamily: 'Inter',
      logoMark: 'LS',
    },
    paths: swedenPaths,
    organisation: nordloanSverige,
    phone: '+46 10 000 00 01',
    consentBrand: 'se-group',
    products: ['UnsecuredLoan', 'CreditCard', 'Insurance'],
    unsecuredLoan: swedenUnsecured(swedenOptionalFields),
    creditCard: swedenCreditCard,
    // §9: the high-cost warning is on for the Swedish main brand. Swedish lenders ask for payslips.
    myPage: {
      hasHighCostWarning: true,
      offers: { ...noOffersExtras, hasDocumentationInfo: true, ...insuranceUpsell },
    },
  }),
  'se-compare': defineBrand({
    id: 'se-compare',
    country: 'SE',
    name: 'Lånejämför',
    domain: 'lanejamfor.example',
    themeName: 'sweden-compare',
    colours: {
      ...lightBase,
      primary: '#00695c',
      accent: '#ffb703',
      surface: '#f1f7f6',
      fontFamily: 'Source Sans 3',
      logoMark: 'LJ',
    },
    paths: swedenComparePaths,
    organisation: lanejamfor,
    phone: '+46 10 000 00 02',
    consentBrand: 'se-compare',
    products: ['UnsecuredLoan', 'Insurance'],
    unsecuredLoan: swedenUnsecured(swedenCompareOptionalFields),
    myPage: {
      hasHighCostWarning: false,
      offers: { ...noOffersExtras, isExpandedVariant: true, ...insuranceUpsell },
    },
  }),
  'se-alt1': defineBrand({
    id: 'se-alt1',
    country: 'SE',
    name: 'Skärgårdslån',
    domain: 'skargardslan.example',
    themeName: 'sweden',
    colours: {
      ...lightBase,
      primary: '#9c2a00',
      accent: '#f4d35e',
      surface: '#fbf5f2',
      fontFamily: 'Merriweather',
      logoMark: 'S',
    },
    paths: swedenPaths,
    organisation: nordloanSverige,
    phone: '+46 10 000 00 03',
    consentBrand: 'se-group',
    products: ['UnsecuredLoan', 'CreditCard', 'Insurance'],
    unsecuredLoan: swedenUnsecured(swedenOptionalFields),
    creditCard: swedenCreditCard,
    // §9: "one further Swedish brand" with the high-cost warning.
    myPage: { hasHighCostWarning: true, offers: { ...noOffersExtras, hasDocumentationInfo: true } },
  }),
  'se-alt2': defineBrand({
    id: 'se-alt2',
    country: 'SE',
    name: 'Norrsken Kredit',
    domain: 'norrsken-kredit.example',
    themeName: 'sweden',
    colours: {
      ...lightBase,
      primary: '#283593',
      accent: '#80cbc4',
      surface: '#f4f5fb',
      fontFamily: 'Nunito',
      logoMark: 'NK',
    },
    paths: swedenPaths,
    organisation: nordloanSverige,
    phone: '+46 10 000 00 04',
    consentBrand: 'se-group',
    products: ['UnsecuredLoan', 'Insurance'],
    unsecuredLoan: swedenUnsecured(swedenOptionalFields),
    myPage: { hasHighCostWarning: false, offers: { ...noOffersExtras, hasDocumentationInfo: true } },
  }),
  'fi-main': defineBrand({
    id: 'fi-main',
    country: 'FI',
    name: 'Laina Suomi',
    domain: 'laina-suomi.example',
    themeName: 'finland',
    colours: {
      ...lightBase,
      primary: '#003580',
      accent: '#7fb3d5',
      surface: '#f2f5fa',
      fontFamily: 'Inter',
      logoMark: 'LS',
    },
    // §2: personal page on a separate host (mine.laina-suomi.example).
    paths: finlandPaths,
    organisation: nordloanSuomi,
    phone: '+358 9 000 0001',
    consentBrand: 'fi-main',
    products: ['UnsecuredLoan', 'Insurance'],
    unsecuredLoan: finlandUnsecured,
    myPage: { hasHighCostWarning: false, offers: { ...noOffersExtras, hasDocumentationInfo: true } },
  }),
  'fi-compare': defineBrand({
    id: 'fi-compare',
    country: 'FI',
    name: 'Lainavertailu',
    domain: 'lainavertailu.example',
    themeName: 'finland-compare',
    colours: {
      ...lightBase,
      primary: '#2e7d32',
      accent: '#ffca28',
      surface: '#ffffff',
      fontFamily: 'Source Sans 3',
      logoMark: 'LV',
    },
    paths: finlandComparePaths,
    organisation: lainavertailu,
    phone: '+358 9 000 0002',
    consentBrand: 'fi-compare',
    products: ['UnsecuredLoan'],
    unsecuredLoan: finlandUnsecured,
    myPage: { hasHighCostWarning: false, offers: { ...noOffersExtras, isExpandedVariant: true } },
  }),
  'fi-group-a': defineBrand({
    id: 'fi-group-a',
    country: 'FI',
    name: 'Revontuli Laina',
    domain: 'revontuli-laina.example',
    themeName: 'finland-group',
    colours: {
      ...lightBase,
      primary: '#4a148c',
      accent: '#69f0ae',
      surface: '#f7f3fb',
      fontFamily: 'Nunito',
      logoMark: 'RL',
    },
    paths: finlandGroupPaths,
    organisation: revontuli,
    phone: '+358 9 000 0003',
    consentBrand: 'fi-group',
    products: ['UnsecuredLoan'],
    unsecuredLoan: finlandUnsecured,
    myPage: { hasHighCostWarning: false, offers: noOffersExtras },
  }),
  'fi-group-b': defineBrand({
    id: 'fi-group-b',
    country: 'FI',
    name: 'Saimaa Rahoitus',
    domain: 'saimaa-rahoitus.example',
    themeName: 'finland-group',
    colours: {
      ...lightBase,
      primary: '#0d47a1',
      accent: '#4fc3f7',
      surface: '#f2f6fb',
      fontFamily: 'Source Sans 3',
      logoMark: 'SR',
    },
    paths: finlandGroupPaths,
    organisation: revontuli,
    phone: '+358 9 000 0004',
    consentBrand: 'fi-group',
    products: ['UnsecuredLoan'],
    unsecuredLoan: finlandUnsecured,
    myPage: { hasHighCostWarning: false, offers: noOffersExtras },
  }),
  'dk-main': defineBrand({
    id: 'dk-main',
    country: 'DK',
    name: 'Lån Danmark',
    domain: 'lan-danmark.example',
    themeName: 'denmark',
    colours: {
      ...lightBase,
      primary: '#c8102e',
      accent: '#1d3557',
      surface: '#fbf4f5',
      danger: '#9a0007',
      fontFamily: 'Inter',
      logoMark: 'LD',
    },
    paths: denmarkPaths,
    organisation: nordloanDanmark,
    phone: '+45 70 00 00 01',
    consentBrand: 'dk-main',
    products: ['UnsecuredLoan'],
    unsecuredLoan: denmarkUnsecured,
    myPage: { hasHighCostWarning: false, offers: { ...noOffersExtras, hasDocumentationInfo: true } },
  }),
};

/** §5/§9: an invalid or unknown brand falls back to the Swedish main brand. */
export const DEFAULT_BRAND_ID = 'se-main' satisfies BrandId;

/** §8 'Failed to find configuration for brand'. */
export class BrandNotFoundError extends Error {
  readonly brandId: string;
  constructor(brandId: string) {
    super('Failed to find configuration for brand');
    this.name = 'BrandNotFoundError';
    this.brandId = brandId;
  }
}

export function isBrandId(value: string): value is BrandId {
  return Object.hasOwn(brands, value);
}

/** The brand's config; throws the §8 'Failed to find configuration for brand' for an unknown id. */
export function getBrand(id: string): BrandConfig {
  if (!isBrandId(id)) throw new BrandNotFoundError(id);
  return brands[id];
}

/** §3/§9: several brands share a consent brand. Throws the §8 message for an unknown brand. */
export function consentBrandOf(brandId: string): string {
  if (!isBrandId(brandId)) throw new Error(`No general consent brand found for ${brandId}`);
  return brands[brandId].thirdParty.consentBrand;
}
