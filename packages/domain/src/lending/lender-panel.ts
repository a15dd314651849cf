import { z } from 'zod';
import {
  type Country,
  countrySchema,
  documentActionSchema,
  documentTimingSchema,
  type Product,
  productSchema,
} from '../enums.ts';
import { type FeeHandling, feeHandlingSchema } from '../finance/loan-math.ts';

// The built-in panel of simulated lenders (issue 4). Every name, number and figure below is fictional and
// OUR CHOICE, shaped like the Nordic consumer-credit market: a few banks per country with different
// appetite for risk, different fees and fee conventions, different response times. Real lenders plug in
// through the same LenderAdapter interface in the API (apps/api/src/modules/lending/lender-adapter.ts).
// Recorded in docs/decisions/0009-lender-panel-and-expiry.md.

const rangeSchema = /* @__PURE__ */ z.object({ min: z.number().nonnegative(), max: z.number().positive() });

export const lenderProfileSchema = /* @__PURE__ */ z.object({
  id: z.string().regex(/^[a-z]{2}-[a-z0-9-]+$/),
  name: z.string().min(1),
  country: countrySchema,
  organisationNumber: z.string().min(1),
  products: z.array(productSchema).min(1),
  /** Amount the lender lends, in the country's currency. */
  amount: rangeSchema,
  durationMonths: rangeSchema,
  /** Credit policy: the main applicant's gross yearly income, age and payment remarks. */
  minGrossYearlyIncome: z.number().nonnegative(),
  minAge: z.number().int().min(18),
  maxAge: z.number().int().max(100),
  acceptsPaymentRemarks: z.boolean(),
  /** Employment types the lender does not lend to at all. */
  refusedEmploymentTypes: z.array(z.string()),
  /**
   * Total debt after the loan over gross yearly income. Norway: at most 5 for every lender (utlånsforskriften,
   * regulation.md Norway row); other countries' lenders set their own.
   */
  maxDebtToIncome: z.number().positive(),
  /** Monthly debt service (stressed new loan + existing payments) over net monthly income. */
  maxDebtServiceRatio: z.number().positive().max(1),
  /**
   * Secured loans: the most the lender lends against the property, (loan + common debt) / value in percent
   * (Norway's legal ceiling is 90 %, utlånsforskriften § 4; most lenders stay under it). Null: no secured loans.
   */
  maxLoanToValuePercent: z.number().positive().max(90).nullable(),
  /** Above this amount the lender wants a co-applicant (decline 363 "add co-applicant" without one). */
  coApplicantRequiredAbove: z.number().positive().nullable(),
  pricing: z.object({
    /** Where in the brand's rate band the best applicant lands (0 = the band's low rate). */
    floor: z.number().min(0).max(1),
    /** How far the applicant's risk score moves the rate across the band. */
    riskSlope: z.number().min(0).max(1),
    /** Random spread (±) of the position in the band. */
    noise: z.number().min(0).max(0.2),
    /** Risk score above which the lender declines. */
    maxRiskScore: z.number().min(0).max(1),
  }),
  fees: z.object({
    /** Startup fee: a fixed amount, or a percent of the amount (with optional bounds). */
    startup: z.union([
      z.object({ fixed: z.number().nonnegative() }),
      z.object({
        percent: z.number().min(0).max(10),
        min: z.number().nonnegative().optional(),
        max: z.number().nonnegative().optional(),
      }),
    ]),
    monthly: z.number().nonnegative(),
    feeHandling: feeHandlingSchema,
  }),
  /** Days an offer stays open for the customer. */
  offerValidityDays: z.number().int().min(1).max(90),
  /** What the lender offers when it cannot give what was asked. */
  counterOffer: z.enum(['lower-amount', 'longer-term', 'none']),
  /** Gives the asked terms plus a longer alternative (offer type Dual Offer). */
  makesDualOffers: z.boolean(),
  /**
   * Whether the lender fits its offers to the country caps (rate, cost, Norway's 5-year rule) itself.
   * One lender per country does not: its offers show that our cap check withholds them.
   */
  fitsOffersToCaps: z.boolean(),
  /** Simulated response times at delay scale 1. */
  delayMs: z.object({ registration: z.number().nonnegative(), decision: z.number().nonnegative() }),
  /** Share of calls that fail with a transient error (retried by the job queue). */
  failureRate: z.number().min(0).max(0.5),
  /** A lender switched off on our side: registration answers 265 "bank disabled". */
  disabled: z.boolean(),
  /** What the lender asks for after its offer (§3 document action and timing), before it pays out. */
  documentRequests: z.array(
    z.object({
      action: documentActionSchema,
      timing: documentTimingSchema,
      /** §3 document category for uploads. */
      category: z.enum(['payslip', 'tax-return', 'property-value', 'other']).nullable(),
    }),
  ),
  signingUrlBase: z.url({ protocol: /^https$/ }),
});
export type LenderProfile = z.infer<typeof lenderProfileSchema>;

