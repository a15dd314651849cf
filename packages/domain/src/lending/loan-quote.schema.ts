import { z } from 'zod';
import {
  currencySchema,
  documentActionSchema,
  documentRequestStatusSchema,
  documentTimingSchema,
  entrySourceSchema,
  loanKindSchema,
  localeSchema,
  offerAcceptanceStatusSchema,
  offerTypeSchema,
} from '../enums.ts';
import { feeHandlingSchema } from '../finance/loan-math.ts';
import { recommendationReasonSchema } from './recommendation.ts';

// API contract of quotes and their presentation (§2 LoanQuote, §7 loan-quote-presentation calls). Field
// names are the spec's PascalCase; the fields themselves are "not shown" in §3 and are issue 4's list.
// Shared by the API (response schemas) and the web app (parsing).

/**
 * A quote's life: `approved` (shown, open), `withheld` (breaks a country cap: stored, never shown),
 * `accepted`, `not-accepted` (another quote was accepted or the customer declined all), `superseded`
 * (replaced by a changed offer), `cancelled` (by the lender or us), `expired`, `withdrawn` (by the customer).
 */
export const quoteStatuses = [
  'approved',
  'withheld',
  'accepted',
  'not-accepted',
  'superseded',
  'cancelled',
  'expired',
  'withdrawn',
] as const;
export const quoteStatusSchema = /* @__PURE__ */ z.enum(quoteStatuses);
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;

/** Whether the lender gave what was asked or other terms (issue 4: approved / counter-offer). */
export const quoteDecisions = ['approved', 'counter-offer'] as const;
export const quoteDecisionSchema = /* @__PURE__ */ z.enum(quoteDecisions);
export type QuoteDecision = z.infer<typeof quoteDecisionSchema>;

export const documentRequestSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  Action: documentActionSchema,
  Timing: documentTimingSchema,
  Category: z.enum(['payslip', 'tax-return', 'property-value', 'other']).nullable(),
  Status: documentRequestStatusSchema,
});
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

export const lenderSummarySchema = /* @__PURE__ */ z.object({ ID: z.string(), Name: z.string() });

export const loanQuoteSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  LoanRequestID: z.string(),
  Lender: lenderSummarySchema,
  Currency: currencySchema,
  Amount: z.number(),
  DurationMonths: z.number().int(),
  /** Percent per year (11.9 = 11.9 %); unrounded, as every figure here — round for display. */
  NominalRate: z.number(),
  EffectiveRate: z.number(),
  MonthlyPayment: z.number(),
  TotalCost: z.number(),
  TotalPayable: z.number(),
  StartupFee: z.number(),
  MonthlyFee: z.number(),
  FeeHandling: feeHandlingSchema,
  OfferType: offerTypeSchema,
  LoanKind: loanKindSchema,
  Decision: quoteDecisionSchema,
  Status: quoteStatusSchema,
  AcceptanceStatus: offerAcceptanceStatusSchema.nullable(),
  ExpiresAt: z.string(),
  DocumentRequests: z.array(documentRequestSchema),
  /** Set on a changed offer: the quote it replaced. */
  ReplacesQuoteID: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type LoanQuote = z.infer<typeof loanQuoteSchema>;

export const quoteRepresentativeExampleSchema = /* @__PURE__ */ z.object({
  EffectiveRate: z.number(),
  TotalCost: z.number(),
  TotalPayable: z.number(),
  MonthlyPayment: z.number(),
  /** The legally required sentence in the brand's language and number format. */
  Text: z.string(),
});

export const presentedQuoteSchema = /* @__PURE__ */ loanQuoteSchema.extend({
  RepresentativeExample: quoteRepresentativeExampleSchema,
});
export type PresentedQuote = z.infer<typeof presentedQuoteSchema>;

export const quoteGroupNames = ['offers', 'counter-offers'] as const;

export const lenderProgressSchema = /* @__PURE__ */ z.object({
  LenderID: z.string(),
  LenderName: z.string(),
  /** §4 finer request code (e.g. 311 pending bank decision, 369 not approved). */
  Status: z.number().int(),
  StatusName: z.string(),
  /** Declines carry the lender's reason code. */
  ReasonCode: z.string().nullable(),
});

export const withdrawalWindowSchema = /* @__PURE__ */ z.object({
  /** When the withdrawal right started (the acceptance of the offer). */
  OpensAt: z.string(),
  ClosesAt: z.string(),
  IsOpen: z.boolean(),
  Days: z.number().int(),
});
export type WithdrawalWindow = z.infer<typeof withdrawalWindowSchema>;

export const quotesPresentationV2Schema = /* @__PURE__ */ z.object({
  LoanApplicationID: z.string(),
  Status: z.number().int(),
  Locale: localeSchema,
  Currency: currencySchema,
  /** Sorted by effective rate, then total cost, then monthly payment. */
  Groups: z.array(z.object({ Group: z.enum(quoteGroupNames), Quotes: z.array(presentedQuoteSchema) })),
  /** Lenders still deciding. */
  Pending: z.array(lenderProgressSchema),
  /** Lenders that declined or did not register the application. */
  Declined: z.array(lenderProgressSchema),
  /** Every lender has answered: no more quotes will come. */
  IsComplete: z.boolean(),
  /** Sweden's mandatory warning where the brand shows it (regulation.md; §3 hasHighCostWarning). */
  HighCostWarning: z.string().nullable(),
  WithdrawalWindow: withdrawalWindowSchema.nullable(),
});
export type QuotesPresentationV2 = z.infer<typeof quotesPresentationV2Schema>;

export const productRecommendationSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  LoanQuoteID: z.string().nullable(),
  Reasons: z.array(recommendationReasonSchema),
  /** The reasons as a sentence in the brand's language; says why no offer is recommended when none is. */
  Text: z.string(),
  CreatedAt: z.string(),
});
export type ProductRecommendation = z.infer<typeof productRecommendationSchema>;

export const acceptQuoteBodySchema = /* @__PURE__ */ z
  .object({
    /** The customer confirms having read the SECCI and consents to sharing the application with the lender. */
    Consent: z.boolean().optional(),
    EntrySource: entrySourceSchema.optional(),
  })
  .optional();

export const acceptQuoteResponseSchema = /* @__PURE__ */ z.object({
  AcceptanceStatus: offerAcceptanceStatusSchema,
  Quote: loanQuoteSchema,
  ApplicationStatus: z.number().int(),
  WithdrawalWindow: withdrawalWindowSchema.nullable(),
});
export type AcceptQuoteResponse = z.infer<typeof acceptQuoteResponseSchema>;

export const changeQuoteBodySchema = /* @__PURE__ */ z
  .object({
    // Whole currency units and whole months: the quote's columns are integers (a fraction would be
    // truncated by the database, not refused).
    Amount: z.number().int().positive().optional(),
    DurationMonths: z.number().int().min(1).max(600).optional(),
  })
  .refine((body) => body.Amount !== undefined || body.DurationMonths !== undefined, {
    message: 'Give Amount, DurationMonths or both',
    path: ['Amount'],
  });
