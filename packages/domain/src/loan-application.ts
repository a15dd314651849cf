import { z } from 'zod';
import { brandIdSchema } from './brands/brand-config.schema.ts';
import {
  applicantModeSchema,
  applicantRoleSchema,
  archiveReasonSchema,
  carOwnershipSchema,
  cloneOriginSchema,
  countrySchema,
  debtSourceSchema,
  debtTypeSchema,
  educationLevelSchema,
  employmentTypeSchema,
  expenseCategoryIdSchema,
  industrySchema,
  jobLevelSchema,
  livingSituationSchema,
  loanPurposeSchema,
  maritalStatusSchema,
  productSchema,
  propertyHousingTypeSchema,
} from './enums.ts';
import { debtPayoffInputSchema, debtPayoffSchema } from './finance/payoff-account.ts';
import { statusGroupSchema } from './statuses.ts';

// Request and response schemas of the §7 "Application calls", shared by the API (validation, OpenAPI)
// and the web app (typed clients). Field names are the API contract's PascalCase (§3: ID, Product,
// CreatedAt…). Money is whole units of the brand's currency; Duration is whole years (§9).

/** The largest PostgreSQL integer (int4): revisions and page numbers past it would overflow the query (500). */
export const MAX_INT4 = 2_147_483_647;

/** Whole currency units; generous upper bound so that a typo (an extra digit or two) is still caught. */
const money = /* @__PURE__ */ z.number().int().min(0).max(1_000_000_000);
const shortText = /* @__PURE__ */ z.string().trim().min(1).max(200);
const isoDate = /* @__PURE__ */ z.iso.date();
const isoDateTime = /* @__PURE__ */ z.string();

// ── Applicants ──────────────────────────────────────────────────────────────────────────────────────

/** What an applicant states about themselves (§3 enumerations); every field may be sent on its own. */
export const applicantDetailsInputSchema = /* @__PURE__ */ z
  .object({
    MaritalStatus: maritalStatusSchema.nullable(),
    Education: educationLevelSchema.nullable(),
    LivingSituation: livingSituationSchema.nullable(),
    HousingType: propertyHousingTypeSchema.nullable(),
    HousingCostMonthly: money.nullable(),
    PartnerLivingCostMonthly: money.nullable(),
    ChildrenCount: z.number().int().min(0).max(20).nullable(),
    EmploymentType: employmentTypeSchema.nullable(),
    EmployerName: shortText.nullable(),
    EmploymentStart: isoDate.nullable(),
    EmploymentEnd: isoDate.nullable(),
    Industry: industrySchema.nullable(),
    JobLevel: jobLevelSchema.nullable(),
    JobTitle: shortText.nullable(),
    GrossYearlyIncome: money.nullable(),
    NetMonthlyIncome: money.nullable(),
    OtherIncomeMonthly: money.nullable(),
    MainBank: shortText.nullable(),
    IsPoliticallyExposed: z.boolean().nullable(),
  })
  .partial();
export type ApplicantDetailsInput = z.infer<typeof applicantDetailsInputSchema>;

/**
 * The co-applicant: their details plus who they are. Applicants name the co-applicant by national
 * identity number (validated for the application's country); staff may also give an existing PersonID.
 * FirstName/LastName/Email/Phone reach a newly created person only from staff (an applicant's request never
 * writes another person's contact data); an existing person is never changed.
 */
export const coApplicantInputSchema = /* @__PURE__ */ applicantDetailsInputSchema.extend({
  PersonID: z.uuid().optional(),
  NationalID: z.string().trim().min(6).max(20).optional(),
  FirstName: shortText.optional(),
  LastName: shortText.optional(),
  Email: z.email().optional(),
  Phone: z.string().trim().min(5).max(20).optional(),
});
export type CoApplicantInput = z.infer<typeof coApplicantInputSchema>;

export const applicantSchema = /* @__PURE__ */ z.object({
  Role: applicantRoleSchema,
  PersonID: z.string().nullable(),
  MaritalStatus: maritalStatusSchema.nullable(),
  Education: educationLevelSchema.nullable(),
  LivingSituation: livingSituationSchema.nullable(),
  HousingType: propertyHousingTypeSchema.nullable(),
  HousingCostMonthly: z.number().nullable(),
  PartnerLivingCostMonthly: z.number().nullable(),
  ChildrenCount: z.number().nullable(),
  EmploymentType: employmentTypeSchema.nullable(),
  EmployerName: z.string().nullable(),
  EmploymentStart: z.string().nullable(),
  EmploymentEnd: z.string().nullable(),
  Industry: industrySchema.nullable(),
  JobLevel: jobLevelSchema.nullable(),
  JobTitle: z.string().nullable(),
  GrossYearlyIncome: z.number().nullable(),
  NetMonthlyIncome: z.number().nullable(),
  OtherIncomeMonthly: z.number().nullable(),
  MainBank: z.string().nullable(),
  IsPoliticallyExposed: z.boolean().nullable(),
});
export type Applicant = z.infer<typeof applicantSchema>;