export interface LenderInput
  extends Omit<
    LenderProfile,
    | 'signingUrlBase'
    | 'disabled'
    | 'refusedEmploymentTypes'
    | 'makesDualOffers'
    | 'fitsOffersToCaps'
    | 'documentRequests'
    | 'maxLoanToValuePercent'
  > {
  documentRequests?: LenderProfile['documentRequests'];
  maxLoanToValuePercent?: number | null;
  refusedEmploymentTypes?: string[];
  makesDualOffers?: boolean;
  fitsOffersToCaps?: boolean;
  disabled?: boolean;
}

/** A full profile from the fields that differ between lenders (the code list below; lenders staff add). */
export function lenderProfile(input: LenderInput): LenderProfile {
  return {
    refusedEmploymentTypes: ['Unemployed'],
    makesDualOffers: false,
    fitsOffersToCaps: true,
    disabled: false,
    maxLoanToValuePercent: null,
    // Every lender identifies the borrower and has the agreement signed (e-ID) before paying out.
    documentRequests: [
      { action: 'identify', timing: 'before_disbursement', category: null },
      { action: 'sign', timing: 'before_disbursement', category: null },
    ],
    ...input,
    signingUrlBase: `https://sign.${input.id}.example/`,
  };
}

const lender = lenderProfile;
const unsecured: Product[] = ['UnsecuredLoan', 'DiscoveryLoan'];
const fixed = (amount: number) => ({ fixed: amount });

// Norway: total debt ≤ 5 × gross income is law for every lender (utlånsforskriften; regulation.md).
const norwayDebtToIncome = 5;

