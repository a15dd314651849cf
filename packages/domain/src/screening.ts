import { z } from 'zod';
import { backofficeIdSchema, backofficeTimestampSchema, personCheckSchema } from './backoffice.ts';
import { pagingQuerySchema } from './calls.ts';
import { countrySchema } from './enums.ts';
import { applicationStatusCodeSchema } from './statuses.ts';

// Request and response shapes of the back-office screening routes (docs/decisions/0022-calls-and-screening.md).

export const screeningDecisions = ['clear', 'block'] as const;
export const screeningDecisionSchema = /* @__PURE__ */ z.enum(screeningDecisions);
export type ScreeningDecision = z.infer<typeof screeningDecisionSchema>;

/** What a block records: a sanctions/AML block (198, the default) or suspected fraud (199). */
export const screeningBlockKinds = ['sanctions', 'fraud'] as const;
export const screeningBlockKindSchema = /* @__PURE__ */ z.enum(screeningBlockKinds);
export type ScreeningBlockKind = z.infer<typeof screeningBlockKindSchema>;

export const personCheckDecisionBodySchema = /* @__PURE__ */ z.strictObject({
  Decision: screeningDecisionSchema,
  Reason: z
    .string()
    .trim()
    .min(1, { error: 'Must not be empty' })
    .max(1000, { error: 'Must be at most 1000 characters' }),
  BlockAs: screeningBlockKindSchema.optional(),
});
export type PersonCheckDecisionBody = z.infer<typeof personCheckDecisionBodySchema>;

export const personCheckDecisionSchema = /* @__PURE__ */ z.object({
  PersonCheck: personCheckSchema,
  Decision: screeningDecisionSchema,
  Reason: z.string(),
  DecidedAt: backofficeTimestampSchema,
  DecidedBy: backofficeIdSchema.nullable(),
  LoanApplicationID: backofficeIdSchema,
  Status: applicationStatusCodeSchema,
});
export type PersonCheckDecision = z.infer<typeof personCheckDecisionSchema>;

export const screeningReviewQuerySchema = /* @__PURE__ */ pagingQuerySchema.extend({
  country: countrySchema.optional(),
});
export type ScreeningReviewQuery = z.infer<typeof screeningReviewQuerySchema>;

export const screeningReviewItemSchema = /* @__PURE__ */ z.object({
  PersonCheck: personCheckSchema,
  LoanApplicationID: backofficeIdSchema,
  HumanReadableID: z.string(),
  ApplicantName: z.string(),
  Country: countrySchema,
  Status: applicationStatusCodeSchema,
});
export type ScreeningReviewItem = z.infer<typeof screeningReviewItemSchema>;

export const screeningReviewPageSchema = /* @__PURE__ */ z.object({
  Items: z.array(screeningReviewItemSchema),
  Total: z.number().int(),
});
export type ScreeningReviewPage = z.infer<typeof screeningReviewPageSchema>;