// ── The application ─────────────────────────────────────────────────────────────────────────────────

export const loanApplicationSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  /** Short id for people: 'NL-100001'. */
  HumanReadableID: z.string(),
  LegacyID: z.string().nullable(),
  Product: productSchema,
  /** §4 numbered status. */
  Status: z.number().int(),
  StatusName: z.string(),
  Brand: z.string(),
  Country: countrySchema,
  CustomerID: z.string().nullable(),
  /** The main applicant. */
  PersonID: z.string().nullable(),
  CoApplicantPersonID: z.string().nullable(),
  ApplicantMode: applicantModeSchema,
  /** The loan amount; for a CreditCard the credit limit. */
  Amount: z.number().nullable(),
  /** Whole years; null for a CreditCard. */
  Duration: z.number().nullable(),
  LoanPurpose: loanPurposeSchema.nullable(),
  /** The last form step completed; the web app resumes after it. */
  CurrentStep: z.string().nullable(),
  CompletedSteps: z.array(z.string()),
  /** Form details not broken out into fields. */
  Data: z.record(z.string(), z.unknown()),
  CloneOrigin: cloneOriginSchema.nullable(),
  ClonedFromID: z.string().nullable(),
  ArchivedAt: isoDateTime.nullable(),
  ArchiveReason: z.string().nullable(),
  /** Bumped by every change; send it back on PATCH to detect a concurrent change (409). */
  Revision: z.number().int(),
  /** A lender is processing it: changes answer 409 until the lock is released. */
  IsLocked: z.boolean(),
  MainApplicant: applicantSchema.nullable(),
  CoApplicant: applicantSchema.nullable(),
  CreatedAt: isoDateTime,
  UpdatedAt: isoDateTime,
});
export type LoanApplication = z.infer<typeof loanApplicationSchema>;

const dataSchema = /* @__PURE__ */ z.record(z.string().max(100), z.unknown());

/** POST /loan-application. At least `{ Product, Brand, Amount, Duration }` (Duration absent for CreditCard). */
export const createLoanApplicationSchema = /* @__PURE__ */ z.object({
  Product: productSchema,
  Brand: brandIdSchema,
  Amount: money,
  Duration: z.number().int().min(1).max(50).optional(),
  LoanPurpose: loanPurposeSchema.optional(),
  ApplicantMode: applicantModeSchema.optional(),
  /** Staff only: the customer the application is created for. */
  CustomerID: z.uuid().optional(),
  /** Staff and integration only: the id in the platform it came from. */
  LegacyID: shortText.optional(),
  Data: dataSchema.optional(),
  MainApplicant: applicantDetailsInputSchema.optional(),
  CoApplicant: coApplicantInputSchema.optional(),
});
export type CreateLoanApplication = z.infer<typeof createLoanApplicationSchema>;

/**
 * PATCH /loan-application/{id}: only the fields sent change. `Revision` (optional) is the revision the
 * change was based on: a stale one answers 409 and changes nothing. In `Data`, a key sent as null is removed.
 */
export const patchLoanApplicationFieldsSchema = /* @__PURE__ */ z.object({
  Revision: z.number().int().min(1).max(MAX_INT4).optional(),
  Product: productSchema.optional(),
  Amount: money.optional(),
  Duration: z.number().int().min(1).max(50).nullable().optional(),
  LoanPurpose: loanPurposeSchema.nullable().optional(),
  ApplicantMode: applicantModeSchema.optional(),
  Data: dataSchema.optional(),
  MainApplicant: applicantDetailsInputSchema.optional(),
  CoApplicant: coApplicantInputSchema.optional(),
});
export const patchLoanApplicationSchema = /* @__PURE__ */ patchLoanApplicationFieldsSchema.refine(
  (body) => Object.keys(body).some((key) => key !== 'Revision'),
  { message: 'Nothing to change' },
);
export type PatchLoanApplication = z.infer<typeof patchLoanApplicationSchema>;