export const lenderPanel: readonly LenderProfile[] = [
  // ── Norway (NOK) ───────────────────────────────────────────────────────────────────────────────
  lender({
    id: 'no-fjordbanken',
    name: 'Fjordbanken ASA',
    country: 'NO',
    organisationNumber: '910000101',
    products: unsecured,
    amount: { min: 10_000, max: 600_000 },
    durationMonths: { min: 12, max: 180 },
    minGrossYearlyIncome: 250_000,
    minAge: 20,
    maxAge: 75,
    acceptsPaymentRemarks: false,
    maxDebtToIncome: norwayDebtToIncome,
    maxDebtServiceRatio: 0.45,
    coApplicantRequiredAbove: 450_000,
    pricing: { floor: 0.05, riskSlope: 0.6, noise: 0.04, maxRiskScore: 0.7 },
    fees: { startup: fixed(950), monthly: 30, feeHandling: 'financed' },
    offerValidityDays: 30,
    counterOffer: 'longer-term',
    makesDualOffers: true,
    delayMs: { registration: 150, decision: 4_000 },
    failureRate: 0.02,
  }),
  lender({
    id: 'no-nordlys-kreditt',
    name: 'Nordlys Kreditt AS',
    country: 'NO',
    organisationNumber: '910000102',
    products: [...unsecured, 'CreditCard'],
    amount: { min: 5_000, max: 500_000 },
    durationMonths: { min: 12, max: 60 },
    minGrossYearlyIncome: 200_000,
    minAge: 23,
    maxAge: 70,
    acceptsPaymentRemarks: false,
    maxDebtToIncome: norwayDebtToIncome,
    maxDebtServiceRatio: 0.5,
    coApplicantRequiredAbove: null,
    pricing: { floor: 0.2, riskSlope: 0.7, noise: 0.05, maxRiskScore: 0.8 },
    fees: { startup: fixed(0), monthly: 45, feeHandling: 'financed' },
    offerValidityDays: 21,
    counterOffer: 'lower-amount',
    delayMs: { registration: 100, decision: 2_000 },
    failureRate: 0.05,
  }),
  lender({
    id: 'no-vidde-finans',
    name: 'Vidde Finans AS',
    country: 'NO',
    organisationNumber: '910000103',
    products: unsecured,
    amount: { min: 20_000, max: 800_000 },
    durationMonths: { min: 12, max: 240 },
    minGrossYearlyIncome: 180_000,
    minAge: 18,
    maxAge: 80,
    acceptsPaymentRemarks: true,
    refusedEmploymentTypes: [],
    maxDebtToIncome: norwayDebtToIncome,
    maxDebtServiceRatio: 0.6,
    coApplicantRequiredAbove: null,
    pricing: { floor: 0.35, riskSlope: 0.65, noise: 0.06, maxRiskScore: 0.95 },
    fees: { startup: { percent: 2, min: 950, max: 5_000 }, monthly: 50, feeHandling: 'upfront' },
    offerValidityDays: 14,
    counterOffer: 'lower-amount',
    // Offers the asked term even past 5 years: our cap check (utlånsforskriften § 13) withholds those.
    fitsOffersToCaps: false,
    delayMs: { registration: 300, decision: 9_000 },
    failureRate: 0.08,
  }),
  lender({
    id: 'no-kyst-sparebank',
    name: 'Kyst Sparebank',
    country: 'NO',
    organisationNumber: '910000104',
    products: unsecured,
    amount: { min: 50_000, max: 400_000 },
    durationMonths: { min: 24, max: 60 },
    minGrossYearlyIncome: 350_000,
    minAge: 25,
    maxAge: 67,
    acceptsPaymentRemarks: false,
    refusedEmploymentTypes: ['Unemployed', 'Student', 'Hourly', 'Project'],
    maxDebtToIncome: norwayDebtToIncome,
    maxDebtServiceRatio: 0.4,
    coApplicantRequiredAbove: 300_000,
    pricing: { floor: 0, riskSlope: 0.5, noise: 0.03, maxRiskScore: 0.5 },
    fees: { startup: fixed(500), monthly: 0, feeHandling: 'financed' },
    offerValidityDays: 30,
    counterOffer: 'none',
    documentRequests: [
      { action: 'upload', timing: 'before_approval', category: 'payslip' },
      { action: 'identify', timing: 'before_disbursement', category: null },
      { action: 'sign', timing: 'before_disbursement', category: null },
    ],
    delayMs: { registration: 500, decision: 20_000 },
    failureRate: 0.01,
  }),

  // Secured loans (mortgage refinancing; docs/decisions/0027): mortgage lenders that quote against the
  // property. Each asks for the case documents of §3 before it approves.
  lender({
    id: 'no-hjem-boligkreditt',
    name: 'Hjem Boligkreditt AS',
    country: 'NO',
    organisationNumber: '910000105',
    products: ['SecuredLoan'],
    amount: { min: 300_000, max: 8_000_000 },
    durationMonths: { min: 60, max: 360 },
    minGrossYearlyIncome: 300_000,
    minAge: 20,
    maxAge: 75,
    acceptsPaymentRemarks: false,
    maxDebtToIncome: norwayDebtToIncome,
    maxDebtServiceRatio: 0.5,
    maxLoanToValuePercent: 85,
    coApplicantRequiredAbove: 3_000_000,
    pricing: { floor: 0.05, riskSlope: 0.5, noise: 0.03, maxRiskScore: 0.7 },
    fees: { startup: fixed(2_500), monthly: 50, feeHandling: 'financed' },
    offerValidityDays: 30,
    counterOffer: 'lower-amount',
    documentRequests: [
      { action: 'upload', timing: 'before_approval', category: 'payslip' },
      { action: 'upload', timing: 'before_approval', category: 'tax-return' },
      { action: 'upload', timing: 'before_approval', category: 'property-value' },
      { action: 'identify', timing: 'before_disbursement', category: null },
      { action: 'sign', timing: 'before_disbursement', category: null },
    ],
    delayMs: { registration: 200, decision: 3_000 },
    failureRate: 0.02,
  }),
  lender({
    id: 'no-fjell-sparebank',
    name: 'Fjell Sparebank',
    country: 'NO',
    organisationNumber: '910000106',
    products: ['SecuredLoan'],
    amount: { min: 100_000, max: 5_000_000 },
    durationMonths: { min: 60, max: 300 },
    minGrossYearlyIncome: 350_000,
    minAge: 22,
    maxAge: 70,
    acceptsPaymentRemarks: false,
    refusedEmploymentTypes: ['Unemployed', 'Student', 'Hourly'],
    maxDebtToIncome: norwayDebtToIncome,
    maxDebtServiceRatio: 0.45,
    // A savings bank that keeps a buffer under the legal 90 %.
    maxLoanToValuePercent: 75,
    coApplicantRequiredAbove: null,
    pricing: { floor: 0, riskSlope: 0.4, noise: 0.02, maxRiskScore: 0.6 },
    fees: { startup: fixed(0), monthly: 45, feeHandling: 'financed' },
    offerValidityDays: 21,
    counterOffer: 'none',
    documentRequests: [
      { action: 'upload', timing: 'before_approval', category: 'payslip' },
      { action: 'upload', timing: 'before_approval', category: 'tax-return' },
      { action: 'sign', timing: 'before_disbursement', category: null },
    ],
    delayMs: { registration: 300, decision: 5_000 },
    failureRate: 0.02,
  }),

  // ── Sweden (SEK) ──────────────────────────────────────────────────────────────────────────────
  lender({
    id: 'se-skargardsbanken',
    name: 'Skärgårdsbanken AB',
    country: 'SE',
    organisationNumber: '516400-0101',
    products: unsecured,
    amount: { min: 5_000, max: 600_000 },
    durationMonths: { min: 12, max: 180 },
    minGrossYearlyIncome: 180_000,
    minAge: 20,
    maxAge: 75,
    acceptsPaymentRemarks: false,
    maxDebtToIncome: 6,
    maxDebtServiceRatio: 0.5,
    coApplicantRequiredAbove: 400_000,
    pricing: { floor: 0.05, riskSlope: 0.6, noise: 0.04, maxRiskScore: 0.7 },
    // Under the 2025 startup-fee cap of 588 SEK (regulation.md).
    fees: { startup: fixed(495), monthly: 0, feeHandling: 'upfront' },
    offerValidityDays: 30,
    counterOffer: 'longer-term',
    makesDualOffers: true,
    delayMs: { registration: 150, decision: 3_000 },
    failureRate: 0.02,
  }),
  lender({
    id: 'se-malar-kredit',
    name: 'Mälar Kredit AB',
    country: 'SE',
    organisationNumber: '556900-0102',
    // The Swedish panel's card issuer (se-main and se-alt1 sell credit cards).
    products: [...unsecured, 'CreditCard'],
    amount: { min: 10_000, max: 500_000 },
    durationMonths: { min: 12, max: 144 },
    minGrossYearlyIncome: 150_000,
    minAge: 21,
    maxAge: 70,
    acceptsPaymentRemarks: false,
    maxDebtToIncome: 5,
    maxDebtServiceRatio: 0.55,
    coApplicantRequiredAbove: null,
    pricing: { floor: 0.2, riskSlope: 0.7, noise: 0.05, maxRiskScore: 0.8 },
    fees: { startup: fixed(300), monthly: 25, feeHandling: 'financed' },
    offerValidityDays: 21,
    documentRequests: [
      { action: 'upload', timing: 'before_disbursement', category: 'payslip' },
      { action: 'sign', timing: 'before_disbursement', category: null },
    ],
    counterOffer: 'lower-amount',
    delayMs: { registration: 100, decision: 6_000 },
    failureRate: 0.04,
  }),
  lender({
    id: 'se-norrsken-finans',
    name: 'Norrsken Finans AB',
    country: 'SE',
    organisationNumber: '556900-0103',
    products: unsecured,
    amount: { min: 5_000, max: 350_000 },
    durationMonths: { min: 12, max: 180 },
    minGrossYearlyIncome: 120_000,
    minAge: 18,
    maxAge: 80,
    acceptsPaymentRemarks: true,
    refusedEmploymentTypes: [],
    maxDebtToIncome: 7,
    maxDebtServiceRatio: 0.6,
    coApplicantRequiredAbove: null,
    pricing: { floor: 0.45, riskSlope: 0.55, noise: 0.05, maxRiskScore: 0.95 },
    // A 588 SEK fee is exactly at the cap; long terms at its rates break the 100 % cost cap and are withheld.
    fees: { startup: fixed(588), monthly: 35, feeHandling: 'upfront' },
    offerValidityDays: 14,
    counterOffer: 'lower-amount',
    fitsOffersToCaps: false,
    delayMs: { registration: 250, decision: 12_000 },
    failureRate: 0.08,
  }),

  // ── Finland (EUR) ─────────────────────────────────────────────────────────────────────────────
  lender({
    id: 'fi-saimaa-pankki',
    name: 'Saimaan Pankki Oyj',
    country: 'FI',
    organisationNumber: '3100101-5',
    products: unsecured,
    amount: { min: 1_000, max: 70_000 },
    durationMonths: { min: 12, max: 180 },
    minGrossYearlyIncome: 20_000,
    minAge: 20,
    maxAge: 75,
    acceptsPaymentRemarks: false,
    maxDebtToIncome: 4.5,
    maxDebtServiceRatio: 0.45,
    coApplicantRequiredAbove: 50_000,
    pricing: { floor: 0.05, riskSlope: 0.6, noise: 0.04, maxRiskScore: 0.7 },
    fees: { startup: fixed(0), monthly: 0, feeHandling: 'upfront' },
    offerValidityDays: 30,
    counterOffer: 'longer-term',
    makesDualOffers: true,
    delayMs: { registration: 150, decision: 3_000 },
    failureRate: 0.02,
  }),
  lender({
    id: 'fi-kuusi-rahoitus',
    name: 'Kuusi Rahoitus Oy',
    country: 'FI',
    organisationNumber: '3100102-3',
    products: unsecured,
    amount: { min: 500, max: 50_000 },
    durationMonths: { min: 12, max: 144 },
    minGrossYearlyIncome: 15_000,
    minAge: 21,
    maxAge: 70,
    acceptsPaymentRemarks: false,
    maxDebtToIncome: 4,
    maxDebtServiceRatio: 0.5,
    coApplicantRequiredAbove: null,
    pricing: { floor: 0.25, riskSlope: 0.7, noise: 0.05, maxRiskScore: 0.8 },
    // Well inside the other-costs caps (0.01 %/day, 150 €/year): kuluttajansuojalaki 7:17 a.
    fees: { startup: fixed(30), monthly: 5, feeHandling: 'financed' },
    offerValidityDays: 21,
    counterOffer: 'lower-amount',
    delayMs: { registration: 100, decision: 5_000 },
    failureRate: 0.04,
  }),
  lender({
    id: 'fi-aalto-luotto',
    name: 'Aalto Luotto Oy',
    country: 'FI',
    organisationNumber: '3100103-1',
    products: unsecured,
    amount: { min: 500, max: 40_000 },
    durationMonths: { min: 6, max: 120 },
    minGrossYearlyIncome: 10_000,
    minAge: 18,
    maxAge: 80,
    acceptsPaymentRemarks: true,
    refusedEmploymentTypes: [],
    maxDebtToIncome: 5,
    maxDebtServiceRatio: 0.6,
    coApplicantRequiredAbove: null,
    pricing: { floor: 0.5, riskSlope: 0.5, noise: 0.05, maxRiskScore: 0.95 },
    // Its fees break the other-costs caps on small amounts: those offers are withheld.
    fees: { startup: fixed(50), monthly: 8, feeHandling: 'upfront' },
    offerValidityDays: 14,
    counterOffer: 'lower-amount',
    fitsOffersToCaps: false,
    delayMs: { registration: 250, decision: 10_000 },
    failureRate: 0.08,
  }),

  // ── Denmark (DKK) ─────────────────────────────────────────────────────────────────────────────
  lender({
    id: 'dk-bolge-bank',
    name: 'Bølge Bank A/S',
    country: 'DK',
    organisationNumber: '31000101',
    products: unsecured,
    amount: { min: 10_000, max: 400_000 },
    durationMonths: { min: 12, max: 120 },
    minGrossYearlyIncome: 200_000,
    minAge: 20,
    maxAge: 75,
    acceptsPaymentRemarks: false,
    maxDebtToIncome: 4,
    maxDebtServiceRatio: 0.45,
    coApplicantRequiredAbove: 300_000,
    pricing: { floor: 0.05, riskSlope: 0.6, noise: 0.04, maxRiskScore: 0.7 },
    fees: { startup: fixed(1_000), monthly: 25, feeHandling: 'upfront' },
    offerValidityDays: 30,
    counterOffer: 'longer-term',
    makesDualOffers: true,
    delayMs: { registration: 150, decision: 3_000 },
    failureRate: 0.02,
  }),
  lender({
    id: 'dk-klint-kredit',
    name: 'Klint Kredit ApS',
    country: 'DK',
    organisationNumber: '31000102',
    products: unsecured,
    amount: { min: 10_000, max: 300_000 },
    durationMonths: { min: 12, max: 120 },
    minGrossYearlyIncome: 180_000,
    minAge: 21,
    maxAge: 70,
    acceptsPaymentRemarks: false,
    maxDebtToIncome: 4,
    maxDebtServiceRatio: 0.5,
    coApplicantRequiredAbove: null,
    pricing: { floor: 0.2, riskSlope: 0.7, noise: 0.05, maxRiskScore: 0.8 },
    fees: { startup: { percent: 1, min: 500, max: 2_500 }, monthly: 30, feeHandling: 'financed' },
    offerValidityDays: 21,
    counterOffer: 'lower-amount',
    delayMs: { registration: 100, decision: 6_000 },
    failureRate: 0.04,
  }),
  lender({
    id: 'dk-hav-finans',
    name: 'Hav Finans ApS',
    country: 'DK',
    organisationNumber: '31000103',
    products: unsecured,
    amount: { min: 10_000, max: 200_000 },
    durationMonths: { min: 12, max: 120 },
    minGrossYearlyIncome: 120_000,
    minAge: 18,
    maxAge: 80,
    acceptsPaymentRemarks: true,
    refusedEmploymentTypes: [],
    maxDebtToIncome: 5,
    maxDebtServiceRatio: 0.6,
    coApplicantRequiredAbove: null,
    pricing: { floor: 0.5, riskSlope: 0.5, noise: 0.05, maxRiskScore: 0.95 },
    // High monthly fee: on small, long loans the total cost passes 100 % of the amount (withheld).
    fees: { startup: fixed(2_000), monthly: 95, feeHandling: 'upfront' },
    offerValidityDays: 14,
    counterOffer: 'lower-amount',
    fitsOffersToCaps: false,
    delayMs: { registration: 250, decision: 12_000 },
    failureRate: 0.08,
  }),
];

