import { z } from 'zod';
import {
  countrySchema,
  insuranceDecisionSchema,
  insuranceTerminationReasonSchema,
  outboundNumberTypeSchema,
} from './enums.ts';
import { applicationStatusCodeSchema } from './statuses.ts';

// §3 "Back-office entities" as the API shows them (PascalCase field names are the contract, §7).
// §5: "ids are UUIDs, timestamps are strings, several fields are nullable or optional. Messages and
// bounds for these: not shown" — the bounds and messages below are OUR CHOICE, recorded in
// docs/decisions/0013-backoffice-model.md. Field names the spec gives only in words (street name,
// cadastre numbers, …) are spelled the way its other fields are.

// ── Building blocks ───────────────────────────────────────────────────────────────────────────────

export const backofficeMessages = {
  uuid: 'Must be a UUID',
  timestamp: 'Must be an ISO 8601 date-time with a time zone, e.g. 2025-01-31T12:00:00Z',
  date: 'Must be a date, YYYY-MM-DD',
  phoneNumber: 'Must be a phone number in international format, e.g. +4791234567',
  boolean: 'Must be true or false',
  wholeNumber: 'Must be a whole number',
  required: 'Must not be empty',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  tooMany: (max: number) => `Must have at most ${max} entries`,
  atLeast: (min: number) => `Must be at least ${min}`,
  atMost: (max: number) => `Must be at most ${max}`,
  decidedAtWithDecision: 'DecidedAt is set exactly when the decision is approved or denied',
  terminationPair: 'TerminatedAt and TerminationReason are set together',
  processedPair: 'ProcessedAt and ProcessedBy are set together',
  summaryTotal: 'Total must equal NumApplicationsAssigned + NumApplicationsUnassigned',
} as const;

const m = backofficeMessages;

export const backofficeIdSchema = z.uuid({ error: m.uuid });
export const backofficeTimestampSchema = z.iso.datetime({ offset: true, error: m.timestamp });
const isoDateSchema = z.iso.date({ error: m.date });

/** Trimmed text of 1…max characters. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: m.required })
    .max(max, { error: m.tooLong(max) });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: m.tooLong(max) });
const wholeNumber = (min: number, max: number) =>
  z
    .number()
    .int({ error: m.wholeNumber })
    .min(min, { error: m.atLeast(min) })
    .max(max, { error: m.atMost(max) });

// E.164: what telephony providers dial. Nordic numbers are +45/+46/+47/+358 and 8–12 digits long.
export const phoneNumberSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, { error: m.phoneNumber });

/** Money in whole units of the country's currency (as the applications tables store it). */
const amount = (max: number) => wholeNumber(0, max);

// Query-string booleans arrive as text ('true'/'false'); JSON bodies as booleans.
const queryBoolean = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean({ error: m.boolean }),
);

// ── Roles and agents ──────────────────────────────────────────────────────────────────────────────

// §3 Role: Name (a known role — `knownRoleNames` in ./auth.ts — or any string), optional Country.
export const roleSchema = z.object({
  Name: text(64),
  Country: countrySchema.optional(),
});
export type Role = z.infer<typeof roleSchema>;