/** Form step names of the web app: 'loan', 'employment', 'co-applicant', … */
export const stepNameSchema = /* @__PURE__ */ z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,63}$/, 'A step is a lower-case name such as "employment"');

export const stepCompleteSchema = /* @__PURE__ */ z.object({
  Step: stepNameSchema,
  Revision: z.number().int().min(1).max(MAX_INT4).optional(),
});
export type StepComplete = z.infer<typeof stepCompleteSchema>;

export const cloneLoanApplicationSchema = /* @__PURE__ */ z.object({
  CloneOrigin: cloneOriginSchema.default('Cloned'),
});
export type CloneLoanApplication = z.infer<typeof cloneLoanApplicationSchema>;

/** POST …/archive ("the archive request type"): why the application is put away. */
export const archiveLoanApplicationSchema = /* @__PURE__ */ z.object({
  Reason: archiveReasonSchema,
});
export type ArchiveLoanApplication = z.infer<typeof archiveLoanApplicationSchema>;

// ── Revisions, statuses, checks ─────────────────────────────────────────────────────────────────────

export const loanApplicationRevisionSchema = /* @__PURE__ */ z.object({
  LoanApplicationID: z.string(),
  Revision: z.number().int(),
  Status: z.number().int(),
  StatusName: z.string(),
  ChangedBy: z.string(),
  Reason: z.string(),
  CreatedAt: isoDateTime,
  /** The application (with its sub-records) as it was after this revision. */
  Snapshot: z.record(z.string(), z.unknown()),
});
export type LoanApplicationRevision = z.infer<typeof loanApplicationRevisionSchema>;

export const applicationStatusInfoSchema = /* @__PURE__ */ z.object({
  Status: z.number().int(),
  Name: z.string(),
  Groups: z.array(statusGroupSchema),
});
export type ApplicationStatusInfo = z.infer<typeof applicationStatusInfoSchema>;

export const fieldErrorSchema = /* @__PURE__ */ z.object({ Field: z.string(), Message: z.string() });

/** GET /loan-application/check/app/{id} and POST /loan-application/check/app. */
export const applicationCheckResultSchema = /* @__PURE__ */ z.object({
  Valid: z.boolean(),
  Errors: z.array(fieldErrorSchema),
});
export type ApplicationCheckResult = z.infer<typeof applicationCheckResultSchema>;

/**
 * POST /loan-application/check/app: an application as the form holds it. With ID, the stored
 * application is checked with these fields laid over it (what a PATCH would make of it).
 */
export const checkApplicationInputSchema = /* @__PURE__ */ z.object({
  ID: z.string().optional(),
  Product: productSchema.optional(),
  Brand: brandIdSchema.optional(),
  Amount: money.optional(),
  Duration: z.number().int().min(1).max(50).nullable().optional(),
  LoanPurpose: loanPurposeSchema.nullable().optional(),
  ApplicantMode: applicantModeSchema.optional(),
  MainApplicant: applicantDetailsInputSchema.optional(),
  CoApplicant: coApplicantInputSchema.optional(),
});
export type CheckApplicationInput = z.infer<typeof checkApplicationInputSchema>;

// ── Search ──────────────────────────────────────────────────────────────────────────────────────────

/** A query list: repeated (`?status=100&status=155`) or comma-joined (§7 "arrays joined by comma"). */
function queryList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(','));
    return parts.map((part) => part.trim()).filter((part) => part !== '');
  }, z.array(item).optional());
}

const createdAfterSchema = /* @__PURE__ */ z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: 'createdAfter must be an ISO date or date-time',
  });

/** GET /loan-application (§7 query names, §9 page size 25; pageNumber is the 1-based page = offset + 1). */
export const searchLoanApplicationsQuerySchema = /* @__PURE__ */ z.object({
  humanReadableID: z.string().trim().min(1).max(40).optional(),
  customerID: z.uuid().optional(),
  /** With legacyID the call answers the first match instead of a page (§7). */
  legacyID: z.string().trim().min(1).max(200).optional(),
  personID: queryList(z.uuid()),
  createdAfter: createdAfterSchema.optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  pageNumber: z.coerce.number().int().min(1).max(MAX_INT4).default(1),
  product: queryList(productSchema),
  status: queryList(z.coerce.number().int().min(100).max(899)),
  group: queryList(statusGroupSchema),
});
export type SearchLoanApplicationsQuery = z.infer<typeof searchLoanApplicationsQuerySchema>;

