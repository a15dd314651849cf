import { z } from 'zod';
import { derivedBankFiguresSchema } from './bank-data/income-derivation.ts';
import { countrySchema, localeSchema } from './enums.ts';
import { rateWatchCheckSchema } from './lending/rate-watch.ts';

// Issue 36 item 3 (docs/decisions/0069): "My data". A person's copy of everything we hold about them
// (GDPR art. 15 and 20) and their request for erasure (art. 17), with what the law obliges us to keep
// (art. 17(3)(b) and (e)) listed with its law and the day it goes. Shared by the API, the personal page
// and the back office's erasure queue.

const nullableString = /* @__PURE__ */ z.string().nullable();

/** The person's own applicant part of an application: never the other applicant's. */
export const exportedApplicantSchema = /* @__PURE__ */ z.object({
  MaritalStatus: nullableString,
  Education: nullableString,
  LivingSituation: nullableString,
  HousingType: nullableString,
  HousingCostMonthly: z.number().nullable(),
  ChildrenCount: z.number().nullable(),
  EmploymentType: nullableString,
  EmployerName: nullableString,
  EmploymentStart: nullableString,
  JobTitle: nullableString,
  GrossYearlyIncome: z.number().nullable(),
  NetMonthlyIncome: z.number().nullable(),
  OtherIncomeMonthly: z.number().nullable(),
  MainBank: nullableString,
  IsPoliticallyExposed: z.boolean().nullable(),
});

export const exportedApplicationSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  HumanReadableID: z.string(),
  Product: z.string(),
  Brand: z.string(),
  Country: z.string(),
  Status: z.number(),
  /** The person's part in it. */
  Role: z.enum(['MainApplicant', 'CoApplicant']),
  Amount: z.number().nullable(),
  Duration: z.number().nullable(),
  LoanPurpose: nullableString,
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  Applicant: exportedApplicantSchema.nullable(),
});
export type ExportedApplication = z.infer<typeof exportedApplicationSchema>;

export const personDataExportSchema = /* @__PURE__ */ z.object({
  GeneratedAt: z.string(),
  Person: z.object({
    ID: z.string(),
    Country: z.string(),
    /** Masked as everywhere we show it to its owner: the file travels, and the number is theirs already. */
    NationalID: z.string(),
    BirthDate: nullableString,
    FirstName: nullableString,
    LastName: nullableString,
    Email: nullableString,
    Phone: nullableString,
    StreetAddress: nullableString,
    PostalCode: nullableString,
    City: nullableString,
    Citizenship: nullableString,
    IsPoliticallyExposed: z.boolean().nullable(),
    CreatedAt: z.string(),
  }),
  Customers: z.array(
    z.object({
      ID: z.string(),
      Brand: z.string(),
      Country: z.string(),
      Email: nullableString,
      Phone: nullableString,
      AcceptedTermsVersion: nullableString,
      AcceptedTermsAt: nullableString,
      CreatedAt: z.string(),
    }),
  ),
  Applications: z.array(exportedApplicationSchema),
  /** Every consent record (given, not given, revoked), oldest first: the history, not only the state. */
  Consents: z.array(
    z.object({
      CustomerID: z.string(),
      Brand: z.string(),
      ConsentBrand: z.string(),
      Purpose: z.string(),
      Channel: z.string(),
      Status: z.string(),
      TextVersion: z.string(),
      Source: z.string(),
      At: z.string(),
    }),
  ),
  TermsAcceptances: z.array(
    z.object({ TcType: z.string(), VersionLabel: z.string(), Brand: z.string(), AcceptedAt: z.string() }),
  ),
  /** The documents the person uploaded as their part; the content is a download behind their token. */
  Documents: z.array(
    z.object({
      ID: z.string(),
      LoanApplicationID: z.string(),
      Filename: z.string(),
      Category: z.string(),
      ContentType: z.string(),
      SizeBytes: z.number(),
      UploadedAt: z.string(),
      DownloadPath: z.string(),
    }),
  ),
  /** Messages we sent them: when, what kind, by which channel, to which (masked) address; never a body. */
  Messages: z.array(
    z.object({
      LoanApplicationID: nullableString,
      Kind: z.string(),
      Channel: z.string(),
      MaskedAddress: z.string(),
      Status: z.string(),
      CreatedAt: z.string(),
      SentAt: nullableString,
    }),
  ),
  /** Calls we made to them about their applications (the contact log). */
  Calls: z.array(
    z.object({
      LoanApplicationID: z.string(),
      MaskedAddress: z.string(),
      Answered: z.boolean(),
      At: z.string(),
      EndedAt: nullableString,
    }),
  ),
  CreditInquiries: z.array(
    z.object({
      LoanApplicationID: z.string(),
      LenderID: z.string(),
      CheckedAt: z.string(),
      ConsentGivenAt: nullableString,
    }),
  ),
  /** Staff reads of their data (the audit log): when, what, in which market; no agent's name. */
  StaffReads: z.array(
    z.object({
      At: z.string(),
      Action: z.string(),
      LoanApplicationID: nullableString,
      Country: nullableString,
    }),
  ),
  /** Their insurance requests, each with its policy and the mandates they signed (ADR 0026). */
  Insurance: z.array(
    z.object({
      RequestID: z.string(),
      LoanApplicationID: nullableString,
      Brand: z.string(),
      Country: z.string(),
      Insurer: z.string(),
      InsuredMonthlyAmount: z.number(),
      MonthlyPremium: z.number(),
      Decision: z.string(),
      DecidedAt: nullableString,
      CreatedAt: z.string(),
      Policy: z
        .object({
          PolicyNumber: z.string(),
          StartsOn: z.string(),
          TerminatedAt: nullableString,
          TerminationReason: nullableString,
        })
        .nullable(),
      /** The e-ID signature of the insurance mandate and the premium's payment mandate. */
      Mandates: z.array(
        z.object({
          Kind: z.string(),
          Status: z.string(),
          /** The last four digits of the account or card the premium is paid from (payment mandates). */
          PayerLast4: nullableString,
          At: nullableString,
          CreatedAt: z.string(),
        }),
      ),
    }),
  ),
  /**
   * The bank consent and the figures derived from it (ADR 0076), of the applications where they are the
   * main applicant (the one who connects their bank); the transactions themselves are never kept.
   */
  BankData: z.array(
    z.object({
      LoanApplicationID: z.string(),
      State: z.string(),
      ConsentScope: nullableString,
      ConsentGrantedAt: nullableString,
      ConsentExpiresAt: nullableString,
      Figures: derivedBankFiguresSchema.nullable(),
      Corrected: z
        .object({
          NetMonthlyIncome: z.number().nullable(),
          HousingCostMonthly: z.number().nullable(),
          LoanPaymentsMonthly: z.number().nullable(),
        })
        .nullable(),
      UpdatedAt: z.string(),
    }),
  ),
  /**
   * Their own debt-register inquiries (ADR 0079): when, which register, the consent they gave, and the
   * debts it returned as found. Of a shared application only the person's own part (an inquiry is about
   * one person); the register's account numbers are never kept, so none is here.
   */
  DebtRegisterInquiries: z.array(
    z.object({
      LoanApplicationID: z.string(),
      Role: z.enum(['MainApplicant', 'CoApplicant']),
      Register: z.string(),
      State: z.string(),
      Failure: nullableString,
      ConsentGivenAt: z.string(),
      ConsentScope: z.string(),
      ConsentPurpose: z.string(),
      /** The register's own reference of the inquiry (to quote to the register). */
      RegisterReference: nullableString,
      FetchedAt: z.string(),
      Found: z.array(
        z.object({
          DebtType: z.string(),
          Creditor: z.string(),
          Balance: z.number(),
          CreditLimit: z.number().nullable(),
          MonthlyPayment: z.number().nullable(),
          InterestRate: z.number().nullable(),
          RemainingTermMonths: z.number().nullable(),
        }),
      ),
    }),
  ),
  /** The rate watches of their loans (ADR 0081), every look with its basis. */
  RateWatches: z.array(
    z.object({
      LoanApplicationID: z.string(),
      State: z.string(),
      IntervalMonths: z.number(),
      ThresholdAmount: z.number(),
      Currency: z.string(),
      Channel: z.string(),
      StartedAt: z.string(),
      ExpiresAt: z.string(),
      StoppedAt: nullableString,
      StopReason: nullableString,
      Checks: z.array(rateWatchCheckSchema),
    }),
  ),
});
export type PersonDataExport = z.infer<typeof personDataExportSchema>;

