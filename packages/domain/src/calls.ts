import { z } from 'zod';
import {
  agentSchema,
  backofficeIdSchema,
  backofficeMessages,
  callListDefaultLimit,
  callListMaxLimit,
  callOrderSchema,
  callRecordSchema,
} from './backoffice.ts';
import { countrySchema, outboundNumberTypeSchema } from './enums.ts';

// Request and response shapes of the back-office call routes (docs/decisions/0022-calls-and-screening.md).
// The entities themselves (CallOrder, CallRecord, Agent) are §3's, in ./backoffice.ts.

const m = backofficeMessages;

/** offset/limit of every back-office list (query string, hence coerced): default 25, at most 100. */
export const pagingQuerySchema = /* @__PURE__ */ z.object({
  offset: z.coerce
    .number({ error: m.wholeNumber })
    .int({ error: m.wholeNumber })
    .min(0, { error: m.atLeast(0) })
    .max(2_147_483_647, { error: m.atMost(2_147_483_647) })
    .default(0),
  limit: z.coerce
    .number({ error: m.wholeNumber })
    .int({ error: m.wholeNumber })
    .min(1, { error: m.atLeast(1) })
    .max(callListMaxLimit, { error: m.atMost(callListMaxLimit) })
    .default(callListDefaultLimit),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

/** The call tag that marks a sales call: refused when the customer said no to marketing by phone. */
export const salesCallTag = 'sales';

export const createCallOrderBodySchema = /* @__PURE__ */ z.strictObject({
  LoanApplicationID: backofficeIdSchema,
  OutboundNumberType: outboundNumberTypeSchema,
  Tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: m.required })
        .max(50, { error: m.tooLong(50) }),
    )
    .max(20, { error: m.tooMany(20) })
    .nullable()
    .optional(),
});
export type CreateCallOrderBody = z.infer<typeof createCallOrderBodySchema>;

export const callListQuerySchema = /* @__PURE__ */ pagingQuerySchema.extend({
  country: countrySchema.optional(),
});
export type CallListQuery = z.infer<typeof callListQuerySchema>;

export const callRecordListQuerySchema = /* @__PURE__ */ pagingQuerySchema.extend({
  LoanApplicationID: backofficeIdSchema.optional(),
  country: countrySchema.optional(),
});
export type CallRecordListQuery = z.infer<typeof callRecordListQuerySchema>;

export const callOrderPageSchema = /* @__PURE__ */ z.object({
  Items: z.array(callOrderSchema),
  Total: z.number().int(),
});
export type CallOrderPage = z.infer<typeof callOrderPageSchema>;
export const callRecordPageSchema = /* @__PURE__ */ z.object({
  Items: z.array(callRecordSchema),
  Total: z.number().int(),
});
export type CallRecordPage = z.infer<typeof callRecordPageSchema>;

export const agentListQuerySchema = /* @__PURE__ */ pagingQuerySchema.extend({
  country: countrySchema.optional(),
});
export type AgentListQuery = z.infer<typeof agentListQuerySchema>;
export const agentPageSchema = /* @__PURE__ */ z.object({
  Items: z.array(agentSchema),
  Total: z.number().int(),
});
export type AgentPage = z.infer<typeof agentPageSchema>;

export const updateAgentBodySchema = /* @__PURE__ */ z.strictObject({
  Disabled: z.boolean({ error: m.boolean }),
});
export type UpdateAgentBody = z.infer<typeof updateAgentBodySchema>;
