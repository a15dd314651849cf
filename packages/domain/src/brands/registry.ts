import type { Country } from '../enums.ts';
import type { CapsConfig } from '../finance/caps.ts';
import { publishedCapsConfigAt } from '../finance/regulatory-figures.data.ts';
import {
  type BrandConfig,
  type BrandId,
  type BrandPaths,
  brandConfigSchema,
  brandIds,
  type CreditCardSettings,
  type MyPageOptions,
  type OptionalFields,
  type SecuredLoanSettings,
  type UnsecuredLoanSettings,
} from './brand-config.schema.ts';
import { brandExample } from './brand-example.ts';

export { type BrandConfig, type BrandId, brandIdSchema, brandIds } from './brand-config.schema.ts';

// ─── Optional form-field flags (§3), and why each brand has them ────────────────────────────────
// The flags add questions to the application form. A question is asked only where the lenders of that
// market need an answer that no register gives them; every extra question costs completed applications.

/** Norway, main style (no-main, no-alt1…no-alt4): sells unsecured, credit card and secured loans. */
const norwayMainOptionalFields: OptionalFields = {
  // Gjeldsregisteret (the national debt register, debt source 2 in §3) reports unsecured loans and credit
  // cards only; payments on other debts (private loans, leasing) must come from the applicant for the
  // affordability test at rate + 3 points (utlånsforskriften, regulation.md).
  hasUnspecifiedDebtMonthlyDebtPayment: true,
  // Norwegian lenders score on the base employment list; the extended list adds values they do not read.
  hasExtendedEmploymentStatus: false,
  // Asked only for temporary and probationary work, where lenders need it; permanent staff are not asked.
  alwaysAskEmploymentStart: false,
  // Not used by the Norwegian panel's scoring.
  hasEmployerIndustry: false,
  // Job level is part of the Norwegian lenders' scorecards and of the secured-loan assessment.
  hasJobPosition: true,
  // Cooperative (borettslag) common debt counts towards total debt ≤ 5 × income (utlånsforskriften,
  // regulation.md), so lenders must know whether the home is a cooperative apartment.
  hasApartmentType: true,
  // Gjeldsregisteret holds no mortgages; a secured loan or a refinancing of housing debt needs to know
  // which bank holds the mortgage to take over or rank behind it.
  hasHousingDebtCreditor: true,
  // hvitvaskingsloven: PEP self-declaration feeds the PEP and sanctions screening (regulation.md, "all").
  hasPoliticallyInfluential: true,
  // Credit-card limits and balances come from Gjeldsregisteret; asking again invites conflicting figures.
  hasCreditCardMonthlyDebtPayment: false,
  // Payout goes to any Norwegian account; lenders do not ask for the main bank.
  hasMainBank: false,
  // Norwegian lenders use the SIFO reference budget for household living costs, not a declared figure.
  hasPartnerLivingCostMonthly: false,
};

/** Norway, comparison style (no-compare): short form, unsecured loans only (plus insurance). */
const norwayCompareOptionalFields: OptionalFields = {
  ...norwayMainOptionalFields,
  // The comparison form is the short one; its lenders score without job level.
  hasJobPosition: false,
  // No secured loans and no refinancing of housing here, so the housing questions are left out.
  hasApartmentType: false,
  hasHousingDebtCreditor: false,
};

