import { z } from 'zod';
import { intermediaryAuthorities } from '../compliance/intermediary-registers.ts';
import {
  type Country,
  countries,
  currencies,
  currencyByCountry,
  localeByCountry,
  locales,
  products,
} from '../enums.ts';
import { feeHandlingSchema } from '../finance/loan-math.ts';
import { brandIds } from './brand-ids.ts';

// §1 products a brand sells: the four loan products of the application (enums `products`) plus
// Insurance, which exists in some markets and has its own apply path but is not an application Product.
export const brandProducts = [...products, 'Insurance'] as const;
export type BrandProduct = (typeof brandProducts)[number];

export { type BrandId, brandIds } from './brand-ids.ts';

export const brandIdSchema = /* @__PURE__ */ z.enum(brandIds);

const countryPhonePrefix: Record<Country, string> = { NO: '+47', SE: '+46', FI: '+358', DK: '+45' };
// Business-register number formats: NO organisasjonsnummer (9 digits), SE organisationsnummer
// (NNNNNN-NNNN), FI Y-tunnus (NNNNNNN-N), DK CVR (8 digits). Our numbers are fictional, so no checksum.
const organisationNumberPattern: Record<Country, RegExp> = {
  NO: /^\d{9}$/,
  SE: /^\d{6}-\d{4}$/,
  FI: /^\d{7}-\d$/,
  DK: /^\d{8}$/,
};

/** The local @fontsource families installed in apps/web (no font is fetched from a third party). */
export const brandFontFamilies = ['Inter', 'Source Sans 3', 'Merriweather', 'Nunito'] as const;

const hexColourSchema = /* @__PURE__ */ z
  .string()
  .regex(/^#[0-9a-f]{6}$/, 'must be a lowercase #rrggbb colour');

// WCAG 2.1 relative luminance and contrast ratio (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
export function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [relativeLuminance(foreground), relativeLuminance(background)].sort(
    (a, b) => b - a,
  );
  return (lighter! + 0.05) / (darker! + 0.05);
}
// WCAG 1.4.3 (AA): 4.5:1 for normal text. Each pair is text that is drawn on that background.
const requiredContrastPairs = [
  ['text', 'background'],
  ['text', 'surface'],
  ['muted', 'background'],
  ['muted', 'surface'],
  ['primaryContrast', 'primary'],
  ['primary', 'background'],
  ['danger', 'background'],
  ['danger', 'surface'],
] as const;

export const brandThemeSchema = /* @__PURE__ */ z
  .strictObject({
    /** Theme family; brands of one path style may share a family and differ in colours. */
    name: z.string().min(1),
    /** The brand the theme belongs to (must equal the config's `brand`). */
    brand: brandIdSchema,
    primary: hexColourSchema,
    primaryContrast: hexColourSchema,
    accent: hexColourSchema,
    background: hexColourSchema,
    surface: hexColourSchema,
    text: hexColourSchema,
    muted: hexColourSchema,
    danger: hexColourSchema,
    fontFamily: z.enum(brandFontFamilies),
    logoText: z.string().min(1),
    /** Short monogram for the favicon and small headers. */
    logoMark: z.string().min(1).max(3),
  })
  .superRefine((theme, ctx) => {
    for (const [foreground, background] of requiredContrastPairs) {
      const ratio = contrastRatio(theme[foreground], theme[background]);
      if (ratio < 4.5) {
        ctx.addIssue({
          code: 'custom',
          path: [foreground],
          message: `contrast of ${foreground} on ${background} is ${ratio.toFixed(2)}:1, WCAG AA needs 4.5:1`,
        });
      }
    }
  });

const routePathSchema = /* @__PURE__ */ z
  .string()
  .regex(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'must be an absolute lowercase path without a trailing slash');

/**
 * §2 apply and personal-page paths: purpose → path. A brand serves every path listed here; a purpose
 * it does not offer is left out. With `myPageHost: 'separate'` the my-page paths are served on
 * `mine.<domain>` instead of the brand's own host (brands.md).
 */
