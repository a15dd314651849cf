import { z } from 'zod';
import { pagingQuerySchema } from './calls.ts';
import { countrySchema } from './enums.ts';
import { declineCategorySchema } from './lending/transparency.ts';

// Issue 34 item 3 — CCD2 art. 18(8) (and art. 13): the applicant's right to a human review of a decision
// made by automated processing (docs/decisions/0065). Request and answer shapes of the applicant's routes
// (/loan-application/{id}/human-review), the back office's (/backoffice/human-reviews) and the lender API's
// review operation. Shared by the API, the web app and the back office.

/** How long we take to answer (calendar days from the request), and how long a lender is given. */
export const humanReviewAnswerDays = 14;
export const humanReviewLenderAnswerDays = 7;
export const humanReviewViewMaxLength = 2000;
export const humanReviewExplanationMaxLength = 4000;

/** Who made the decision: a lender (its credit decision), or nordloan (a stop of our own). */
export const humanReviewDecisionSources = ['lender', 'broker'] as const;

export const reviewableDecisionSchema = /* @__PURE__ */ z.object({
  Source: z.enum(humanReviewDecisionSources),
  LenderID: z.string().nullable(),
  LenderName: z.string().nullable(),
  /** The finer status code of the lender's decline, or the application status of our stop (e.g. 169). */
  Status: z.number().int(),
  DeclineCategory: declineCategorySchema,
  DecidedAt: z.string(),
  /** Made by automated processing (credit policy run by a machine, no person involved): art. 18(8). */
  Automated: z.boolean(),
});
export type ReviewableDecision = z.infer<typeof reviewableDecisionSchema>;

export const humanReviewOutcomes = ['upheld', 'changed'] as const;
export const humanReviewOutcomeSchema = /* @__PURE__ */ z.enum(humanReviewOutcomes);
export type HumanReviewOutcome = z.infer<typeof humanReviewOutcomeSchema>;

export const humanReviewLenderAnswerSchema = /* @__PURE__ */ z.object({
  LenderID: z.string(),
  LenderName: z.string(),
  /** pending: forwarded, no answer yet; answered; failed: the lender could not be asked (we answer alone). */
  Status: z.enum(['pending', 'answered', 'failed']),
  Outcome: humanReviewOutcomeSchema.nullable(),
  Explanation: z.string().nullable(),
  AnsweredAt: z.string().nullable(),
});
export type HumanReviewLenderAnswer = z.infer<typeof humanReviewLenderAnswerSchema>;

export const humanReviewSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  Status: z.enum(['open', 'answered']),
  View: z.string(),
  DocumentID: z.string().nullable(),
  Decisions: z.array(reviewableDecisionSchema),
  CreatedAt: z.string(),
  DueAt: z.string(),
  LenderAnswers: z.array(humanReviewLenderAnswerSchema),
  Outcome: humanReviewOutcomeSchema.nullable(),
  Explanation: z.string().nullable(),
  AnsweredAt: z.string().nullable(),
});
export type HumanReview = z.infer<typeof humanReviewSchema>;

/** GET /loan-application/{id}/human-review: what can be reviewed, and the reviews asked for. */
export const humanReviewOverviewSchema = /* @__PURE__ */ z.object({
  LoanApplicationID: z.string(),
  Decisions: z.array(reviewableDecisionSchema),
  /** A review can be asked for now: a decision to review and no review open. */
  CanRequest: z.boolean(),
  Reviews: z.array(humanReviewSchema),
});
export type HumanReviewOverview = z.infer<typeof humanReviewOverviewSchema>;

/** POST /loan-application/{id}/human-review. */
export const humanReviewRequestBodySchema = /* @__PURE__ */ z.strictObject({
  View: z
    .string()
    .trim()
    .min(10, { error: 'Must be at least 10 characters' })
    .max(humanReviewViewMaxLength, { error: `Must be at most ${humanReviewViewMaxLength} characters` }),
  /** A document uploaded to the application first (POST /loan-application/{id}/documents). */
  DocumentID: z.uuid().optional(),
});
export type HumanReviewRequestBody = z.infer<typeof humanReviewRequestBodySchema>;

// ── The back office ──────────────────────────────────────────────────────────────────────────────

export const humanReviewQueueQuerySchema = /* @__PURE__ */ pagingQuerySchema.extend({
  country: countrySchema.optional(),
  status: z.enum(['open', 'answered']).default('open'),
});