/** Sweden (se-main, se-alt1, se-alt2): no Swedish register reports monthly payments. */
const swedenOptionalFields: OptionalFields = {
  // The credit report (UC) shows balances, not payments; KALP ("kvar att leva på") needs the payments.
  hasUnspecifiedDebtMonthlyDebtPayment: true,
  // Swedish lenders treat provanställning, projektanställning and timanställning differently.
  hasExtendedEmploymentStatus: true,
  // Swedish lenders require a minimum time in employment for every employment type.
  alwaysAskEmploymentStart: true,
  // Not used by the Swedish panel.
  hasEmployerIndustry: false,
  // Not used by the Swedish panel.
  hasJobPosition: false,
  // Bostadsrätt (monthly association fee) versus hyresrätt (rent) changes the KALP housing cost.
  hasApartmentType: true,
  // No secured product in Sweden; housing debt is asked as an amount only.
  hasHousingDebtCreditor: false,
  // penningtvättslagen: PEP self-declaration (regulation.md, "all").
  hasPoliticallyInfluential: true,
  // No Swedish register gives card payments, so KALP needs them from the applicant.
  hasCreditCardMonthlyDebtPayment: true,
  // Swedish lenders verify income against the salary account and pay out there.
  hasMainBank: true,
  // KALP is a household calculation; the partner's share of living costs enters it.
  hasPartnerLivingCostMonthly: true,
};

/** Sweden, comparison style (se-compare). */
const swedenCompareOptionalFields: OptionalFields = {
  ...swedenOptionalFields,
  // The comparison brand forwards to the whole panel and pays out to the account given on acceptance.
  hasMainBank: false,
};

/** Finland (all four brands): the positive credit register (positiivinen luottotietorekisteri, 2024). */
const finlandOptionalFields: OptionalFields = {
  // The positive credit register reports every consumer credit with its payments.
  hasUnspecifiedDebtMonthlyDebtPayment: false,
  // Finnish lenders distinguish fixed-term, project and hourly work (määräaikainen, tuntityö).
  hasExtendedEmploymentStatus: true,
  // Asked only for non-permanent work.
  alwaysAskEmploymentStart: false,
  // Finnish lenders' scorecards use the employer's industry.
  hasEmployerIndustry: true,
  // …and the job level.
  hasJobPosition: true,
  // Housing-company charge (yhtiövastike) versus rent changes the housing cost.
  hasApartmentType: true,
  // No secured product in Finland.
  hasHousingDebtCreditor: false,
  // rahanpesulaki: PEP self-declaration (regulation.md, "all").
  hasPoliticallyInfluential: true,
  // Credit cards are in the positive credit register.
  hasCreditCardMonthlyDebtPayment: false,
  // Finnish lenders identify and pay out through the applicant's online bank.
  hasMainBank: true,
  // Finnish lenders use their own household cost norms.
  hasPartnerLivingCostMonthly: false,
};

/** Denmark (dk-main): no positive debt register. */
const denmarkOptionalFields: OptionalFields = {
  // No Danish register gives payments; the rådighedsbeløb (disposable amount) needs them.
  hasUnspecifiedDebtMonthlyDebtPayment: true,
  // Not used by the Danish panel.
  hasExtendedEmploymentStatus: false,
  alwaysAskEmploymentStart: false,
  hasEmployerIndustry: false,
  hasJobPosition: false,
  // Andelsbolig (cooperative) versus owner-occupied or rented changes the housing cost.
  hasApartmentType: true,
  // No secured product in Denmark.
  hasHousingDebtCreditor: false,
  // hvidvaskloven: PEP self-declaration (regulation.md, "all").
  hasPoliticallyInfluential: true,
  // No register gives card payments.
  hasCreditCardMonthlyDebtPayment: true,
  hasMainBank: false,
  // The rådighedsbeløb is a household budget including the partner's share.
  hasPartnerLivingCostMonthly: true,
};

// ─── Unsecured-loan settings (§9) ────────────────────────────────────────────────────────────────

/** §9 "Norway" row. Duration 1–20 years as in §9: utlånsforskriften § 13 allows more than 5 years only for
 * refinancing; lenders apply that to their offers, the form keeps the spec's range. The startup fee is
 * paid `upfront` in the marketed example, which then reads exactly as regulation.md's Norwegian sentence
 * (case a A: "Eff. rente 13,3 %, 150 000 kr o/5 år. Kost: 52 496 kr. Totalt: 202 496 kr."). */
