import { z } from 'zod';
import { countrySchema, loanKindSchema, productSchema } from '../enums.ts';
import { feeHandlingSchema } from '../finance/loan-math.ts';
import { lenderApiApplicationSchema, lenderApiDocumentAskSchema } from './lender-api.ts';

// The lender portal (issue 33 item 6, docs/decisions/0068): what the people of a lender without an API see
// and send. They see what an API lender is sent — the lender API's application, minimised as its OpenAPI
// document says — their own offers and the documents the applicant shared with them; never another
// lender's offer, never our commission. What they send becomes the same callback an API lender signs.

export const portalApplicationSummarySchema = /* @__PURE__ */ z.object({
  /** Our reference of the application at this lender (the lender API's ApplicationReference). */
  ApplicationReference: z.uuid(),
  Country: countrySchema,
  Product: productSchema,
  Amount: z.number(),
  DurationMonths: z.number(),
  /** The request's status at this lender (§ statuses 210–399). */
  Status: z.number().int(),
  /** Whether the lender still owes its answer (registered, no offer or decline yet). */
  AwaitingAnswer: z.boolean(),
  ReceivedAt: z.iso.datetime({ offset: true }),
});
export type PortalApplicationSummary = z.infer<typeof portalApplicationSummarySchema>;

export const portalOfferViewSchema = /* @__PURE__ */ z.object({
  QuoteId: z.uuid(),
  Status: z.string(),
  Amount: z.number(),
  DurationMonths: z.number(),
  NominalRatePercent: z.number(),
  StartupFee: z.number(),
  MonthlyFee: z.number(),
  DocumentsRequested: z.array(lenderApiDocumentAskSchema),
});

export const portalDocumentViewSchema = /* @__PURE__ */ z.object({
  DocumentId: z.uuid(),
  Category: z.string().nullable(),
  SharedAt: z.iso.datetime({ offset: true }),
});

export const portalApplicationSchema = /* @__PURE__ */ portalApplicationSummarySchema.extend({
  Application: lenderApiApplicationSchema,
  Offers: z.array(portalOfferViewSchema),
  Documents: z.array(portalDocumentViewSchema),
});
export type PortalApplication = z.infer<typeof portalApplicationSchema>;

export const portalMeSchema = /* @__PURE__ */ z.object({ LenderId: z.string(), LenderName: z.string() });

const money = /* @__PURE__ */ z.number().min(0).max(1e9);

export const portalOfferBodySchema = /* @__PURE__ */ z
  .object({
    Amount: z.number().int().positive().max(1e9),
    DurationMonths: z.number().int().positive().max(600),
    NominalRatePercent: z.number().min(0).max(100),
    StartupFee: money,
    MonthlyFee: money,
    FeeHandling: feeHandlingSchema.default('financed'),
    LoanKind: loanKindSchema.default('Consumer'),
    DocumentsRequested: z.array(lenderApiDocumentAskSchema).max(10).default([]),
  })
  .strict();
export type PortalOfferBody = z.infer<typeof portalOfferBodySchema>;

/** The decline reasons a portal user picks from, each with its §-status (the lender API's decline codes). */
export const portalDeclineReasons = {
  CREDIT_POLICY: 369,
  DEBT_TO_INCOME: 369,
  PAYMENT_REMARKS: 369,
  DUPLICATE: 361,
  RE_REGISTER: 362,
  ADD_CO_APPLICANT: 363,
} as const;
export type PortalDeclineReason = keyof typeof portalDeclineReasons;

export const portalDeclineBodySchema = /* @__PURE__ */ z
  .object({
    ReasonCode: z.enum(Object.keys(portalDeclineReasons) as [PortalDeclineReason, ...PortalDeclineReason[]]),
    Reason: z.string().trim().min(1).max(500),
  })
  .strict();

export const portalDocumentsBodySchema = /* @__PURE__ */ z
  .object({ Documents: z.array(lenderApiDocumentAskSchema).min(1).max(10) })
  .strict();
