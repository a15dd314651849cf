import { z } from 'zod';
import {
  amount,
  backofficeIdSchema,
  backofficeMessages,
  backofficeTimestampSchema,
  isoDateSchema,
  text,
  wholeNumber,
} from './backoffice-fields.ts';
import { countrySchema, insuranceDecisionSchema, insuranceTerminationReasonSchema } from './enums.ts';

// §3 back-office records about what applicants own and insure: real estate (with its link to an
// application) and payment-protection insurance. Bounds and messages: docs/decisions/0013-backoffice-model.md.

const m = backofficeMessages;

// ── Real estate ───────────────────────────────────────────────────────────────────────────────────

// Not shown by §3; OUR CHOICE (ADR 0013). Source: where the data came from. Ownership: the four Nordic
// forms — freehold (selveier/äganderätt), cooperative (borettslag/bostadsrätt/asunto-osakeyhtiö/andel),
// shareholding (aksjeleilighet) and bond (obligasjonsleilighet).
export const realEstateSources = ['ValuationProvider', 'Applicant', 'Agent'] as const;
export const realEstateSourceSchema = /* @__PURE__ */ z.enum(realEstateSources);
export type RealEstateSource = z.infer<typeof realEstateSourceSchema>;

export const realEstateOwnershipTypes = ['Freehold', 'Cooperative', 'Shareholding', 'Bond'] as const;
export const realEstateOwnershipTypeSchema = /* @__PURE__ */ z.enum(realEstateOwnershipTypes);
export type RealEstateOwnershipType = z.infer<typeof realEstateOwnershipTypeSchema>;

/** Largest property value accepted, in whole currency units (a guard against typos, not a policy). */
export const maxRealEstateValue = 1_000_000_000;

const cadastreNumber = /* @__PURE__ */ z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, { error: 'Must be 1–5 digits' })
  .nullable();

// §3 Real estate: every field it lists. Cadastre letters are the Norwegian matrikkel's (K kommunenr,
// G gårdsnr, B bruksnr, F festenr, S seksjonsnr).
export const realEstateSchema = /* @__PURE__ */ z.object({
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
export const realEstateLinkSchema = /* @__PURE__ */ z.object({
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
export const partnerInsurerSchema = /* @__PURE__ */ z.enum(partnerInsurers);
export type PartnerInsurer = z.infer<typeof partnerInsurerSchema>;

/** Monthly benefit and premium bounds in whole currency units (covers EUR through NOK/SEK/DKK). */
export const maxInsuredMonthlyAmount = 200_000;
export const maxMonthlyPremium = 50_000;

export const insuranceRequestSchema = /* @__PURE__ */ z
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

export const insurancePolicySchema = /* @__PURE__ */ z
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
