import { z } from 'zod';

// Issue 13, the transparent personal page (docs/decisions/0031): what each lender did with the
// application and when, who checked the applicant's credit under which consent, how offers are ranked and
// what nordloan is paid. Shared by the API (response schema, rules) and the web app (parsing, ranking).

// ── What nordloan is paid ───────────────────────────────────────────────────────────────────────────

/**
 * The commission each lender pays nordloan for an offer the applicant accepts and the lender pays out, in
 * percent of the amount paid out. Written to the lender register (lender.commission_percent) when the
 * panel is synced; the register is what the API discloses. Fictional figures, like the panel itself.
 */
export const lenderCommissionPercent: Readonly<Record<string, number>> = {
  'no-fjordbanken': 2.5,
  'no-nordlys-kreditt': 3,
  'no-vidde-finans': 4,
  'no-kyst-sparebank': 2,
  // Mortgage refinancing pays a broker far less per krone than an unsecured loan does.
  'no-hjem-boligkreditt': 0.8,
  'no-fjell-sparebank': 0.7,
  'se-skargardsbanken': 2.5,
  'se-malar-kredit': 3.5,
  'se-norrsken-finans': 4,
  'fi-saimaa-pankki': 2,
  'fi-kuusi-rahoitus': 3,
  'fi-aalto-luotto': 3.5,
  'dk-bolge-bank': 2.5,
  'dk-klint-kredit': 3,
  'dk-hav-finans': 4,
};

/** A lender missing from the table pays nothing we know of: disclosed as 0, never guessed. */
export function commissionPercentOf(lenderId: string): number {
  return lenderCommissionPercent[lenderId] ?? 0;
}

/**
 * The commission a lender pays for an offer of `product` (docs/decisions/0077): the lender register's figure
 * for that product when its commission table has one (a mortgage refinance or a card pays otherwise than
 * an unsecured loan), else the lender's default percent. What the applicant is shown is what we are paid.
 */
export function commissionPercentFor(
  lender: { commissionPercent: number; commissionTable: Readonly<Record<string, number>> },
  product: string,
): number {
  const own = lender.commissionTable[product];
  return typeof own === 'number' && Number.isFinite(own) ? own : lender.commissionPercent;
}