export const dataExportQuerySchema = /* @__PURE__ */ z.object({ Locale: localeSchema.optional() });

// ── erasure ───────────────────────────────────────────────────────────────────────────────────────

export const erasureCategories = [
  'person',
  'contact-details',
  'applications',
  'documents',
  'messages',
  'marketing-consents',
  'consent-history',
  'credit-inquiries',
  'bookkeeping',
  'audit-log',
] as const;
export const erasureCategorySchema = /* @__PURE__ */ z.enum(erasureCategories);
export type ErasureCategory = z.infer<typeof erasureCategorySchema>;

/** Why something is kept: anti-money-laundering records, bookkeeping, proof of consent and of our reads. */
export const keptReasons = ['anti-money-laundering', 'bookkeeping', 'accountability'] as const;

export const keptRecordSchema = /* @__PURE__ */ z.object({
  Category: erasureCategorySchema,
  Reason: z.enum(keptReasons),
  Country: countrySchema,
  /** The provision, as the country's law names it (e.g. 'penningtvättslagen (2017:630) 5 kap. 3 §'). */
  Law: z.string(),
  LoanApplicationID: nullableString,
  HumanReadableID: nullableString,
  Count: z.number().int(),
  /** The day it goes (YYYY-MM-DD); null while an application it belongs to is still running. */
  Until: nullableString,
});
export type KeptRecord = z.infer<typeof keptRecordSchema>;

export const erasedRecordSchema = /* @__PURE__ */ z.object({
  Category: erasureCategorySchema,
  Count: z.number().int(),
});

export const erasureStatuses = ['open', 'closed'] as const;

export const erasureRequestSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  PersonID: z.string(),
  Country: countrySchema,
  Status: z.enum(erasureStatuses),
  RequestedAt: z.string(),
  /** When the person record itself was anonymised at once; null when the law keeps it. */
  PersonErasedAt: nullableString,
  Erased: z.array(erasedRecordSchema),
  Kept: z.array(keptRecordSchema),
  ClosedAt: nullableString,
  Note: nullableString,
});
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

export const latestErasureRequestSchema = /* @__PURE__ */ z.object({
  ErasureRequest: erasureRequestSchema.nullable(),
});

export const erasureRequestListSchema = /* @__PURE__ */ z.object({
  Items: z.array(erasureRequestSchema),
  Total: z.number().int(),
});

export const closeErasureRequestSchema = /* @__PURE__ */ z.object({
  Note: z.string().trim().max(2000).optional(),
});