export const brandPathsSchema = /* @__PURE__ */ z.strictObject({
  applyUnsecured: routePathSchema,
  applySecured: routePathSchema.optional(),
  applyInsurance: routePathSchema.optional(),
  /** One-form pre-check; in our products it is where a discovery loan starts (docs/decisions/0002). */
  preCheck: routePathSchema.optional(),
  oneFormApply: routePathSchema.optional(),
  myPage: routePathSchema,
  myPageUnsecured: routePathSchema.optional(),
  myPageCreditCard: routePathSchema.optional(),
  myPageSecured: routePathSchema.optional(),
  myPageHost: z.enum(['same', 'separate']),
});
export type BrandPaths = z.infer<typeof brandPathsSchema>;
export type BrandPathPurpose = Exclude<keyof BrandPaths, 'myPageHost'>;

/** A slider-style bound: min..max, the default, and the grid (steps counted from min). */
export const rangeConfigSchema = /* @__PURE__ */ z
  .strictObject({
    min: z.number().nonnegative(),
    max: z.number().positive(),
    default: z.number().nonnegative(),
    step: z.number().positive(),
  })
  .superRefine((range, ctx) => {
    if (range.min > range.max) {
      ctx.addIssue({ code: 'custom', path: ['min'], message: `min ${range.min} is above max ${range.max}` });
    }
    if (range.default < range.min || range.default > range.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: `default ${range.default} is outside ${range.min}..${range.max}`,
      });
    } else if (!isOnStepGrid(range.default, range.min, range.step)) {
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: `default ${range.default} is not on the step grid (${range.min} + n × ${range.step})`,
      });
    }
    if (!isOnStepGrid(range.max, range.min, range.step)) {
      ctx.addIssue({
        code: 'custom',
        path: ['max'],
        message: `max ${range.max} is not on the step grid (${range.min} + n × ${range.step})`,
      });
    }
  });
export type RangeConfig = z.infer<typeof rangeConfigSchema>;

/** True when value = min + n·step for a whole n ≥ 0 (tolerant of binary fractions). */
export function isOnStepGrid(value: number, min: number, step: number): boolean {
  const steps = (value - min) / step;
  return Number.isFinite(steps) && steps >= -1e-9 && Math.abs(steps - Math.round(steps)) < 1e-9;
}

const ratePercentSchema = /* @__PURE__ */ z.number().min(0).max(100);
/**
 * §9 named rates, all in percent per year. §9 writes some as fractions (Sweden "interest rate 0.0695",
 * Finland "min rate 0.06"); they are stored here as percent (6.95, 6) so every rate has one unit.
 */
export const unsecuredRatesSchema = /* @__PURE__ */ z
  .strictObject({
    min: ratePercentSchema.optional(),
    low: ratePercentSchema.optional(),
    mid: ratePercentSchema.optional(),
    high: ratePercentSchema.optional(),
    interest: ratePercentSchema.optional(),
  })
  .superRefine((rates, ctx) => {
    const ordered = (['low', 'mid', 'high'] as const).filter((name) => rates[name] !== undefined);
    for (let index = 1; index < ordered.length; index++) {
      const previous = ordered[index - 1]!;
      const current = ordered[index]!;
      if (rates[previous]! > rates[current]!) {
        ctx.addIssue({ code: 'custom', path: [current], message: `${current} is below ${previous}` });
      }
    }
  });
export type UnsecuredRates = z.infer<typeof unsecuredRatesSchema>;
export type UnsecuredRateName = keyof UnsecuredRates;

/** §9 fees: a fixed startup fee, or (Norway second brand config) an establishment fee in % of the amount. */
export const unsecuredFeesSchema = /* @__PURE__ */ z.union([
  z.strictObject({ startup: z.number().nonnegative(), monthly: z.number().nonnegative() }),
  z.strictObject({ establishmentPercent: z.number().min(0).max(100), monthly: z.number().nonnegative() }),
]);
export type UnsecuredFees = z.infer<typeof unsecuredFeesSchema>;

/** §3 optional form-field flags. */
export const optionalFieldsSchema = /* @__PURE__ */ z.strictObject({
  hasUnspecifiedDebtMonthlyDebtPayment: z.boolean(),
  hasExtendedEmploymentStatus: z.boolean(),
  alwaysAskEmploymentStart: z.boolean(),
  hasEmployerIndustry: z.boolean(),
  hasJobPosition: z.boolean(),
  hasApartmentType: z.boolean(),
  hasHousingDebtCreditor: z.boolean(),
  hasPoliticallyInfluential: z.boolean(),
  hasCreditCardMonthlyDebtPayment: z.boolean(),
  hasMainBank: z.boolean(),
  hasPartnerLivingCostMonthly: z.boolean(),
});
export type OptionalFields = z.infer<typeof optionalFieldsSchema>;