const lenderById: ReadonlyMap<string, LenderProfile> = new Map(lenderPanel.map((entry) => [entry.id, entry]));

/**
 * The lenders the API read from its lender table (docs/decisions/0067): a lender a Manager added or edited
 * is named and described as the table says wherever a lender is looked up by id. Only the API's panel fills
 * it; elsewhere (the web bundle, the sandbox) the code list answers alone.
 */
const registeredById = new Map<string, LenderProfile>();

export function registerLenderProfiles(profiles: readonly LenderProfile[]): void {
  registeredById.clear();
  for (const profile of profiles) registeredById.set(profile.id, profile);
}

export function findLender(id: string): LenderProfile | undefined {
  return registeredById.get(id) ?? lenderById.get(id);
}

/** The lenders that may get an application of this country and product (before their own policy). */
export function lendersFor(country: Country, product: Product): LenderProfile[] {
  return lenderPanel.filter((entry) => entry.country === country && entry.products.includes(product));
}

/** The startup fee a lender charges on `amount`, whole currency units. */
export function startupFeeFor(profile: LenderProfile, amount: number): number {
  const startup = profile.fees.startup;
  if ('fixed' in startup) return startup.fixed;
  const fee = Math.round((amount * startup.percent) / 100);
  return Math.min(startup.max ?? Number.POSITIVE_INFINITY, Math.max(startup.min ?? 0, fee));
}

export type { FeeHandling };