/** The commission for one offer, rounded to whole currency units (what is disclosed on the offer). */
export function commissionAmount(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

// ── Each lender's path ─────────────────────────────────────────────────────────────────────────────

/**
 * The steps of a lender's path in plain terms: sent to the lender, registered by it, its credit check
 * (deciding), an offer, declined (with a reason category), and the ends after an offer.
 */
export const lenderSteps = [
  'sent',
  'registered',
  'checking',
  'offer',
  'declined',
  'accepted',
  'not-accepted',
  'paid-out',
  'cancelled',
  'withdrawn',
  'expired',
] as const;
export const lenderStepSchema = /* @__PURE__ */ z.enum(lenderSteps);
export type LenderStep = z.infer<typeof lenderStepSchema>;

/** Finer status code (§4, 211 … 691) → the lender step it belongs to. */
export function lenderStepOf(code: number): LenderStep {
  const family = code % 100;
  if (code === 651) return 'paid-out';
  if (family === 89 || family === 95) return 'expired';
  if (family === 91) return 'withdrawn';
  if (family >= 80 && family <= 92) return 'cancelled';
  if (code === 661) return 'cancelled';
  if (code < 251) return 'sent';
  if (code === 251) return 'registered';
  if (code < 300) return 'declined';
  if (code < 351) return 'checking';
  if (code === 351) return 'offer';
  if (code < 400) return 'declined';
  if (code < 451) return 'offer';
  if (code < 461) return 'accepted';
  if (code < 480) return 'not-accepted';
  if (code >= 561 && code <= 569) return 'declined';
  return 'accepted';
}

/**
 * Why a lender said no, in the categories an applicant can act on (the lender's own reason stays the
 * lender's: categories, not its credit-policy details).
 */
export const declineCategories = [
  'identity',
  'address',
  'credit-history',
  'income-and-affordability',
  'lender-criteria',
  'co-applicant',
  'existing-application',
  'country-caps',
  'technical',
  'other',
] as const;
export const declineCategorySchema = /* @__PURE__ */ z.enum(declineCategories);
export type DeclineCategory = z.infer<typeof declineCategorySchema>;

const categoryByReasonCode: Readonly<Record<string, DeclineCategory>> = {
  PID_ERROR: 'identity',
  ADDRESS_ERROR: 'address',
  BANK_DISABLED: 'technical',
  BANK_ERROR: 'technical',
  BANK_FILTER_PRODUCT: 'lender-criteria',
  BANK_FILTER_AMOUNT: 'lender-criteria',
  BANK_FILTER_APPLICANT: 'lender-criteria',
  BANK_FILTER_CO_APPLICANT: 'co-applicant',
  CREDIT_SCORE: 'credit-history',
  DUPLICATE: 'existing-application',
  CO_APPLICANT_REQUIRED: 'co-applicant',
  AFFORDABILITY: 'income-and-affordability',
  DEBT_TO_INCOME: 'income-and-affordability',
  COUNTRY_CAPS: 'country-caps',
  COUNTRY_CAPS_WITHHELD: 'country-caps',
};

const categoryByCode: Readonly<Record<number, DeclineCategory>> = {
  261: 'identity',
  262: 'address',
  263: 'technical',
  264: 'credit-history',
  265: 'technical',
  266: 'lender-criteria',
  267: 'co-applicant',
  361: 'existing-application',
  363: 'co-applicant',
  562: 'credit-history',
  563: 'identity',
};

/** The category of a decline: the lender's reason code when we know it, else the finer status code. */
export function declineCategoryOf(code: number, reasonCode: string | null | undefined): DeclineCategory {
  if (reasonCode && categoryByReasonCode[reasonCode]) return categoryByReasonCode[reasonCode];
  return categoryByCode[code] ?? 'other';
}

// ── How offers are ranked ──────────────────────────────────────────────────────────────────────────

/**
 * The figures offers can be ranked by, lowest first. The default is total cost (what the loan costs in
 * all, fees included); ties are broken by the other figures in this order, then by the lender's name,
 * so an order never flickers when offers are refreshed.
 */
export const rankingKeys = ['totalCost', 'effectiveRate', 'monthlyPayment'] as const;
export type RankingKey = (typeof rankingKeys)[number];
export const defaultRankingKey: RankingKey = 'totalCost';

export interface RankableOffer {
  ID: string;
  Lender: { Name: string };
  TotalCost: number;
  MonthlyPayment: number;
  EffectiveRate: number;
}

const figureOf: Record<RankingKey, (offer: RankableOffer) => number> = {
  totalCost: (offer) => offer.TotalCost,
  effectiveRate: (offer) => offer.EffectiveRate,
  monthlyPayment: (offer) => offer.MonthlyPayment,
};

/** The order of comparison for a chosen key: that key, then the others in the default order. */
export function rankingOrder(key: RankingKey): RankingKey[] {
  return [key, ...rankingKeys.filter((other) => other !== key)];
}

/** A new array, best first by `key`; never mutates the input. */
export function rankOffers<T extends RankableOffer>(offers: readonly T[], key: RankingKey): T[] {
  const order = rankingOrder(key);
  return [...offers].sort((a, b) => {
    for (const k of order) {
      const difference = figureOf[k](a) - figureOf[k](b);
      if (difference !== 0) return difference;
    }
    return a.Lender.Name.localeCompare(b.Lender.Name) || a.ID.localeCompare(b.ID);
  });
}

/** Why the first offer stands before the second: the first figure that differs, and by how much. */
export interface RankingExplanation {
  firstId: string;
  secondId: string;
  decidedBy: RankingKey | 'lenderName';
  /** How much lower the first offer's deciding figure is (0 when the lender's name decided). */
  difference: number;
  /** Figures compared before the deciding one, on which both offers were equal. */
  tiedOn: RankingKey[];
}

export function explainRanking(ranked: readonly RankableOffer[], key: RankingKey): RankingExplanation | null {
  const [first, second] = ranked;
  if (!first || !second) return null;
  const tiedOn: RankingKey[] = [];
  for (const k of rankingOrder(key)) {
    const difference = figureOf[k](second) - figureOf[k](first);
    if (difference !== 0) return { firstId: first.ID, secondId: second.ID, decidedBy: k, difference, tiedOn };
    tiedOn.push(k);
  }
  return { firstId: first.ID, secondId: second.ID, decidedBy: 'lenderName', difference: 0, tiedOn };
}

// ── The API's answer: GET /loan-application/{id}/transparency ───────────────────────────────────────

export const creditInquirySchema = /* @__PURE__ */ z.object({
  LenderID: z.string(),
  LenderName: z.string(),
  CheckedAt: z.string(),
  /** The consent the lender relied on: the credit-check consent given on the application. */
  Consent: z.literal('credit-check'),
  /** When that consent was given; null when the application did not record a time. */
  ConsentGivenAt: z.string().nullable(),
  /** The version of the terms the customer had accepted; null when none was on record. */
  TermsVersion: z.string().nullable(),
});

export const lenderPathEntrySchema = /* @__PURE__ */ z.object({
  Step: lenderStepSchema,
  Status: z.number().int(),
  At: z.string(),
  DeclineCategory: declineCategorySchema.nullable(),
});

export const lenderPathSchema = /* @__PURE__ */ z.object({
  LenderID: z.string(),
  LenderName: z.string(),
  CurrentStep: lenderStepSchema,
  DeclineCategory: declineCategorySchema.nullable(),
  Entries: z.array(lenderPathEntrySchema),
});

export const offerCommissionSchema = /* @__PURE__ */ z.object({
  LoanQuoteID: z.string(),
  LenderID: z.string(),
  LenderName: z.string(),
  CommissionPercent: z.number(),
  /** In the offer's currency, for the offer's amount, paid only if this offer is accepted and paid out. */
  CommissionAmount: z.number(),
  Currency: z.string(),
});

export const transparencySchema = /* @__PURE__ */ z.object({
  LoanApplicationID: z.string(),
  CreditInquiries: z.array(creditInquirySchema),
  LenderPaths: z.array(lenderPathSchema),
  Commissions: z.array(offerCommissionSchema),
  RankingRule: z.array(z.enum(rankingKeys)),
});
export type Transparency = z.infer<typeof transparencySchema>;
export type LenderPath = z.infer<typeof lenderPathSchema>;
export type CreditInquiry = z.infer<typeof creditInquirySchema>;
export type OfferCommission = z.infer<typeof offerCommissionSchema>;

// ── Re-quote without a new application: POST /loan-application/{id}/re-quote ────────────────────────

export const reQuoteBodySchema = /* @__PURE__ */ z
  .object({
    // Whole currency units and whole months, as a changed offer (the quote's columns are integers).
    Amount: z.number().int().positive().optional(),
    DurationMonths: z.number().int().min(12).max(600).multipleOf(12).optional(),
  })
  .refine((body) => body.Amount !== undefined || body.DurationMonths !== undefined, {
    message: 'Give Amount, DurationMonths or both',
    path: ['Amount'],
  });
export type ReQuoteBody = z.infer<typeof reQuoteBodySchema>;

/**
 * Per lender: a new offer replaced the old one; the lender could not re-quote (its limits, a refusal, the
 * caps); the lender did not answer now (the old offer stays open, try again); or nothing was to change.
 */
export const reQuoteOutcomes = ['re-quoted', 'declined', 'unavailable', 'unchanged'] as const;

export const reQuoteResultSchema = /* @__PURE__ */ z.object({
  LoanApplicationID: z.string(),
  Lenders: z.array(
    z.object({
      LenderID: z.string(),
      LenderName: z.string(),
      Outcome: z.enum(reQuoteOutcomes),
      PreviousQuoteID: z.string(),
      NewQuoteID: z.string().nullable(),
      /** Why the lender could not (its limits, a refusal, the caps); null otherwise. */
      Reason: z.string().nullable(),
    }),
  ),
});
export type ReQuoteResult = z.infer<typeof reQuoteResultSchema>;