export const unsecuredLoanSettingsSchema = /* @__PURE__ */ z
  .strictObject({
    rates: unsecuredRatesSchema,
    /** Which named rate the brand's representative example (regulation.md) uses. */
    exampleRate: z.enum(['min', 'low', 'mid', 'high', 'interest']),
    fees: unsecuredFeesSchema,
    /** How the startup fee enters the APR (regulation.md): paid at t=0, or added to the loan. */
    feeHandling: feeHandlingSchema,
    /** Norway: an example longer than 5 years is lawful only as a refinancing (utlånsforskriften § 13), and
     * is presented as one. */
    exampleIsRefinancing: z.boolean(),
    config: z.strictObject({
      amount: rangeConfigSchema,
      /** In whole years. */
      duration: rangeConfigSchema,
    }),
    optionalFields: optionalFieldsSchema,
  })
  .superRefine((settings, ctx) => {
    if (settings.rates[settings.exampleRate] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['exampleRate'],
        message: `exampleRate '${settings.exampleRate}' names a rate that is not configured`,
      });
    }
    if (settings.config.duration.min < 1 || !Number.isInteger(settings.config.duration.step)) {
      ctx.addIssue({
        code: 'custom',
        path: ['config', 'duration'],
        message: 'durations are whole years ≥ 1',
      });
    }
  });
export type UnsecuredLoanSettings = z.infer<typeof unsecuredLoanSettingsSchema>;

export const creditCardSettingsSchema = /* @__PURE__ */ z.strictObject({
  /** The credit limit the applicant asks for (the application's Amount for this product). */
  limit: rangeConfigSchema,
});
export type CreditCardSettings = z.infer<typeof creditCardSettingsSchema>;

/** Secured loans (mortgage refinancing; docs/decisions/0027): bounds, the brand's example terms and the
 * loan-to-value ceiling its form and lenders apply. */
export const securedLoanSettingsSchema = /* @__PURE__ */ z.strictObject({
  config: z.strictObject({ amount: rangeConfigSchema, duration: rangeConfigSchema }),
  /** The band lenders price secured loans in, percent (the best and the riskiest applicant). */
  rates: z.strictObject({ low: z.number().min(0).max(30), high: z.number().min(0).max(30) }),
  /** Nominal rate of the representative example, percent. */
  exampleRate: z.number().min(0).max(30),
  fees: z.strictObject({ startup: z.number().min(0), monthly: z.number().min(0) }),
  feeHandling: z.enum(['upfront', 'financed']),
  /** The terms of the marketed representative example (regulation.md: secured-loan example). */
  example: z.strictObject({ amount: z.number().positive(), durationYears: z.number().int().min(1) }),
  /** (Loan + common debt) / property value at most this, percent (Norway: utlånsforskriften § 4). */
  maxLoanToValuePercent: z.number().positive().max(100),
});
export type SecuredLoanSettings = z.infer<typeof securedLoanSettingsSchema>;

/** §3 my-page options. */
export const myPageOptionsSchema = /* @__PURE__ */ z
  .strictObject({
    hasHighCostWarning: z.boolean(),
    offers: z.strictObject({
      isExpandedVariant: z.boolean(),
      hasLoanType: z.boolean(),
      hasDocumentationInfo: z.boolean(),
      hasInsuranceUpsell: z.boolean(),
      insuranceExample: z
        .strictObject({ monthlyCost: z.number().positive(), totalCost: z.number().positive() })
        .optional(),
    }),
  })
  .superRefine((options, ctx) => {
    if (options.offers.hasInsuranceUpsell && !options.offers.insuranceExample) {
      ctx.addIssue({
        code: 'custom',
        path: ['offers', 'insuranceExample'],
        message: 'an insurance upsell needs an insuranceExample',
      });
    }
  });
export type MyPageOptions = z.infer<typeof myPageOptionsSchema>;

/**
 * A secret is never in the config: only the name of the environment variable that holds it
 * (`env:CMS_PREVIEW_TOKEN_NO_MAIN`), read by the app that needs it.
 */
