import { z } from 'zod';
import {
  backofficeIdSchema,
  backofficeMessages,
  backofficeTimestampSchema,
  isoDateSchema,
  optionalText,
  phoneNumberSchema,
  queryBoolean,
  text,
  wholeNumber,
} from './backoffice-fields.ts';
import { countrySchema, outboundNumberTypeSchema } from './enums.ts';
import { applicationStatus, applicationStatusCodeSchema, statusGroups } from './statuses.ts';

// The shared building blocks are part of this module's contract for its importers.
export { backofficeIdSchema, backofficeMessages, backofficeTimestampSchema, phoneNumberSchema };

const m = backofficeMessages;

// §3 "Back-office entities" as the API shows them (PascalCase field names are the contract, §7).
// §5: "ids are UUIDs, timestamps are strings, several fields are nullable or optional. Messages and
// bounds for these: not shown" — the bounds and messages below are OUR CHOICE, recorded in
// docs/decisions/0013-backoffice-model.md. Field names the spec gives only in words (street name,
// cadastre numbers, …) are spelled the way its other fields are.

// Real estate and insurance: ./backoffice-assets.ts. API requests and answers of the staff routes: below.

// ── Roles and agents ──────────────────────────────────────────────────────────────────────────────

// §3 Role: Name (a known role — `knownRoleNames` in ./auth.ts — or any string), optional Country.
export const roleSchema = /* @__PURE__ */ z.object({
  Name: text(64),
  Country: countrySchema.optional(),
});
export type Role = z.infer<typeof roleSchema>;

// §3 Agent: ID, Name, Disabled, MarketCountry, Roles.
export const agentSchema = /* @__PURE__ */ z.object({
  ID: backofficeIdSchema,
  Name: text(200),
  Disabled: z.boolean({ error: m.boolean }),
  MarketCountry: countrySchema,
  Roles: z.array(roleSchema).max(50, { error: m.tooMany(50) }),
});
export type Agent = z.infer<typeof agentSchema>;

// ── Buckets and assignments ───────────────────────────────────────────────────────────────────────

// §3 Bucket Actions: "nullable list of role, kind, name, description" (lower-case, as the spec writes them).
// `role` is the staff role that may take the action; `kind` what sort of action it is (e.g. call, sms,
// review, request-document) — kinds are not listed by the spec, so any short slug is accepted.
export const bucketActionSchema = /* @__PURE__ */ z.object({
  role: text(64),
  kind: text(50),
  name: text(100),
  description: optionalText(1000),
});
export type BucketAction = z.infer<typeof bucketActionSchema>;

export const bucketSchema = /* @__PURE__ */ z.object({
  ID: backofficeIdSchema,
  Name: text(100),
  // Lower number = worked first.
  Priority: wholeNumber(0, 10_000),
  RequiresACEAction: z.boolean({ error: m.boolean }),
  Actions: z
    .array(bucketActionSchema)
    .max(50, { error: m.tooMany(50) })
    .nullable(),
  ConditionsExplanation: optionalText(2000),
  CreatedAt: backofficeTimestampSchema,
  UpdatedAt: backofficeTimestampSchema,
});
export type Bucket = z.infer<typeof bucketSchema>;

// §3 Bucket summary: BucketID, NumApplicationsAssigned, NumApplicationsUnassigned, Total (open ones only).
export const bucketSummarySchema = /* @__PURE__ */ z
  .object({
    BucketID: backofficeIdSchema,
    NumApplicationsAssigned: wholeNumber(0, Number.MAX_SAFE_INTEGER),
    NumApplicationsUnassigned: wholeNumber(0, Number.MAX_SAFE_INTEGER),
    Total: wholeNumber(0, Number.MAX_SAFE_INTEGER),
  })
  .refine(
    (summary) => summary.Total === summary.NumApplicationsAssigned + summary.NumApplicationsUnassigned,
    {
      error: m.summaryTotal,
      path: ['Total'],
    },
  );