const norwayUnsecured = (optionalFields: OptionalFields): UnsecuredLoanSettings => ({
  rates: { low: 4.9, mid: 11.9, high: 19.9 },
  exampleRate: 'mid', // regulation.md case a: 150 000 NOK, 5 years, 11.9 %
  fees: { startup: 950, monthly: 30 },
  feeHandling: 'upfront',
  exampleIsRefinancing: false,
  config: {
    amount: { min: 10_000, max: 800_000, default: 150_000, step: 5_000 },
    duration: { min: 1, max: 20, default: 5, step: 1 },
  },
  optionalFields,
});

/** §9 "Norway, second brand config" row: establishment fee 3 % of the amount (regulation.md case e). The
 * duration step is not in §9: whole years. */
const norwaySecondUnsecured: UnsecuredLoanSettings = {
  rates: { min: 9, low: 3.6, mid: 12, high: 20.95, interest: 0 },
  exampleRate: 'mid', // regulation.md case e: 250 000 NOK, 12 years, 12 %, 3 % fee
  fees: { establishmentPercent: 3, monthly: 0 },
  // Upfront like the other Norwegian brands (regulation.md case e A: 13.4279 %).
  feeHandling: 'upfront',
  // The §9 default term is 12 years; past 5 years Norway allows only refinancing (utlånsforskriften § 13),
  // so the brand's marketed example is a refinancing example.
  exampleIsRefinancing: true,
  config: {
    amount: { min: 10_000, max: 500_000, default: 250_000, step: 5_000 },
    duration: { min: 1, max: 15, default: 12, step: 1 },
  },
  optionalFields: norwayMainOptionalFields,
};

/** §9 "Sweden" row; "interest rate 0.0695" stored as 6.95 %. The duration step is not in §9: whole years.
 * Startup fee 495 SEK is under the 588 SEK cap of 2025 (regulation.md). */
const swedenUnsecured = (optionalFields: OptionalFields): UnsecuredLoanSettings => ({
  rates: { low: 7.9, mid: 12, high: 16, interest: 6.95 },
  exampleRate: 'interest', // regulation.md case c: 500 000 SEK, 15 years, 6.95 %
  fees: { startup: 495, monthly: 0 },
  feeHandling: 'upfront',
  exampleIsRefinancing: false,
  config: {
    amount: { min: 5_000, max: 800_000, default: 500_000, step: 5_000 },
    duration: { min: 1, max: 15, default: 15, step: 1 },
  },
  optionalFields,
});

/** §9 "Finland" row gives only "min rate 0.06" (stored as 6 %), the amount and the duration range.
 * Filled in by us: low/mid/high rates, all at most 15 % so that they stay under the korkolaki cap of
 * 15 % + reference rate (never above 20 %) whatever the reference rate; no startup or monthly fee, as
 * regulation.md case d (40 000 EUR, 15 years, 6 %, no fees), which also keeps "other costs" far under
 * 0.01 %/day and 150 €/year; duration step of one whole year. */
const finlandUnsecured: UnsecuredLoanSettings = {
  rates: { min: 6, low: 7.9, mid: 11.9, high: 14.9 },
  exampleRate: 'min',
  fees: { startup: 0, monthly: 0 },
  feeHandling: 'upfront',
  exampleIsRefinancing: false,
  config: {
    amount: { min: 500, max: 70_000, default: 40_000, step: 500 },
    duration: { min: 1, max: 15, default: 15, step: 1 },
  },
  optionalFields: finlandOptionalFields,
};

/** Denmark has no §9 row; ours. The marketed example (100 000 DKK, 5 years, 9.95 %, 1 000 DKK startup,
 * 25 DKK a month) has an ÅOP of about 11.5 %, well under the 25 % marketing limit, and a total cost of
 * about 30 % of the amount, under the 100 % cap (lov om forbrugslånsvirksomheder § 11 a–b, regulation.md).
 * Ten years at most keeps the mid-rate total cost under 100 % of the amount. */
