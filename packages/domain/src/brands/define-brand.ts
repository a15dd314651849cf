import { intermediaryAuthorities } from '../compliance/intermediary-registers.ts';
import type { Country } from '../enums.ts';
import type {
  BrandConfig,
  BrandPaths,
  CreditCardSettings,
  MyPageOptions,
  SecuredLoanSettings,
  UnsecuredLoanSettings,
} from './brand-config.schema.ts';
import { type BrandId, brandIds } from './brand-ids.ts';

// The pieces every brand of the registry is built from: offers options, environments, third parties,
// country basics, theme base, the operating companies, and defineBrand, which puts one brand together.

// ─── Shared pieces ───────────────────────────────────────────────────────────────────────────────

export const noOffersExtras: MyPageOptions['offers'] = {
  isExpandedVariant: false,
  hasLoanType: false,
  hasDocumentationInfo: false,
  hasInsuranceUpsell: false,
};
/** §9 insurance example, shown with the upsell. */
export const insuranceUpsell = {
  hasInsuranceUpsell: true,
  insuranceExample: { monthlyCost: 350, totalCost: 5858 },
} as const;
/** Norway main style: expanded offers; the loan type (consumer, refinance, combo, top-up) matters because
 * only refinancing may run past 5 years (utlånsforskriften § 13); secured loans need documents. */
export const norwayMainOffers: MyPageOptions['offers'] = {
  isExpandedVariant: true,
  hasLoanType: true,
  hasDocumentationInfo: true,
  hasInsuranceUpsell: false,
};

const localPort = 3000; // apps/api config PORT default

function environmentsFor(id: BrandId, domain: string): BrandConfig['environments'] {
  const secret = (kind: 'PREVIEW' | 'PRODUCTION') =>
    `env:CMS_${kind}_TOKEN_${id.toUpperCase().replace(/-/g, '_')}`;
  const cms = { previewToken: secret('PREVIEW'), productionToken: secret('PRODUCTION') };
  const local = `${id}.localhost:${localPort}`;
  return {
    // Locally every brand answers at http://<id>.localhost:<port> (architecture.md); one process serves all.
    development: {
      api: `http://${local}/api`,
      integration: `http://${local}/integration`,
      websocket: `ws://${local}/ws`,
      formHost: `http://${local}`,
      cms,
    },
    // §9: non-production uses the test service URLs.
    test: {
      api: 'https://api.test.nordloan.example',
      integration: 'https://integration.test.nordloan.example',
      websocket: 'wss://api.test.nordloan.example/ws',
      formHost: `https://test.${domain}`,
      cms,
    },
    production: {
      api: `https://${domain}/api`,
      integration: 'https://integration.nordloan.example',
      websocket: `wss://${domain}/ws`,
      formHost: `https://${domain}`,
      cms,
    },
  };
}

function thirdPartyFor(id: BrandId, consentBrand: string): BrandConfig['thirdParty'] {
  return {
    tagManagerId: `GTM-${id.toUpperCase().replace(/-/g, '')}`,
    errorTrackingDsn: `https://public@errors.nordloan.example/${brandIds.indexOf(id) + 1}`,
    consentBrand,
  };
}

const countryBasics = {
  NO: { currency: 'NOK', i18n: { locales: ['nb-NO'], defaultLocale: 'nb-NO' }, mailbox: 'kundeservice' },
  SE: { currency: 'SEK', i18n: { locales: ['sv-SE'], defaultLocale: 'sv-SE' }, mailbox: 'kundtjanst' },
  FI: { currency: 'EUR', i18n: { locales: ['fi-FI'], defaultLocale: 'fi-FI' }, mailbox: 'asiakaspalvelu' },
  DK: { currency: 'DKK', i18n: { locales: ['da-DK'], defaultLocale: 'da-DK' }, mailbox: 'kundeservice' },
} as const;

export type ThemeColours = Omit<BrandConfig['theme'], 'name' | 'brand' | 'logoText'>;
export const lightBase = {
  primaryContrast: '#ffffff',
  background: '#ffffff',
  text: '#14213d',
  muted: '#55606e',
  danger: '#b3261e',
} as const;

export interface BrandInput {
  id: BrandId;
  country: Country;
  name: string;
  domain: string;
  themeName: string;
  colours: ThemeColours;
  paths: BrandPaths;
  organisation: BrandConfig['organisation'];
  phone: string;
  consentBrand: string;
  products: BrandConfig['products'];
  unsecuredLoan: UnsecuredLoanSettings;
  creditCard?: CreditCardSettings;
  securedLoan?: SecuredLoanSettings;
  myPage: MyPageOptions;
}

export function defineBrand(input: BrandInput): BrandConfig {
  const basics = countryBasics[input.country];
  return {
    brand: input.id,
    country: input.country,
    currency: basics.currency,
    i18n: { locales: [...basics.i18n.locales], defaultLocale: basics.i18n.defaultLocale },
    domain: input.domain,
    name: input.name,
    theme: { name: input.themeName, brand: input.id, logoText: input.name, ...input.colours },
    paths: input.paths,
    organisation: input.organisation,
    contact: { phone: input.phone, email: `${basics.mailbox}@${input.domain}` },
    thirdParty: thirdPartyFor(input.id, input.consentBrand),
    products: input.products,
    unsecuredLoan: input.unsecuredLoan,
    ...(input.creditCard ? { creditCard: input.creditCard } : {}),
    ...(input.securedLoan ? { securedLoan: input.securedLoan } : {}),
    myPage: input.myPage,
    environments: environmentsFor(input.id, input.domain),
  };
}

// Fictional companies; one per operating company, several brands each.
//
// Each is registered as a credit intermediary with its country's authority (issue 34 item 6, CCD2 arts.
// 37–38; Norway: låneformidlingsloven) — authority, register and link from compliance/intermediary-
// registers.ts. The registration numbers are stand-ins (`fictional: true`): the real ones are not ours to
// know here; each is the company's own business-register number (Finansinspektionen's register, for one, is
// searched by identification number: se-fi-register).
// None is tied to a lender: every company is an independent broker that compares the whole panel (in
// Norway a finansmeglerforetak, "formidler lån som uavhengig mellomledd", låneformidlingsloven § 1-2 d).
function company(country: Country, name: string, number: string): BrandConfig['organisation'] {
  const { authority, register, registerUrl } = intermediaryAuthorities[country];
  return {
    name,
    number,
    registration: { authority, register, registerUrl, registrationNumber: number, fictional: true },
    tiedToLender: false,
    tiedLenderIds: [],
  };
}
export const nordloanNorge = company('NO', 'Nordloan Norge AS', '900000001');
export const lanesjekk = company('NO', 'Lånesjekk Norge AS', '900000002');
export const nordloanSverige = company('SE', 'Nordloan Sverige AB', '559900-0001');
export const lanejamfor = company('SE', 'Lånejämför Sverige AB', '559900-0002');
export const nordloanSuomi = company('FI', 'Nordloan Suomi Oy', '3900001-1');
export const lainavertailu = company('FI', 'Lainavertailu Suomi Oy', '3900002-0');
export const revontuli = company('FI', 'Revontuli Rahoitus Oy', '3900003-8');
export const nordloanDanmark = company('DK', 'Nordloan Danmark ApS', '39000001');
