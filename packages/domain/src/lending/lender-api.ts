import { z } from 'zod';
import {
  applicantRoleSchema,
  countrySchema,
  currencySchema,
  documentActionSchema,
  documentTimingSchema,
  loanKindSchema,
  offerTypeSchema,
  productSchema,
} from '../enums.ts';
import { feeHandlingSchema } from '../finance/loan-math.ts';

// The lender API (issue 33 items 1–3, docs/decisions/0062): what we send a lender over HTTP and what a
// lender sends us back as signed callbacks. These schemas are THE contract: the HTTP lender adapter checks
// every answer with them, the sandbox lender and the conformance kit speak them, and the OpenAPI document
// at GET /lender-api/openapi.json is generated from them (with the `describe` texts below). Field names are
// PascalCase like the rest of our wire formats (§7).
//
// Data minimisation (GDPR art. 5(1)(c)): a lender is sent what its credit policy decides on and nothing
// that identifies the person. Each personal field says why it is sent. The lender identifies the borrower
// itself with the e-ID before payout (the `identify` and `sign` document requests every lender makes).

export const lenderApiVersion = '1.0.0';

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256>` on every request in both directions. */
export const lenderSignatureHeader = 'nordloan-signature';
/** Header carrying the idempotency key of every operation we call. */
export const idempotencyKeyHeader = 'idempotency-key';
/** A signed message older (or further in the future) than this is refused: the replay window. */
export const signatureToleranceSeconds = 300;

const money = /* @__PURE__ */ z.number().min(0).max(1e10);
const reasonText = /* @__PURE__ */ z.string().trim().min(1).max(500);
const reasonCode = /* @__PURE__ */ z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{1,63}$/)
  .describe('A machine-readable reason, upper case with underscores (e.g. DEBT_TO_INCOME)');

const envelope = {
  MessageId: z.uuid().describe('Unique per message; a repeated message keeps its id'),
  SentAt: z.iso.datetime({ offset: true }).describe('When the sender sent the message'),
};
const applicationReference = /* @__PURE__ */ z
  .uuid()
  .describe('Our reference of the application at this lender (one per lender and application)');
const quoteId = /* @__PURE__ */ z
  .uuid()
  .describe('Our id of the offer, told to the lender when the customer changes or accepts it');
const lenderReference = /* @__PURE__ */ z.string().trim().min(1).max(200);

// ── What a lender is sent ────────────────────────────────────────────────────────────────────────────

export const lenderApiApplicantSchema = /* @__PURE__ */ z.object({
  Role: applicantRoleSchema,
  Age: z
    .number()
    .int()
    .min(0)
    .max(130)
    .nullable()
    .describe("Age in whole years, not the birth date: the lender's age limits need no more"),
  GrossYearlyIncome: money
    .nullable()
    .describe(
      'Income limits, debt-to-income (Norway: total debt at most 5 × gross income, utlånsforskriften § 5) and the risk price',
    ),
  NetMonthlyIncome: money.nullable().describe('Affordability at a stressed rate (the debt-service ratio)'),
  EmploymentType: z
    .string()
    .max(60)
    .nullable()
    .describe('Lenders refuse some employment types and price how stable the income is'),
  HousingCostMonthly: money.nullable().describe('Affordability: what the income must carry each month'),
  HasPaymentRemarks: z
    .boolean()
    .describe(
      'Whether the credit bureau holds a payment remark — not the remark: lenders that refuse remarks need no more',
    ),
  HasNationalId: z
    .boolean()
    .describe(
      'Whether we hold a valid national id — not the number: the lender identifies the person with the e-ID before payout',
    ),
  HasAddress: z
    .boolean()
    .describe(
      'Whether a registered address exists — not the address: a lender lends only to a person with one',
    ),
  IncomeVerifiedFromBankData: z
    .boolean()
    .optional()
    .describe(
      'true: NetMonthlyIncome is the income read from the applicant’s bank account with their consent (account information, PSD2; ADR 0076) — not the transactions, the account or the bank: the lender needs no payslip for it. Absent: stated by the applicant',
    ),
});

export const lenderApiPayoffSchema = /* @__PURE__ */ z.object({
  DebtReference: z
    .uuid()
    .describe('Our reference of the debt, named again in the `payoff-confirmed` callback'),
  Account: z
    .string()
    .regex(/^[0-9A-Z]{2,34}$/)
    .describe(
      "The old creditor's account, digits (and an IBAN's letters) only: NO 11-digit account, SE bankgiro or plusgiro number, FI IBAN, DK reg. no. + account no. or FIK creditor number",
    ),
  AccountKind: z.enum(['no-account', 'bankgiro', 'plusgiro', 'iban', 'dk-account', 'fik']),
  PaymentReference: z
    .string()
    .min(1)
    .max(40)
    .describe(
      'What the creditor matches the payment by: NO KID, SE OCR, FI RF or national reference, DK FIK payment line or message',
    ),
});
export type LenderApiPayoff = z.infer<typeof lenderApiPayoffSchema>;

export const lenderApiDebtSchema = /* @__PURE__ */ z.object({
  Type: z.string().min(1).max(60),
  Balance: money,
  MonthlyPayment: money.nullable(),
  IsRefinanced: z.boolean().describe('The new loan pays this debt off'),
  Creditor: z
    .string()
    .max(200)
    .nullable()
    .describe("To pay a refinanced debt off, and to tell a top-up of the lender's own loan from new credit"),
  InterestRatePercent: z.number().min(0).max(100).nullable(),
  RemainingTermMonths: z
    .number()
    .int()
    .min(0)
    .max(1200)
    .nullable()
    .describe(
      "Norway's refinancing exemption from the 5-year rule needs the refinanced debts' rates and terms",
    ),
  Payoff: lenderApiPayoffSchema
    .optional()
    .describe(
      'Refinanced debts only (ADR 0080): where the payout pays this debt off. At payout the lender pays each refinanced debt to its account with its reference and the rest of the payout to the applicant, then confirms each payoff with a `payoff-confirmed` callback',
    ),
});

export const lenderApiApplicationSchema = /* @__PURE__ */ z.object({
  Country: countrySchema,
  Currency: currencySchema,
  Product: productSchema,
  Amount: z.number().int().positive().max(1e9),
  DurationMonths: z.number().int().positive().max(600),
  Purpose: z.string().max(100).nullable(),
  Applicants: z.array(lenderApiApplicantSchema).min(1).max(2),
  Debts: z.array(lenderApiDebtSchema).max(50),
  RateBand: z
    .object({ Low: z.number().min(0).max(100), High: z.number().min(0).max(100) })
    .describe("The brand's nominal-rate band for the product, percent (§9)"),
  IsDuplicateAtLender: z
    .boolean()
    .describe(
      'The same person already has an open application at this lender through another application of ours',
    ),
  Property: z
    .object({ Value: money, CooperativeCommonDebt: money })
    .nullable()
    .describe(
      'Secured loans: the value the loan is secured on and a cooperative flat’s share of common debt',
    ),
  RandomnessKey: z
    .string()
    .max(64)
    .optional()
    .describe(
      'Only to the sandbox lender (its configuration says so): lets the simulation draw the answers the in-process panel draws. Never sent to a real lender: it is an unkeyed hash of the national id and terms, which trying ids could reverse',
    ),
});
export type LenderApiApplication = z.infer<typeof lenderApiApplicationSchema>;

export const lenderApiOfferSchema = /* @__PURE__ */ z.object({
  Amount: z.number().int().positive().max(1e9),
  DurationMonths: z.number().int().positive().max(600),
  NominalRatePercent: z.number().min(0).max(100),
  StartupFee: money,
  MonthlyFee: money,
  FeeHandling: feeHandlingSchema,
  OfferType: offerTypeSchema,
  LoanKind: loanKindSchema,
});
export type LenderApiOffer = z.infer<typeof lenderApiOfferSchema>;

export const lenderApiDocumentAskSchema = /* @__PURE__ */ z.object({
  Action: documentActionSchema,
  Timing: documentTimingSchema,
  Category: z.enum(['payslip', 'tax-return', 'property-value', 'other']).nullable(),
});
export type LenderApiDocumentAsk = z.infer<typeof lenderApiDocumentAskSchema>;

// ── Operations: we call the lender ───────────────────────────────────────────────────────────────────

export const registerApplicationRequestSchema = /* @__PURE__ */ z.object({
  ...envelope,
  ApplicationReference: applicationReference,
  Application: lenderApiApplicationSchema,
  CallbackUrl: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe('Where this application’s callbacks go, when it is not the address agreed with us'),
});
export type RegisterApplicationRequest = z.infer<typeof registerApplicationRequestSchema>;

export const registerApplicationResponseSchema = /* @__PURE__ */ z.discriminatedUnion('Status', [
  z.object({
    ...envelope,
    ApplicationReference: applicationReference,
    Status: z.literal('registered'),
    LenderReference: lenderReference,
  }),
  z.object({
    ...envelope,
    ApplicationReference: applicationReference,
    Status: z.literal('not-registered'),
    /** §4 request codes a lender may answer (263 "bank error" is ours: a lender that fails). */
    Code: z.literal([261, 262, 264, 265, 266, 267, 269]),
    ReasonCode: reasonCode,
    Reason: reasonText,
  }),
]);
export type RegisterApplicationResponse = z.infer<typeof registerApplicationResponseSchema>;

const referenceOnlyRequest = /* @__PURE__ */ z.object({
  ...envelope,
  ApplicationReference: applicationReference,
});

export const decisionRequestSchema = referenceOnlyRequest;
export type DecisionRequest = z.infer<typeof decisionRequestSchema>;

export const decisionResponseSchema = /* @__PURE__ */ z.discriminatedUnion('Status', [
  z.object({ ...envelope, ApplicationReference: applicationReference, Status: z.literal('pending') }),
  z.object({
    ...envelope,
    ApplicationReference: applicationReference,
    Status: z.enum(['approved', 'counter-offer']),
    Offers: z.array(lenderApiOfferSchema).min(1).max(2),
    DocumentsRequested: z.array(lenderApiDocumentAskSchema).max(10).default([]),
  }),
  z.object({
    ...envelope,
    ApplicationReference: applicationReference,
    Status: z.literal('declined'),
    /** §4: 361 duplicate, 362 re-register, 363 add co-applicant, 369 other. */
    Code: z.literal([361, 362, 363, 369]),
    ReasonCode: reasonCode,
    Reason: reasonText,
  }),
]);
export type DecisionResponse = z.infer<typeof decisionResponseSchema>;

const quoteRequest = {
  ...envelope,
  ApplicationReference: applicationReference,
  QuoteId: quoteId,
  LenderReference: lenderReference.nullable(),
};

export const offerChangeRequestSchema = /* @__PURE__ */ z.object({
  ...quoteRequest,
  CurrentOffer: lenderApiOfferSchema,
  Amount: z.number().int().positive().max(1e9),
  DurationMonths: z.number().int().positive().max(600),
});
export type OfferChangeRequest = z.infer<typeof offerChangeRequestSchema>;

const quoteAnswer = { ...envelope, ApplicationReference: applicationReference, QuoteId: quoteId };

export const offerChangeResponseSchema = /* @__PURE__ */ z.discriminatedUnion('Status', [
  z.object({ ...quoteAnswer, Status: z.literal('changed'), Offer: lenderApiOfferSchema }),
  z.object({ ...quoteAnswer, Status: z.literal('refused'), Reason: reasonText }),
]);
export type OfferChangeResponse = z.infer<typeof offerChangeResponseSchema>;

export const acceptanceRequestSchema = /* @__PURE__ */ z.object({
  ...quoteRequest,
  Offer: lenderApiOfferSchema,
});
export type AcceptanceRequest = z.infer<typeof acceptanceRequestSchema>;

export const acceptanceResponseSchema = /* @__PURE__ */ z.discriminatedUnion('Status', [
  z.object({
    ...quoteAnswer,
    Status: z.literal('accepted'),
    SigningUrl: z.url({ protocol: /^https$/ }).describe('Where the customer signs the agreement (e-ID)'),
  }),
  z.object({ ...quoteAnswer, Status: z.literal('refused'), Reason: reasonText }),
]);
export type AcceptanceResponse = z.infer<typeof acceptanceResponseSchema>;

export const disbursementDecisionRequestSchema = /* @__PURE__ */ z.object(quoteRequest);
export type DisbursementDecisionRequest = z.infer<typeof disbursementDecisionRequestSchema>;

const disbursementDeclineCode = /* @__PURE__ */ z
  .literal([561, 562, 563, 569])
  .describe('§4: 561 documents, 562 credit check, 563 identification, 569 other');

export const disbursementDecisionResponseSchema = /* @__PURE__ */ z.discriminatedUnion('Status', [
  z.object({ ...quoteAnswer, Status: z.literal('pending') }),
  z.object({ ...quoteAnswer, Status: z.literal('approved') }),
  z.object({
    ...quoteAnswer,
    Status: z.literal('declined'),
    Code: disbursementDeclineCode,
    ReasonCode: reasonCode,
    Reason: reasonText,
  }),
]);
export type DisbursementDecisionResponse = z.infer<typeof disbursementDecisionResponseSchema>;

export const disbursementRequestSchema = /* @__PURE__ */ z.object(quoteRequest);
export type DisbursementRequest = z.infer<typeof disbursementRequestSchema>;

export const disbursementResponseSchema = /* @__PURE__ */ z.discriminatedUnion('Status', [
  z.object({ ...quoteAnswer, Status: z.literal('pending') }),
  z.object({ ...quoteAnswer, Status: z.literal('disbursed'), Reference: lenderReference }),
]);
export type DisbursementResponse = z.infer<typeof disbursementResponseSchema>;

/** What a lender answers with a 4xx or 5xx. */
export const lenderApiErrorSchema = /* @__PURE__ */ z.object({
  Message: z.string().max(1000),
  Code: z.string().max(64).optional(),
});

/** The operations a lender serves, under its base URL: the LenderAdapter interface over HTTP. */
export const lenderApiOperations = {
  registerApplication: {
    path: '/applications',
    summary: 'Register an application',
    description:
      'The lender takes the application in or refuses it (§4 261–269). Repeating the call with the same Idempotency-Key never makes a second application.',
    request: registerApplicationRequestSchema,
    response: registerApplicationResponseSchema,
  },
  fetchDecision: {
    path: '/applications/{ApplicationReference}/decision',
    summary: 'Ask for the credit decision',
    description:
      'Approved (the terms asked), counter-offer (other terms), declined with a reason code, or pending: the answer then comes as an `offer` or `decline` callback, or at a later call.',
    request: decisionRequestSchema,
    response: decisionResponseSchema,
  },
  changeOffer: {
    path: '/applications/{ApplicationReference}/offer-change',
    summary: 'The customer changes amount or term of an open offer',
    description: 'The lender answers the changed offer for exactly the amount and term asked, or refuses.',
    request: offerChangeRequestSchema,
    response: offerChangeResponseSchema,
  },
  acceptOffer: {
    path: '/applications/{ApplicationReference}/acceptance',
    summary: 'The customer accepts an offer',
    description: 'The lender confirms with the signing address, or refuses.',
    request: acceptanceRequestSchema,
    response: acceptanceResponseSchema,
  },
  requestDisbursementDecision: {
    path: '/applications/{ApplicationReference}/disbursement-decision',
    summary: 'Ask whether the lender will pay out',
    description:
      'Approved, declined (§4 561–569), or pending: then a `disbursement-decision` callback follows.',
    request: disbursementDecisionRequestSchema,
    response: disbursementDecisionResponseSchema,
  },
  disburse: {
    path: '/applications/{ApplicationReference}/disbursement',
    summary: 'Order the payout',
    description: 'Disbursed with the payout reference, or pending: then a `disbursed` callback follows.',
    request: disbursementRequestSchema,
    response: disbursementResponseSchema,
  },
} as const;
export type LenderApiOperation = keyof typeof lenderApiOperations;

/** The path of an operation for one application. */
export function lenderApiPath(operation: LenderApiOperation, reference: string): string {
  return lenderApiOperations[operation].path.replace('{ApplicationReference}', encodeURIComponent(reference));
}

// ── Callbacks: the lender calls us ──────────────────────────────────────────────────────────────────

const callback = {
  ...envelope,
  LenderId: z.string().regex(/^[a-z]{2}-[a-z0-9-]+$/),
  ApplicationReference: applicationReference,
};

export const lenderCallbackSchema = /* @__PURE__ */ z.discriminatedUnion('Type', [
  z.object({
    ...callback,
    Type: z.literal('offer'),
    Decision: z.enum(['approved', 'counter-offer']),
    Offers: z.array(lenderApiOfferSchema).min(1).max(2),
    DocumentsRequested: z.array(lenderApiDocumentAskSchema).max(10).default([]),
  }),
  z.object({
    ...callback,
    Type: z.literal('decline'),
    Code: z.literal([361, 362, 363, 369]),
    ReasonCode: reasonCode,
    Reason: reasonText,
  }),
  z.object({
    ...callback,
    Type: z.literal('documents-requested'),
    QuoteId: quoteId.optional(),
    Documents: z.array(lenderApiDocumentAskSchema).min(1).max(10),
  }),
  z.object({
    ...callback,
    Type: z.literal('agreement-signed'),
    QuoteId: quoteId,
    SignedAt: z.iso.datetime({ offset: true }),
  }),
  z.object({
    ...callback,
    Type: z.literal('disbursement-decision'),
    QuoteId: quoteId,
    Decision: z.enum(['approved', 'declined']),
    Code: disbursementDeclineCode.optional(),
    ReasonCode: reasonCode.optional(),
    Reason: reasonText.optional(),
  }),
  z.object({ ...callback, Type: z.literal('disbursed'), QuoteId: quoteId, Reference: lenderReference }),
  z.object({ ...callback, Type: z.literal('not-disbursed'), QuoteId: quoteId, Reason: reasonText }),
  z.object({
    ...callback,
    Type: z.literal('payoff-confirmed'),
    QuoteId: quoteId,
    Payoffs: z
      .array(
        z.object({
          DebtReference: z.uuid().describe('The `Payoff.DebtReference` of the debt paid off'),
          Amount: money.describe('What was paid to the old creditor'),
          PaidAt: z.iso.datetime({ offset: true }),
          Reference: lenderReference.describe("The lender's reference of the payment"),
        }),
      )
      .min(1)
      .max(50),
  }),
  z.object({ ...callback, Type: z.literal('cancelled'), QuoteId: quoteId, Reason: reasonText }),
  z.object({
    ...callback,
    Type: z.literal('commission-clawback'),
    QuoteId: quoteId,
    Reason: reasonText,
  }),
]);
export type LenderCallback = z.infer<typeof lenderCallbackSchema>;
export type LenderCallbackType = LenderCallback['Type'];
export const lenderCallbackTypes = /* @__PURE__ */ lenderCallbackSchema.options.map(
  (option) => option.shape.Type.value,
) as LenderCallbackType[];

/** What we answer a callback: 200 applied / duplicate / ignored, 202 waiting for an earlier one. */
export const callbackAcknowledgementSchema = /* @__PURE__ */ z.object({
  MessageId: z.uuid(),
  Outcome: z
    .enum(['applied', 'waiting', 'duplicate', 'ignored'])
    .describe(
      'applied: recorded and acted on; waiting: recorded, acted on once what must come first has (out of order); duplicate: this MessageId was received before; ignored: recorded, but the application has moved past it',
    ),
  Reason: z.string().optional(),
});
export type CallbackAcknowledgement = z.infer<typeof callbackAcknowledgementSchema>;

// ── What staff see of the lenders called over HTTP ─────────────────────────────────────────────────

export const lenderCircuitViewSchema = /* @__PURE__ */ z.object({
  LenderID: z.string(),
  Name: z.string(),
  Country: countrySchema,
  /** closed: calls go out; open: none until OpenUntil; half-open: one trial call decides. */
  State: z.enum(['closed', 'open', 'half-open']),
  ConsecutiveFailures: z.number().int(),
  TimesOpened: z.number().int(),
  OpenUntil: z.iso.datetime().nullable(),
  LastFailure: z.string().nullable(),
  LastFailureAt: z.iso.datetime().nullable(),
  /** Calls since the process started, by how they ended (ok, refused, bad-answer, unavailable, …). */
  Calls: z.record(z.string(), z.number().int()),
});
export type LenderCircuitView = z.infer<typeof lenderCircuitViewSchema>;
export const lenderCircuitsViewSchema = /* @__PURE__ */ z.object({
  Lenders: z.array(lenderCircuitViewSchema),
});