const denmarkUnsecured: UnsecuredLoanSettings = {
  rates: { low: 4.95, mid: 9.95, high: 19.95 },
  exampleRate: 'mid',
  fees: { startup: 1_000, monthly: 25 },
  feeHandling: 'upfront',
  exampleIsRefinancing: false,
  config: {
    amount: { min: 10_000, max: 400_000, default: 100_000, step: 5_000 },
    duration: { min: 1, max: 10, default: 5, step: 1 },
  },
  optionalFields: denmarkOptionalFields,
};

/** Our choice: Norwegian card limits; the upper end is where Norwegian card issuers stop without extra
 * documentation. */
const norwayCreditCard: CreditCardSettings = {
  limit: { min: 5_000, max: 150_000, default: 50_000, step: 5_000 },
};

/** Our choice: Swedish card limits (the application's Amount for a credit card). */
const swedenCreditCard: CreditCardSettings = {
  limit: { min: 10_000, max: 100_000, default: 25_000, step: 5_000 },
};

/** Our choice: secured loans (refinancing with a mortgage on the home) are larger and longer. */
const norwaySecuredLoan: SecuredLoanSettings = {
  config: {
    amount: { min: 100_000, max: 5_000_000, default: 1_000_000, step: 10_000 },
    duration: { min: 1, max: 30, default: 20, step: 1 },
  },
};

// ─── Paths (§2, brands.md path styles) ───────────────────────────────────────────────────────────

const norwayMainPaths: BrandPaths = {
  applyUnsecured: '/soknad/forbrukslan',
  applySecured: '/soknad/lan-med-sikkerhet',
  applyInsurance: '/soknad/forsikring',
  preCheck: '/soknad/forhandssjekk',
  oneFormApply: '/soknad/lan',
  myPage: '/mine-tilbud',
  myPageUnsecured: '/mine-tilbud/forbrukslan',
  myPageCreditCard: '/mine-tilbud/kredittkort',
  myPageSecured: '/mine-tilbud/lan-med-sikkerhet',
  myPageHost: 'same',
};
/** Variation brands drop a product together with its paths (brands.md). */
const withoutInsurance = ({ applyInsurance: _dropped, ...paths }: BrandPaths): BrandPaths => paths;
const withoutOneForm = ({
  preCheck: _dropped,
  oneFormApply: _alsoDropped,
  ...paths
}: BrandPaths): BrandPaths => paths;

const swedenPaths: BrandPaths = {
  applyUnsecured: '/soknad/forbrukslan',
  applyInsurance: '/soknad/forsakring',
  myPage: '/mina-sidor',
  myPageHost: 'same',
};

// ─── Shared pieces ───────────────────────────────────────────────────────────────────────────────

const noOffersExtras: MyPageOptions['offers'] = {
  isExpandedVariant: false,
  hasLoanType: false,
  hasDocumentationInfo: false,
  hasInsuranceUpsell: false,
};
/** §9 insurance example, shown with the upsell. */
const insuranceUpsell = {
  hasInsuranceUpsell: true,
  insuranceExample: { monthlyCost: 350, totalCost: 5858 },
} as const;
/** Norway main style: expanded offers; the loan type (consumer, refinance, combo, top-up) matters because
 * only refinancing may run past 5 years (utlånsforskriften § 13); secured loans need documents. */