export type BucketSummary = z.infer<typeof bucketSummarySchema>;

// §3 Assignment. Revision guards changes like an application's Revision: it starts at 1 and every change
// (assign, move to another bucket, processed) adds one; a stale Revision is a 409 (ADR 0021, amending 0013).
export const assignmentSchema = /* @__PURE__ */ z
  .object({
    // Not in §3: the assignment's own id, so that one item of a queue can be assigned or processed (ADR 0021).
    ID: backofficeIdSchema,
    LoanApplicationID: backofficeIdSchema,
    BucketID: backofficeIdSchema,
    AssigneeID: backofficeIdSchema.nullable(),
    ProcessedAt: backofficeTimestampSchema.nullable(),
    ProcessedBy: backofficeIdSchema.nullable(),
    Country: countrySchema,
    CreatedAt: backofficeTimestampSchema,
    UpdatedAt: backofficeTimestampSchema,
    BucketUpdatedAt: backofficeTimestampSchema,
    Revision: wholeNumber(1, 2_147_483_647),
  })
  .refine((value) => (value.ProcessedAt === null) === (value.ProcessedBy === null), {
    error: m.processedPair,
    path: ['ProcessedBy'],
  });
export type Assignment = z.infer<typeof assignmentSchema>;

// §3 assignment filters: AssigneeID, Processed, BucketID — all optional, for a query string.
export const assignmentFiltersSchema = /* @__PURE__ */ z.object({
  AssigneeID: backofficeIdSchema.optional(),
  Processed: queryBoolean.optional(),
  BucketID: backofficeIdSchema.optional(),
});
export type AssignmentFilters = z.infer<typeof assignmentFiltersSchema>;

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────

export const callListDefaultLimit = 25;
export const callListMaxLimit = 100;

// §3 call-list filters: country, offset, limit (query string, hence coerced).
export const callListFiltersSchema = /* @__PURE__ */ z.object({
  country: countrySchema.optional(),
  offset: z.coerce
    .number({ error: m.wholeNumber })
    .int({ error: m.wholeNumber })
    .min(0, { error: m.atLeast(0) })
    .default(0),
  limit: z.coerce
    .number({ error: m.wholeNumber })
    .int({ error: m.wholeNumber })
    .min(1, { error: m.atLeast(1) })
    .max(callListMaxLimit, { error: m.atMost(callListMaxLimit) })
    .default(callListDefaultLimit),
});
export type CallListFilters = z.infer<typeof callListFiltersSchema>;

const tagsSchema = /* @__PURE__ */ z
  .array(text(50))
  .max(20, { error: m.tooMany(20) })
  .nullable();

// §3 Call order.
export const callOrderSchema = /* @__PURE__ */ z.object({
  ID: backofficeIdSchema,
  CreatedAt: backofficeTimestampSchema,
  LoanApplicationID: backofficeIdSchema,
  ClientID: backofficeIdSchema.nullable(),
  MarketCountry: countrySchema,
  LoanApplicationStatus: applicationStatusCodeSchema,
  BucketName: text(100).nullable(),
  CustomerPhoneNumber: phoneNumberSchema,
  OutboundNumberType: outboundNumberTypeSchema,
  Tags: tagsSchema,
});
export type CallOrder = z.infer<typeof callOrderSchema>;

/**
 * How a call ended, in the agent's words (issue 38: "a call ends without an outcome or a note"). A fixed
 * list so a team lead can count them; the words are the staff app's, per language.
 */
export const callOutcomes = [
  'reached',
  'callback-requested',
  'considering-offers',
  'waiting-for-documents',
  'not-interested',
  'no-answer',
  'left-voicemail',
  'wrong-number',
] as const;
export const callOutcomeSchema = /* @__PURE__ */ z.enum(callOutcomes, {
  error: `Must be one of ${callOutcomes.join(', ')}`,
});
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

