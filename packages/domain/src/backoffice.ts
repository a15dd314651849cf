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

// §3 Assignment. Revision is the application revision the bucket placement was made from (ADR 0013).
export const assignmentSchema = z
  .object({
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