const norwayMainOffers: MyPageOptions['offers'] = {
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

type ThemeColours = Omit<BrandConfig['theme'], 'name' | 'brand' | 'logoText'>;
const lightBase = {
  primaryContrast: '#ffffff',
  background: '#ffffff',
  text: '#14213d',
  muted: '#55606e',
  danger: '#b3261e',
} as const;

interface BrandInput {
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

function defineBrand(input: BrandInput): BrandConfig {
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
const nordloanNorge = { name: 'Nordloan Norge AS', number: '900000001' };
const lanesjekk = { name: 'Lånesjekk Norge AS', number: '900000002' };
const nordloanSverige = { name: 'Nordloan Sverige AB', number: '559900-0001' };
const lanejamfor = { name: 'Lånejämför Sverige AB', number: '559900-0002' };
const nordloanSuomi = { name: 'Nordloan Suomi Oy', number: '3900001-1' };
const lainavertailu = { name: 'Lainavertailu Suomi Oy', number: '3900002-0' };
const revontuli = { name: 'Revontuli Rahoitus Oy', number: '3900003-8' };
const nordloanDanmark = { name: 'Nordloan Danmark ApS', number: '39000001' };

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
    paths: {
      applyUnsecured: '/lane-penger/forbrukslan/lanesoknad',
      applyInsurance: '/soknad/forsikring',
      myPage: '/mine-soknader',
      myPageUnsecured: '/mine-soknader/forbrukslan',
      myPageHost: 'same',
    },
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
    paths: {
      applyUnsecured: '/lana-pengar/privatlan/laneansokan',
      applyInsurance: '/ansokan/forsakring',
      myPage: '/mina-sidor/privatlan',
      myPageHost: 'same',
    },
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
    // §2: personal page on a separate host (mine.laina-suomi.example); the path there is ours ("omat sivut").
    paths: {
      applyUnsecured: '/hae/kulutusluotto',
      applyInsurance: '/hae/matsurvaraus',
      myPage: '/omat-sivut',
      myPageHost: 'separate',
    },
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
    paths: {
      applyUnsecured: '/lainaa-rahaa/yksityislaina/lainahakemus',
      myPage: '/hakemukseni/yksityislaina',
      myPageHost: 'same',
    },
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
    paths: { applyUnsecured: '/loans/apply', myPage: '/mypage', myPageHost: 'same' },
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
    paths: { applyUnsecured: '/loans/apply', myPage: '/mypage', myPageHost: 'same' },
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
    paths: { applyUnsecured: '/loans/apply', myPage: '/mypage', myPageHost: 'same' },
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

/** regulation.md: a brand example that breaks a cap is a start-up error. Returns the problems found. */
export function brandExampleCapProblems(
  config: BrandConfig,
  capsConfig: CapsConfig = publishedCapsConfigAt(new Date()),
): string[] {
  const { amount, duration } = config.unsecuredLoan.config;
  const result = brandExample(config, amount.default, duration.default, capsConfig);
  if (result.kind === 'example') return [];
  if (result.reason === 'caps') return result.problems;
  if (result.reason === 'bounds') return result.errors.map((error) => `${error.Field}: ${error.Message}`);
  return ['no effective rate can be computed for the example'];
}

/**
 * Parses every config with the schema, checks each brand's representative example against its country's
 * caps, and checks the registry as a whole; throws ONE error listing every problem (brand, field,
 * message). The API calls it at start-up: a bad config must stop the process.
 */
export function validateBrandRegistry(
  registry: Record<string, unknown> = brands,
  capsConfig: CapsConfig = publishedCapsConfigAt(new Date()),
): void {
  const problems: string[] = [];
  const seenHosts = new Map<string, string>();
  for (const id of brandIds) {
    if (!Object.hasOwn(registry, id)) problems.push(`${id}: missing from the registry`);
  }
  for (const [key, candidate] of Object.entries(registry)) {
    if (!(brandIds as readonly string[]).includes(key)) problems.push(`${key}: not one of the 15 brand ids`);
    const result = brandConfigSchema.safeParse(candidate);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issue.path.length > 0 ? issue.path.join('.') : '(config)';
        problems.push(`${key}: ${path}: ${issue.message}`);
      }
      continue;
    }
    const config = result.data;
    for (const problem of brandExampleCapProblems(config, capsConfig)) {
      problems.push(`${key}: unsecuredLoan (representative example): ${problem}`);
    }
    if (config.brand !== key)
      problems.push(`${key}: brand: is '${config.brand}', must equal its registry key`);
    for (const host of [config.domain, `mine.${config.domain}`]) {
      const owner = seenHosts.get(host);
      if (owner && owner !== key) problems.push(`${key}: domain: ${host} is also used by ${owner}`);
      seenHosts.set(host, key);
    }
  }
  if (problems.length > 0) {
    throw new Error(`Invalid brand configuration (${problems.length} problems):\n- ${problems.join('\n- ')}`);
  }
}