// §3 Agent: ID, Name, Disabled, MarketCountry, Roles.
export const agentSchema = z.object({
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
export const bucketActionSchema = z.object({
  role: text(64),
  kind: text(50),
  name: text(100),
  description: optionalText(1000),
});
export type BucketAction = z.infer<typeof bucketActionSchema>;

export const bucketSchema = z.object({
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
export const bucketSummarySchema = z
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
export const assignmentSchema = z
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
export const assignmentFiltersSchema = z.object({
  AssigneeID: backofficeIdSchema.optional(),
  Processed: queryBoolean.optional(),
  BucketID: backofficeIdSchema.optional(),
});
export type AssignmentFilters = z.infer<typeof assignmentFiltersSchema>;

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────

export const callListDefaultLimit = 25;
export const callListMaxLimit = 100;

// §3 call-list filters: country, offset, limit (query string, hence coerced).
export const callListFiltersSchema = z.object({
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

const tagsSchema = z
  .array(text(50))
  .max(20, { error: m.tooMany(20) })
  .nullable();

// §3 Call order.
export const callOrderSchema = z.object({
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

// §3 Call record: the order's fields plus the call's own. An inbound call has no order, may not be tied
// to an application yet and was not dialled from one of our number types, hence the nullables.
export const callRecordSchema = callOrderSchema.extend({
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
});
export type CallRecord = z.infer<typeof callRecordSchema>;

// ── Compliance ────────────────────────────────────────────────────────────────────────────────────

// §3 Person check (PEP screening). PersonID and LoanApplicationID are not in §3; without them a check
// could not be found again (ADR 0013).
export const personCheckSchema = z.object({
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

// ── Real estate ───────────────────────────────────────────────────────────────────────────────────

// Not shown by §3; OUR CHOICE (ADR 0013). Source: where the data came from. Ownership: the four Nordic
// forms — freehold (selveier/äganderätt), cooperative (borettslag/bostadsrätt/asunto-osakeyhtiö/andel),
// shareholding (aksjeleilighet) and bond (obligasjonsleilighet).
export const realEstateSources = ['ValuationProvider', 'Applicant', 'Agent'] as const;
export const realEstateSourceSchema = z.enum(realEstateSources);
export type RealEstateSource = z.infer<typeof realEstateSourceSchema>;

export const realEstateOwnershipTypes = ['Freehold', 'Cooperative', 'Shareholding', 'Bond'] as const;
export const realEstateOwnershipTypeSchema = z.enum(realEstateOwnershipTypes);
export type RealEstateOwnershipType = z.infer<typeof realEstateOwnershipTypeSchema>;

/** Largest property value accepted, in whole currency units (a guard against typos, not a policy). */
export const maxRealEstateValue = 1_000_000_000;

const cadastreNumber = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, { error: 'Must be 1–5 digits' })
  .nullable();

// §3 Real estate: every field it lists. Cadastre letters are the Norwegian matrikkel's (K kommunenr,
// G gårdsnr, B bruksnr, F festenr, S seksjonsnr).
export const realEstateSchema = z.object({
  ID: backofficeIdSchema,
  PersonID: backofficeIdSchema,
  Source: realEstateSourceSchema,
  FetchID: text(200).nullable(),
  OwnershipType: realEstateOwnershipTypeSchema.nullable(),
  RealEstateType: text(100).nullable(),
  EstimatedValueReferenceNumber: text(100).nullable(),
  TotalMarketValueEstimate: amount(maxRealEstateValue).nullable(),
  TotalMarketValueEstimateApproved: amount(maxRealEstateValue).nullable(),
  MarketScoreArea: z
    .number()
    .min(0, { error: m.atLeast(0) })
    .max(100, { error: m.atMost(100) })
    .nullable(),
  MarketScoreMunicipality: z
    .number()
    .min(0, { error: m.atLeast(0) })
    .max(100, { error: m.atMost(100) })
    .nullable(),
  SectionNumber: text(20).nullable(),
  StreetName: text(200).nullable(),
  StreetNumber: text(20).nullable(),
  StreetLetter: text(5).nullable(),
  Postcode: z
    .string()
    .trim()
    .regex(/^\d{3} ?\d{1,2}$/, { error: 'Must be a postcode of 4 or 5 digits' })
    .nullable(),
  Municipality: text(100).nullable(),
  CadastreBNumber: cadastreNumber,
  CadastreFNumber: cadastreNumber,
  CadastreGNumber: cadastreNumber,
  CadastreKNumber: z
    .string()
    .trim()
    .regex(/^\d{4}$/, { error: 'Must be a 4-digit municipality number' })
    .nullable(),
  CadastreSNumber: cadastreNumber,
  PrimaryLivingArea: z
    .number()
    .positive({ error: 'Must be more than 0' })
    .max(10_000, { error: m.atMost(10_000) })
    .nullable(),
  IsInsured: z.boolean({ error: m.boolean }).nullable(),
  InsuranceCompany: text(200).nullable(),
  CooperativeApartmentCommonDebt: amount(maxRealEstateValue).nullable(),
  OrganizationNumber: text(20).nullable(),
  ShareNumber: text(20).nullable(),
  CreatedAt: backofficeTimestampSchema,
  UpdatedAt: backofficeTimestampSchema,
});
export type RealEstate = z.infer<typeof realEstateSchema>;

// §3 link of real estate to a loan application.
export const realEstateLinkSchema = z.object({
  ID: backofficeIdSchema,
  LoanApplicationID: backofficeIdSchema,
  RealEstateID: backofficeIdSchema,
  CreatedAt: backofficeTimestampSchema,
  UpdatedAt: backofficeTimestampSchema,
});
export type RealEstateLink = z.infer<typeof realEstateLinkSchema>;

// ── Insurance ─────────────────────────────────────────────────────────────────────────────────────

// §3 "two partner-insurer names" — the spec does not give them. OUR CHOICE of placeholder names
// (ADR 0013); they are not real companies.
export const partnerInsurers = ['NordTrygg', 'Fjordliv'] as const;
export const partnerInsurerSchema = z.enum(partnerInsurers);
export type PartnerInsurer = z.infer<typeof partnerInsurerSchema>;

/** Monthly benefit and premium bounds in whole currency units (covers EUR through NOK/SEK/DKK). */
export const maxInsuredMonthlyAmount = 200_000;
export const maxMonthlyPremium = 50_000;

export const insuranceRequestSchema = z
  .object({
    ID: backofficeIdSchema,
    PersonID: backofficeIdSchema,
    CustomerID: backofficeIdSchema.nullable(),
    LoanApplicationID: backofficeIdSchema.nullable(),
    Brand: text(50),
    Country: countrySchema,
    Insurer: partnerInsurerSchema,
    InsuredMonthlyAmount: wholeNumber(1, maxInsuredMonthlyAmount),
    MonthlyPremium: wholeNumber(1, maxMonthlyPremium),
    Decision: insuranceDecisionSchema,
    DecidedAt: backofficeTimestampSchema.nullable(),
    CreatedAt: backofficeTimestampSchema,
    UpdatedAt: backofficeTimestampSchema,
  })
  .refine((value) => (value.Decision === 'new') === (value.DecidedAt === null), {
    error: m.decidedAtWithDecision,
    path: ['DecidedAt'],
  });
export type InsuranceRequest = z.infer<typeof insuranceRequestSchema>;

export const insurancePolicySchema = z
  .object({
    ID: backofficeIdSchema,
    RequestID: backofficeIdSchema,
    PersonID: backofficeIdSchema,
    Insurer: partnerInsurerSchema,
    PolicyNumber: text(50),
    InsuredMonthlyAmount: wholeNumber(1, maxInsuredMonthlyAmount),
    MonthlyPremium: wholeNumber(1, maxMonthlyPremium),
    StartsOn: isoDateSchema,
    TerminatedAt: backofficeTimestampSchema.nullable(),
    TerminationReason: insuranceTerminationReasonSchema.nullable(),
    CreatedAt: backofficeTimestampSchema,
    UpdatedAt: backofficeTimestampSchema,
  })
  .refine((value) => (value.TerminatedAt === null) === (value.TerminationReason === null), {
    error: m.terminationPair,
    path: ['TerminationReason'],
  });
export type InsurancePolicy = z.infer<typeof insurancePolicySchema>;

// ── Back-office API: requests and answers (the staff routes; ADR 0020, 0021) ──────────────────────

/** Lists answer one page and the total; offset/limit as in the call list (default 25, max 100). */
export const pageQuerySchema = callListFiltersSchema.pick({ offset: true, limit: true });
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ Items: z.array(item), Total: z.number().int().min(0) });

export const staffLoginByAgentSchema = z.object({ AgentID: backofficeIdSchema });

/** GET /backoffice/me: the signed-in agent and, per permission, the countries it holds in. */
export const staffMeSchema = z.object({
  Agent: agentSchema,
  Permissions: z.record(z.string(), z.array(countrySchema)),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const bucketCreateSchema = z.object({
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

export const bucketPatchSchema = z
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
export const bucketSummaryViewSchema = z.object({
  BucketID: backofficeIdSchema,
  Name: text(100),
  Priority: wholeNumber(0, 10_000),
  NumApplicationsAssigned: wholeNumber(0, Number.MAX_SAFE_INTEGER),
  NumApplicationsUnassigned: wholeNumber(0, Number.MAX_SAFE_INTEGER),
  Total: wholeNumber(0, Number.MAX_SAFE_INTEGER),
  OldestItemAt: backofficeTimestampSchema.nullable(),
});
export type BucketSummaryView = z.infer<typeof bucketSummaryViewSchema>;

export const countryQuerySchema = z.object({ country: countrySchema.optional() });

export const assignmentListQuerySchema = assignmentFiltersSchema.extend({
  view: z.enum(['all', 'mine'], { error: 'Must be all or mine' }).default('all'),
  country: countrySchema.optional(),
  ...pageQuerySchema.shape,
});
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;

/** One row of a work queue: the assignment and what staff need to pick it. */
export const assignmentListItemSchema = z.object({
  ...assignmentSchema.shape,
  HumanReadableID: z.string(),
  Product: z.string(),
  Status: z.number().int(),
  ApplicantName: z.string().nullable(),
});
export type AssignmentListItem = z.infer<typeof assignmentListItemSchema>;

const revisionField = z
  .number({ error: m.wholeNumber })
  .int({ error: m.wholeNumber })
  .min(1, { error: m.atLeast(1) })
  .max(2_147_483_647, { error: m.atMost(2_147_483_647) });

export const takeNextSchema = z.object({ BucketID: backofficeIdSchema });
export const assignBodySchema = z.object({
  AssigneeID: backofficeIdSchema.nullable(),
  Revision: revisionField,
});
export const processedBodySchema = z.object({ Revision: revisionField });

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(3, { error: m.atLeast(3) })
    .max(200, { error: m.tooLong(200) }),
  ...pageQuerySchema.shape,
});

export const searchResultSchema = z.object({
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

export const noteBodySchema = z.object({ Text: text(5000) });
export const noteSchema = z.object({
  ID: backofficeIdSchema,
  LoanApplicationID: backofficeIdSchema,
  AgentID: backofficeIdSchema,
  AgentName: z.string(),
  Text: z.string(),
  CreatedAt: backofficeTimestampSchema,
});
export type Note = z.infer<typeof noteSchema>;

export const withdrawBodySchema = z.object({ Reason: text(1000) });

export const auditItemSchema = z.object({
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
    statuses: [201],
    explanation: 'Completed applications the rules sent to a person before the banks see them (201).',
  },
  {
    rule: 'data-problem',
    name: 'Fix with the customer',
    priority: 20,
    requiresAceAction: false,
    statuses: [169, 181],
    explanation: 'Validation failed (169) or external data could not be fetched (181): call the customer.',
  },
  {
    rule: 'offers',
    name: 'Offers to present',
    priority: 30,
    requiresAceAction: true,
    statuses: [400, 410],
    explanation:
      'Banks made offers (400, 410): help the customer choose; an accept by phone is an ACE action.',
  },
  {
    rule: 'payout',
    name: 'Accepted, towards payout',
    priority: 40,
    requiresAceAction: false,
    statuses: [500, 510, 600, 610],
    explanation: 'The customer accepted (500–610): follow the documents and the payout.',
  },
  {
    rule: 'new',
    name: 'New applications',
    priority: 50,
    requiresAceAction: false,
    statuses: [160, 180, 200, 209, 210],
    explanation: 'Submitted and being processed (160–210): welcome call, check the application.',
  },
  {
    rule: 'with-banks',
    name: 'Waiting for the banks',
    priority: 60,
    requiresAceAction: true,
    statuses: [300, 305, 310],
    explanation: 'Registered with the banks (300–310): waits for their automated credit decisions.',
  },
  {
    rule: 'win-back',
    name: 'No offer or not accepted',
    priority: 70,
    requiresAceAction: false,
    statuses: [270, 370, 470],
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