export const loanApplicationPageSchema = /* @__PURE__ */ z.object({
  Items: z.array(loanApplicationSchema),
  Total: z.number().int(),
  PageNumber: z.number().int(),
  PageSize: z.number().int(),
});
export type LoanApplicationPage = z.infer<typeof loanApplicationPageSchema>;

export const revisionsQuerySchema = /* @__PURE__ */ z.object({
  status: queryList(z.coerce.number().int().min(100).max(899)),
});

// ── Sub-records (§3: each has an ID; the fields are our choice, see migrations/0002) ─────────────────

const ownerRole = applicantRoleSchema;

const carFieldsSchema = /* @__PURE__ */ z.object({
  OwnerRole: ownerRole,
  Ownership: carOwnershipSchema,
  RegistrationNumber: z.string().trim().min(2).max(12).nullable().optional(),
  Make: shortText.nullable().optional(),
  Model: shortText.nullable().optional(),
  ModelYear: z.number().int().min(1900).max(2100).nullable().optional(),
  EstimatedValue: money.nullable().optional(),
  MonthlyCost: money.nullable().optional(),
});
export const carInputSchema = /* @__PURE__ */ carFieldsSchema.extend({
  OwnerRole: ownerRole.default('MainApplicant'),
});
export const carSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  OwnerRole: ownerRole,
  Ownership: carOwnershipSchema,
  RegistrationNumber: z.string().nullable(),
  Make: z.string().nullable(),
  Model: z.string().nullable(),
  ModelYear: z.number().nullable(),
  EstimatedValue: z.number().nullable(),
  MonthlyCost: z.number().nullable(),
  CreatedAt: isoDateTime,
  UpdatedAt: isoDateTime,
});
export type Car = z.infer<typeof carSchema>;

const childFieldsSchema = /* @__PURE__ */ z.object({
  OwnerRole: ownerRole,
  BirthYear: z.number().int().min(1900).max(2100),
  SharedCustody: z.boolean(),
  ChildSupportPaidMonthly: money.nullable().optional(),
  ChildSupportReceivedMonthly: money.nullable().optional(),
});
export const childInputSchema = /* @__PURE__ */ childFieldsSchema.extend({
  OwnerRole: ownerRole.default('MainApplicant'),
  SharedCustody: z.boolean().default(false),
});
export const childSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  OwnerRole: ownerRole,
  BirthYear: z.number(),
  SharedCustody: z.boolean(),
  ChildSupportPaidMonthly: z.number().nullable(),
  ChildSupportReceivedMonthly: z.number().nullable(),
  CreatedAt: isoDateTime,
  UpdatedAt: isoDateTime,
});
export type Child = z.infer<typeof childSchema>;

const debtFieldsSchema = /* @__PURE__ */ z.object({
  OwnerRole: ownerRole,
  DebtType: debtTypeSchema,
  /** 1 stated by the applicant, 2 the national debt register (written by the system and staff only). */
  Source: debtSourceSchema,
  Creditor: shortText.nullable().optional(),
  Balance: money,
  CreditLimit: money.nullable().optional(),
  MonthlyPayment: money.nullable().optional(),
  /** Nominal yearly rate as a fraction: 0.129 = 12.9 %. */
  InterestRate: z.number().min(0).max(1).nullable().optional(),
  RemainingTermMonths: z.number().int().min(0).max(600).nullable().optional(),
  /** The applicant wants this debt refinanced by the new loan. */
  IsRefinanced: z.boolean(),
  ExternalRef: z.string().trim().min(1).max(100).nullable().optional(),
  ...debtPayoffInputSchema.shape,
});
export const debtInputSchema = /* @__PURE__ */ debtFieldsSchema.extend({
  OwnerRole: ownerRole.default('MainApplicant'),
  Source: debtSourceSchema.default(1),
  IsRefinanced: z.boolean().default(false),
});
export const debtSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  OwnerRole: ownerRole,
  DebtType: debtTypeSchema,
  Source: debtSourceSchema,
  Creditor: z.string().nullable(),
  Balance: z.number(),
  CreditLimit: z.number().nullable(),
  MonthlyPayment: z.number().nullable(),
  InterestRate: z.number().nullable(),
  RemainingTermMonths: z.number().nullable(),
  IsRefinanced: z.boolean(),
  ExternalRef: z.string().nullable(),
  ...debtPayoffSchema.shape,
  CreatedAt: isoDateTime,
  UpdatedAt: isoDateTime,
});
export type Debt = z.infer<typeof debtSchema>;