// §3 Call record: the order's fields plus the call's own. An inbound call has no order, may not be tied
// to an application yet and was not dialled from one of our number types, hence the nullables.
export const callRecordSchema = /* @__PURE__ */ callOrderSchema.extend({
  LoanApplicationID: backofficeIdSchema.nullable(),
  LoanApplicationStatus: applicationStatusCodeSchema.nullable(),
  OutboundNumberType: outboundNumberTypeSchema.nullable(),
  // Not in §3: the agent on the call, so a record can be found per agent (ADR 0013).
  AgentID: backofficeIdSchema.nullable(),
  OutboundPhoneNumber: phoneNumberSchema.nullable(),
  ExternalRef: text(200).nullable(),
  OrderID: backofficeIdSchema.nullable(),
  Outbound: z.boolean({ error: m.boolean }),
  OrderedAt: backofficeTimestampSchema.nullable(),
  InitiatedAt: backofficeTimestampSchema.nullable(),
  AnsweredAt: backofficeTimestampSchema.nullable(),
  Answered: z.boolean({ error: m.boolean }),
  WentToVoicemail: z.boolean({ error: m.boolean }),
  EndedAt: backofficeTimestampSchema.nullable(),
  StateDescription: optionalText(500).nullable(),
  // Not in §3: the agent's wrap-up after the call (issue 38; migration 0029), null until it is saved.
  Outcome: callOutcomeSchema.nullable(),
  WrapUpNote: z.string().nullable(),
  NextContactDate: isoDateSchema.nullable(),
  WrappedUpAt: backofficeTimestampSchema.nullable(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

/** The outcomes that promise the customer another call: they need a next contact date. */
export const callOutcomesNeedingNextContact: readonly CallOutcome[] = ['callback-requested'];
export const maxWrapUpNoteLength = 2000;

/** POST /backoffice/call-records/{id}/wrap-up: saved once per call (ADR 0022, amended by issue 38). */
export const callWrapUpBodySchema = /* @__PURE__ */ z
  .strictObject({
    Outcome: callOutcomeSchema,
    Note: optionalText(maxWrapUpNoteLength).default(''),
    NextContactDate: isoDateSchema.nullable().default(null),
  })
  .refine((body) => !callOutcomesNeedingNextContact.includes(body.Outcome) || body.NextContactDate !== null, {
    error: 'A call back needs a next contact date',
    path: ['NextContactDate'],
  });
export type CallWrapUpBody = z.infer<typeof callWrapUpBodySchema>;

// ── Compliance ────────────────────────────────────────────────────────────────────────────────────

// §3 Person check (PEP screening). PersonID and LoanApplicationID are not in §3; without them a check
// could not be found again (ADR 0013).
export const personCheckSchema = /* @__PURE__ */ z.object({
  ID: backofficeIdSchema,
  CreatedAt: backofficeTimestampSchema,
  PersonID: backofficeIdSchema,
  LoanApplicationID: backofficeIdSchema.nullable(),
  Details: optionalText(10_000).nullable(),
  FullName: text(300),
  Attributes: z.object({
    PEP: z.boolean({ error: m.boolean }),
    RCA: z.boolean({ error: m.boolean }),
    Sanctioned: z.boolean({ error: m.boolean }),
  }),
});
export type PersonCheck = z.infer<typeof personCheckSchema>;

// ── Back-office API: requests and answers (the staff routes; ADR 0020, 0021) ──────────────────────

/** Lists answer one page and the total; offset/limit as in the call list (default 25, max 100). */
export const pageQuerySchema = /* @__PURE__ */ callListFiltersSchema.pick({ offset: true, limit: true });
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ Items: z.array(item), Total: z.number().int().min(0) });

export const staffLoginByAgentSchema = /* @__PURE__ */ z.object({ AgentID: backofficeIdSchema });

/** GET /backoffice/me: the signed-in agent and, per permission, the countries it holds in. */
export const staffMeSchema = /* @__PURE__ */ z.object({
  Agent: agentSchema,
  Permissions: z.record(z.string(), z.array(countrySchema)),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const bucketCreateSchema = /* @__PURE__ */ z.object({
  Name: text(100),
  Priority: wholeNumber(0, 10_000),
  RequiresACEAction: z.boolean({ error: m.boolean }).default(false),
  Actions: z
    .array(bucketActionSchema)
    .max(50, { error: m.tooMany(50) })
    .nullable()
    .default(null),
  ConditionsExplanation: optionalText(2000).default(''),
});
export type BucketCreate = z.infer<typeof bucketCreateSchema>;

export const bucketPatchSchema = /* @__PURE__ */ z
  .object({
    Name: text(100),
    Priority: wholeNumber(0, 10_000),
    RequiresACEAction: z.boolean({ error: m.boolean }),
    Actions: z
      .array(bucketActionSchema)
      .max(50, { error: m.tooMany(50) })
      .nullable(),
    ConditionsExplanation: optionalText(2000),
  })
  .partial()
  .strict();
export type BucketPatch = z.infer<typeof bucketPatchSchema>;

/** GET /backoffice/buckets/summary: §3 summary plus the bucket's name, priority and oldest open item. */
export const bucketSummaryViewSchema = /* @__PURE__ */ z.object({
  BucketID: backofficeIdSchema,
  Name: text(100),
  Priority: wholeNumber(0, 10_000),
  NumApplicationsAssigned: wholeNumber(0, Number.MAX_SAFE_INTEGER),
  NumApplicationsUnassigned: wholeNumber(0, Number.MAX_SAFE_INTEGER),
  Total: wholeNumber(0, Number.MAX_SAFE_INTEGER),
  OldestItemAt: backofficeTimestampSchema.nullable(),
});
export type BucketSummaryView = z.infer<typeof bucketSummaryViewSchema>;

export const countryQuerySchema = /* @__PURE__ */ z.object({ country: countrySchema.optional() });

export const assignmentListQuerySchema = /* @__PURE__ */ assignmentFiltersSchema.extend({
  view: z.enum(['all', 'mine'], { error: 'Must be all or mine' }).default('all'),
  country: countrySchema.optional(),
  ...pageQuerySchema.shape,
});
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;

/** One row of a work queue: the assignment and what staff need to pick it. */
export const assignmentListItemSchema = /* @__PURE__ */ z.object({
  ...assignmentSchema.shape,
  HumanReadableID: z.string(),
  Product: z.string(),
  Status: z.number().int(),
  ApplicantName: z.string().nullable(),
});
export type AssignmentListItem = z.infer<typeof assignmentListItemSchema>;

const revisionField = /* @__PURE__ */ z
  .number({ error: m.wholeNumber })
  .int({ error: m.wholeNumber })
  .min(1, { error: m.atLeast(1) })
  .max(2_147_483_647, { error: m.atMost(2_147_483_647) });

export const takeNextSchema = /* @__PURE__ */ z.object({ BucketID: backofficeIdSchema });
export const assignBodySchema = /* @__PURE__ */ z.object({
  AssigneeID: backofficeIdSchema.nullable(),
  Revision: revisionField,
});
export const processedBodySchema = /* @__PURE__ */ z.object({ Revision: revisionField });

export const searchQuerySchema = /* @__PURE__ */ z.object({
  q: z
    .string()
    .trim()
    .min(3, { error: m.atLeast(3) })
    .max(200, { error: m.tooLong(200) }),
  ...pageQuerySchema.shape,
});

export const searchResultSchema = /* @__PURE__ */ z.object({
  LoanApplicationID: backofficeIdSchema,
  HumanReadableID: z.string(),
  Product: z.string(),
  Status: z.number().int(),
  Country: countrySchema,
  Brand: z.string(),
  ApplicantName: z.string().nullable(),
  CreatedAt: backofficeTimestampSchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const noteBodySchema = /* @__PURE__ */ z.object({ Text: text(5000) });
export const noteSchema = /* @__PURE__ */ z.object({
  ID: backofficeIdSchema,
  LoanApplicationID: backofficeIdSchema,
  AgentID: backofficeIdSchema,
  AgentName: z.string(),
  Text: z.string(),
  CreatedAt: backofficeTimestampSchema,
});
export type Note = z.infer<typeof noteSchema>;

export const withdrawBodySchema = /* @__PURE__ */ z.object({ Reason: text(1000) });

export const auditItemSchema = /* @__PURE__ */ z.object({
  ID: backofficeIdSchema,
  At: backofficeTimestampSchema,
  ActorAgentID: backofficeIdSchema.nullable(),
  ActorName: z.string().nullable(),
  Action: z.string(),
  Reason: z.string().nullable(),
  Details: z.record(z.string(), z.unknown()),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

// ── Work-queue rules (ADR 0021) ───────────────────────────────────────────────────────────────────

/**
 * The standard buckets an application enters by its status. Each is found by its `rule` key (staff may
 * rename a bucket; the rule stays). A status not listed here takes the application out of every queue
 * (its open assignment is closed by the rules): end states need no more work.
 */
export const workQueueRules = [
  {
    rule: 'manual-review',
    name: 'Manual review',
    priority: 10,
    requiresAceAction: false,
    statuses: [applicationStatus.manualReview],
    explanation: 'Completed applications the rules sent to a person before the banks see them (201).',
  },
  {
    rule: 'data-problem',
    name: 'Fix with the customer',
    priority: 20,
    requiresAceAction: false,
    statuses: [applicationStatus.validationFailed, applicationStatus.externalDataFailed],
    explanation: 'Validation failed (169) or external data could not be fetched (181): call the customer.',
  },
  {
    rule: 'offers',
    name: 'Offers to present',
    priority: 30,
    requiresAceAction: true,
    statuses: statusGroups.Approved,
    explanation:
      'Banks made offers (400, 410): help the customer choose; an accept by phone is an ACE action.',
  },
  {
    rule: 'payout',
    name: 'Accepted, towards payout',
    priority: 40,
    requiresAceAction: false,
    statuses: [...statusGroups.Accepted, ...statusGroups.Disbursing],
    explanation: 'The customer accepted (500–610): follow the documents and the payout.',
  },
  {
    rule: 'new',
    name: 'New applications',
    priority: 50,
    requiresAceAction: false,
    statuses: [
      applicationStatus.submitted,
      applicationStatus.fetchingExternalData,
      applicationStatus.completed,
      applicationStatus.automaticReview,
      applicationStatus.pendingRegistration,
    ],
    explanation: 'Submitted and being processed (160–210): welcome call, check the application.',
  },
  {
    rule: 'with-banks',
    name: 'Waiting for the banks',
    priority: 60,
    requiresAceAction: true,
    statuses: statusGroups.Registered,
    explanation: 'Registered with the banks (300–310): waits for their automated credit decisions.',
  },
  {
    rule: 'win-back',
    name: 'No offer or not accepted',
    priority: 70,
    requiresAceAction: false,
    statuses: [applicationStatus.notRegistered, applicationStatus.notApproved, applicationStatus.notAccepted],
    explanation: 'No bank registered or approved it, or the customer declined (270, 370, 470): win back.',
  },
] as const satisfies readonly {
  rule: string;
  name: string;
  priority: number;
  requiresAceAction: boolean;
  statuses: readonly number[];
  explanation: string;
}[];
export type WorkQueueRule = (typeof workQueueRules)[number]['rule'];

/** The rule whose bucket an application of `status` belongs in; undefined: it belongs in no queue. */
export function workQueueRuleFor(status: number): WorkQueueRule | undefined {
  return workQueueRules.find((rule) => (rule.statuses as readonly number[]).includes(status))?.rule;
}