export const humanReviewQueueItemSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  HumanReadableID: z.string().nullable(),
  Country: countrySchema,
  Status: z.enum(['open', 'answered']),
  CreatedAt: z.string(),
  DueAt: z.string(),
  Overdue: z.boolean(),
  Decisions: z.number().int(),
  LendersPending: z.number().int(),
});
export type HumanReviewQueueItem = z.infer<typeof humanReviewQueueItemSchema>;
export const humanReviewQueuePageSchema = /* @__PURE__ */ z.object({
  Items: z.array(humanReviewQueueItemSchema),
  Total: z.number().int(),
});
export type HumanReviewQueuePage = z.infer<typeof humanReviewQueuePageSchema>;

export const staffHumanReviewSchema = /* @__PURE__ */ humanReviewSchema.extend({
  Country: countrySchema,
  HumanReadableID: z.string().nullable(),
  AnsweredBy: z.string().nullable(),
});
export type StaffHumanReview = z.infer<typeof staffHumanReviewSchema>;

/** POST /backoffice/human-reviews/{id}/answer: the main reasons, in words the applicant understands. */
export const humanReviewAnswerBodySchema = /* @__PURE__ */ z.strictObject({
  Outcome: humanReviewOutcomeSchema,
  Explanation: z
    .string()
    .trim()
    .min(20, { error: 'Must be at least 20 characters' })
    .max(humanReviewExplanationMaxLength, {
      error: `Must be at most ${humanReviewExplanationMaxLength} characters`,
    }),
});
export type HumanReviewAnswerBody = z.infer<typeof humanReviewAnswerBodySchema>;

// ── The lender API's review operation (a lender's decline forwarded to it) ─────────────────────────

export const lenderReviewPath = '/applications/{ApplicationReference}/human-review';

export const lenderReviewRequestSchema = /* @__PURE__ */ z.object({
  MessageId: z.uuid(),
  SentAt: z.iso.datetime({ offset: true }),
  ApplicationReference: z.string().min(1).max(100),
  ReviewId: z.uuid(),
  /** The decline under review: the finer code and reason code the lender sent. */
  Code: z.number().int(),
  ReasonCode: z.string().max(64).nullable(),
  /** The applicant's own words (art. 18(8): the right to express their point of view). */
  ApplicantView: z.string().min(1).max(humanReviewViewMaxLength),
  AnswerBy: z.iso.datetime({ offset: true }),
});
export type LenderReviewRequest = z.infer<typeof lenderReviewRequestSchema>;

export const lenderReviewResponseSchema = /* @__PURE__ */ z.object({
  // Every message of the lender API has an id and a time, answers too (ADR 0062).
  MessageId: z.uuid(),
  SentAt: z.iso.datetime({ offset: true }),
  ApplicationReference: z.string(),
  ReviewId: z.uuid(),
  Outcome: humanReviewOutcomeSchema,
  Explanation: z.string().trim().min(1).max(2000),
});
export type LenderReviewResponse = z.infer<typeof lenderReviewResponseSchema>;

/**
 * What the simulated lenders (in-process and the sandbox lender) answer a review: a person at the lender
 * looked at the application again; the decline stands, in the lender's language. Fictional, as the panel.
 */
const simulatedReviewTexts: Record<'NO' | 'SE' | 'FI' | 'DK', string> = {
  NO: 'En saksbehandler hos oss har vurdert søknaden på nytt sammen med det du skrev. Avslaget står ved lag: søknaden oppfyller ikke kredittkravene våre på det beløpet og den løpetiden du søkte om.',
  SE: 'En handläggare hos oss har granskat ansökan på nytt tillsammans med det du skrev. Avslaget står fast: ansökan uppfyller inte våra kreditkrav för det belopp och den löptid du ansökte om.',
  FI: 'Käsittelijämme on arvioinut hakemuksen uudelleen yhdessä kirjoittamasi kanssa. Kielteinen päätös pysyy: hakemus ei täytä luottovaatimuksiamme hakemallasi summalla ja laina-ajalla.',
  DK: 'En sagsbehandler hos os har vurderet ansøgningen igen sammen med det, du skrev. Afslaget står ved magt: ansøgningen opfylder ikke vores kreditkrav for det beløb og den løbetid, du søgte om.',
};

export function simulatedLenderReviewAnswer(country: 'NO' | 'SE' | 'FI' | 'DK'): {
  Outcome: HumanReviewOutcome;
  Explanation: string;
} {
  return { Outcome: 'upheld', Explanation: simulatedReviewTexts[country] };
}