const expenseFieldsSchema = /* @__PURE__ */ z.object({
  OwnerRole: ownerRole,
  /** §3 expense categories 1–6. */
  CategoryID: expenseCategoryIdSchema,
  MonthlyAmount: money,
});
export const expenseInputSchema = /* @__PURE__ */ expenseFieldsSchema.extend({
  OwnerRole: ownerRole.default('MainApplicant'),
});
export const expenseSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  OwnerRole: ownerRole,
  CategoryID: expenseCategoryIdSchema,
  MonthlyAmount: z.number(),
  CreatedAt: isoDateTime,
  UpdatedAt: isoDateTime,
});
export type Expense = z.infer<typeof expenseSchema>;

// PATCH …/{car|child|debt|expense}: the ID plus the fields to change (§7 "PATCH sends fields plus ID").
// Built from the fields without defaults: a PATCH that leaves a field out leaves it alone.
export const carPatchSchema = /* @__PURE__ */ carFieldsSchema.partial().extend({ ID: z.uuid() });
export const childPatchSchema = /* @__PURE__ */ childFieldsSchema.partial().extend({ ID: z.uuid() });
export const debtPatchSchema = /* @__PURE__ */ debtFieldsSchema.partial().extend({ ID: z.uuid() });
export const expensePatchSchema = /* @__PURE__ */ expenseFieldsSchema.partial().extend({ ID: z.uuid() });
export type CarInput = z.infer<typeof carInputSchema>;
export type ChildInput = z.infer<typeof childInputSchema>;
export type DebtInput = z.infer<typeof debtInputSchema>;
export type ExpenseInput = z.infer<typeof expenseInputSchema>;

// ── Channel snapshots ───────────────────────────────────────────────────────────────────────────────

const trackingText = /* @__PURE__ */ z.string().trim().max(500).nullable().optional();

export const channelSnapshotInputSchema = /* @__PURE__ */ z.object({
  UtmSource: trackingText,
  UtmMedium: trackingText,
  UtmCampaign: trackingText,
  UtmTerm: trackingText,
  UtmContent: trackingText,
  Referrer: z.string().trim().max(2000).nullable().optional(),
  Partner: trackingText,
  LandingPage: z.string().trim().max(2000).nullable().optional(),
  Device: z.enum(['mobile', 'tablet', 'desktop']).nullable().optional(),
  /** §2 traffic=internal. */
  IsInternal: z.boolean().default(false),
});
export const channelSnapshotSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  UtmSource: z.string().nullable(),
  UtmMedium: z.string().nullable(),
  UtmCampaign: z.string().nullable(),
  UtmTerm: z.string().nullable(),
  UtmContent: z.string().nullable(),
  Referrer: z.string().nullable(),
  Partner: z.string().nullable(),
  LandingPage: z.string().nullable(),
  Device: z.string().nullable(),
  IsInternal: z.boolean(),
  CreatedAt: isoDateTime,
});
export type ChannelSnapshot = z.infer<typeof channelSnapshotSchema>;
export type ChannelSnapshotInput = z.infer<typeof channelSnapshotInputSchema>;

// ── Integration service (§7 POST v1/loan-application/, v1/loan-application/reapply/{id}) ───────────

export const integrationCustomerSchema = /* @__PURE__ */ z.object({
  /** An existing customer; otherwise one is found or created from the person's national id. */
  ID: z.uuid().optional(),
  Email: z.email().optional(),
  Phone: z.string().trim().min(5).max(20).optional(),
});
export const integrationPersonSchema = /* @__PURE__ */ z.object({
  NationalID: z.string().trim().min(6).max(20),
  FirstName: shortText.optional(),
  LastName: shortText.optional(),
  Email: z.email().optional(),
  Phone: z.string().trim().min(5).max(20).optional(),
});
export const integrationCreateSchema = /* @__PURE__ */ z.object({
  application: createLoanApplicationSchema.omit({ CustomerID: true }),
  customer: integrationCustomerSchema,
  person: integrationPersonSchema.optional(),
});
export type IntegrationCreate = z.infer<typeof integrationCreateSchema>;

/** Re-apply: a new application from an earlier one, with these fields changed. */
export const integrationReapplySchema = /* @__PURE__ */ z.object({
  application: patchLoanApplicationFieldsSchema.omit({ Revision: true }).optional(),
});
export type IntegrationReapply = z.infer<typeof integrationReapplySchema>;