export const secretRefSchema = /* @__PURE__ */ z
  .string()
  .regex(/^env:[A-Z][A-Z0-9_]*$/, 'must be env:VARIABLE_NAME');
export const environmentUrlsSchema = /* @__PURE__ */ z.strictObject({
  api: z.url({ protocol: /^https?$/ }),
  integration: z.url({ protocol: /^https?$/ }),
  websocket: z.url({ protocol: /^wss?$/ }),
  formHost: z.url({ protocol: /^https?$/ }),
  cms: z.strictObject({ previewToken: secretRefSchema, productionToken: secretRefSchema }),
});
export type EnvironmentUrls = z.infer<typeof environmentUrlsSchema>;
export const brandEnvironments = ['development', 'test', 'production'] as const;
export type BrandEnvironment = (typeof brandEnvironments)[number];

export const thirdPartySchema = /* @__PURE__ */ z.strictObject({
  /** Tag-manager container id (placeholder). */
  tagManagerId: z.string().regex(/^GTM-[A-Z0-9]+$/),
  /** Error-tracking DSN; a placeholder under `.example` (the real one comes from deployment). */
  errorTrackingDsn: z.url({ protocol: /^https$/ }),
  /** §9 several brands map to a shared consent brand. */
  consentBrand: z.string().regex(/^[a-z]{2}-[a-z0-9-]+$/),
});

/**
 * Issue 34 item 6 (CCD2 arts. 37–38; Norway: låneformidlingsloven): the operating company's licence or
 * registration as a credit intermediary, shown on every brand page. Authority, register and link are the
 * country's (compliance/intermediary-registers.ts); the number is the company's entry in that register.
 */
export const intermediaryRegistrationSchema = /* @__PURE__ */ z.strictObject({
  authority: z.string().min(1),
  register: z.string().min(1),
  registrationNumber: z.string().min(1),
  registerUrl: z.url({ protocol: /^https$/ }),
  /** True while the number is a stand-in shaped like a real one: the real company's number is not ours to
   * know here (docs/compliance/ccd2.md). */
  fictional: z.boolean(),
});
export type IntermediaryRegistration = z.infer<typeof intermediaryRegistrationSchema>;

/** The operating company: business-register number, intermediary registration, and ties to lenders. */
export const organisationSchema = /* @__PURE__ */ z
  .strictObject({
    name: z.string().min(1),
    number: z.string(),
    registration: intermediaryRegistrationSchema,
    /** Whether the company works for one or more lenders only (a tied intermediary, CCD2 art. 37–38;
     * Norway: finansagentforetak) rather than as an independent broker. */
    tiedToLender: z.boolean(),
    /** The lenders it is tied to: empty exactly when `tiedToLender` is false. */
    tiedLenderIds: z.array(z.string().min(1)),
  })
  .superRefine((organisation, ctx) => {
    if (organisation.tiedToLender !== organisation.tiedLenderIds.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['tiedLenderIds'],
        message: 'a tied intermediary names its lenders, an independent one names none',
      });
    }
  });

export const brandConfigSchema = /* @__PURE__ */ z
  .strictObject({
    brand: brandIdSchema,
    country: z.enum(countries),
    currency: z.enum(currencies),
    i18n: z.strictObject({
      locales: z.array(z.enum(locales)).min(1),
      defaultLocale: z.enum(locales),
    }),
    /** Production host, under the reserved `.example` top-level domain (brands.md). */
    domain: z.string().regex(/^([a-z0-9-]+\.)+example$/, 'must be a lowercase host under .example'),
    name: z.string().min(1),
    theme: brandThemeSchema,
    paths: brandPathsSchema,
    organisation: organisationSchema,
    contact: z.strictObject({
      phone: z.string().regex(/^\+\d{2,3}( \d{1,4})+$/, 'must be +CC followed by digit groups'),
      email: z.email(),
    }),
    thirdParty: thirdPartySchema,
    products: z.array(z.enum(brandProducts)).min(1),
    unsecuredLoan: unsecuredLoanSettingsSchema,
    creditCard: creditCardSettingsSchema.optional(),
    securedLoan: securedLoanSettingsSchema.optional(),
    myPage: myPageOptionsSchema,
    environments: z.strictObject({
      development: environmentUrlsSchema,
      test: environmentUrlsSchema,
      production: environmentUrlsSchema,
    }),
  })
  .superRefine((config, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const sells = (product: BrandProduct) => config.products.includes(product);

    if (config.currency !== currencyByCountry[config.country]) {
      issue(['currency'], `${config.country} brands use ${currencyByCountry[config.country]}`);
    }
    if (!config.i18n.locales.includes(config.i18n.defaultLocale)) {
      issue(['i18n', 'defaultLocale'], 'defaultLocale must be one of locales');
    }
    if (config.i18n.defaultLocale !== localeByCountry[config.country]) {
      issue(
        ['i18n', 'defaultLocale'],
        `${config.country} brands default to ${localeByCountry[config.country]}`,
      );
    }
    if (new Set(config.products).size !== config.products.length) {
      issue(['products'], 'products are listed twice');
    }
    if (config.theme.brand !== config.brand) {
      issue(['theme', 'brand'], `theme belongs to ${config.theme.brand}, not ${config.brand}`);
    }
    if (!organisationNumberPattern[config.country].test(config.organisation.number)) {
      issue(['organisation', 'number'], `not a ${config.country} organisation number format`);
    }
    // The registration is with the brand's own country's authority, in its register (issue 34 item 6).
    const competent = intermediaryAuthorities[config.country];
    for (const key of ['authority', 'register', 'registerUrl'] as const) {
      if (config.organisation.registration[key] !== competent[key]) {
        issue(
          ['organisation', 'registration', key],
          `${config.country} intermediaries are registered with ${competent.authority} (${competent[key]})`,
        );
      }
    }
    if (!config.contact.phone.startsWith(`${countryPhonePrefix[config.country]} `)) {
      issue(
        ['contact', 'phone'],
        `${config.country} numbers start with ${countryPhonePrefix[config.country]}`,
      );
    }
    if (!config.contact.email.endsWith(`@${config.domain}`)) {
      issue(['contact', 'email'], `must be an address at ${config.domain}`);
    }

    // Every apply path style has an unsecured-loan form (§2), so every brand sells unsecured loans.
    if (!sells('UnsecuredLoan')) issue(['products'], 'every brand sells UnsecuredLoan');
    // brands.md: a brand serves every path of its style, and drops a product together with its path.
    const productPath: [BrandProduct, keyof BrandPaths][] = [
      ['SecuredLoan', 'applySecured'],
      ['Insurance', 'applyInsurance'],
      ['DiscoveryLoan', 'preCheck'],
    ];
    for (const [product, purpose] of productPath) {
      if (sells(product) !== (config.paths[purpose] !== undefined)) {
        issue(['paths', purpose], `paths.${purpose} is set exactly when the brand sells ${product}`);
      }
    }
    // The one-form flow is a pair: the pre-check leads into the one-form application.
    if ((config.paths.preCheck === undefined) !== (config.paths.oneFormApply === undefined)) {
      issue(['paths', 'oneFormApply'], 'preCheck and oneFormApply come together (the one-form flow)');
    }
    if (sells('CreditCard') !== (config.creditCard !== undefined)) {
      issue(['creditCard'], 'creditCard settings are set exactly when the brand sells CreditCard');
    }
    if (sells('SecuredLoan') !== (config.securedLoan !== undefined)) {
      issue(['securedLoan'], 'securedLoan settings are set exactly when the brand sells SecuredLoan');
    }
    if (config.myPage.offers.hasInsuranceUpsell && !sells('Insurance')) {
      issue(['myPage', 'offers', 'hasInsuranceUpsell'], 'an insurance upsell needs the Insurance product');
    }
    // The high-cost warning is the Swedish KOVFS 2025:1 text (regulation.md), meaningless elsewhere.
    if (config.myPage.hasHighCostWarning && config.country !== 'SE') {
      issue(['myPage', 'hasHighCostWarning'], 'the high-cost warning is a Swedish rule');
    }

    const production = config.environments.production;
    for (const [key, url] of [
      ['api', production.api],
      ['formHost', production.formHost],
      ['websocket', production.websocket],
    ] as const) {
      if (!new URL(url).protocol.match(/^(https|wss):$/)) {
        issue(['environments', 'production', key], 'production URLs are encrypted (https/wss)');
      }
    }
  });
export type BrandConfig = z.infer<typeof brandConfigSchema>;
