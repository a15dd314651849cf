import { z } from 'zod';
import { staffPermissionSchema } from './access.ts';
import { assignmentSchema, callRecordSchema, noteSchema, personCheckSchema } from './backoffice.ts';
import { realEstateSchema } from './backoffice-assets.ts';
import { caseSummarySchema } from './backoffice-case-summary.ts';
import { contactLogEntrySchema } from './contact-log.ts';
import { documentSchema } from './document.ts';
import { applicantRoleSchema } from './enums.ts';
import { leadSchema } from './lead.ts';
import { lenderSummarySchema, loanQuoteSchema } from './lending/loan-quote.schema.ts';
import {
  applicantSchema,
  carSchema,
  childSchema,
  debtSchema,
  expenseSchema,
  loanApplicationSchema,
} from './loan-application.ts';
import { personSchema } from './person.ts';
import { lendingRulesResultSchema } from './pre-check.ts';

// GET /backoffice/applications/{id}: the 360° view of one application for staff (issue 9) — everything a
// case handler needs on one page. One contract (docs/decisions/0018): the API writes the view through this
// schema (so a field it does not name is dropped, and the view is in /openapi.json), and the back office
// parses it with the same. Each part is the domain's schema of the record the API's own call for it
// answers (GET /loan-application/{id}, /person/{id}, /loan-application/{id}/debt, …), so the view cannot
// show a record otherwise than that call does. National ids stay masked (docs/decisions/0014).

/** One applicant: the person, their answers and sub-records, what they own and their PEP checks. */
export const applicant360Schema = /* @__PURE__ */ z.object({
  Role: applicantRoleSchema,
  Person: personSchema.nullable(),
  /** The applicant's own answers on the application (income, housing, employment, …). */
  Income: applicantSchema.nullable(),
  Debts: z.array(debtSchema),
  Expenses: z.array(expenseSchema),
  Children: z.array(childSchema),
  Cars: z.array(carSchema),
  RealEstate: z.array(realEstateSchema),
  PersonChecks: z.array(personCheckSchema),
});
export type Applicant360 = z.infer<typeof applicant360Schema>;

export const quoteTimelineEntrySchema = /* @__PURE__ */ z.object({
  At: z.string(),
  /** loan-request-created, registered, decided, or the name of a loan-quote event of the outbox. */
  Event: z.string(),
  /** A §4 finer status code, or the quote status an event carried. */
  Status: z.union([z.string(), z.number()]).nullable(),
});
export type QuoteTimelineEntry = z.infer<typeof quoteTimelineEntrySchema>;

/** All of one lender's answers to the application, with the timeline of its registration. */
export const lenderQuotesSchema = /* @__PURE__ */ z.object({
  Lender: lenderSummarySchema,
  /** The lender's registration status (§4 finer statuses 211…), null before the panel was asked. */
  Status: z.number().nullable(),
  Reason: z.string().nullable(),
  Quotes: z.array(loanQuoteSchema),
  Timeline: z.array(quoteTimelineEntrySchema),
});
export type LenderQuotes = z.infer<typeof lenderQuotesSchema>;

/** A staff action on the application and whether the caller's roles allow it in its country. */
export const staffActionSchema = /* @__PURE__ */ z.object({
  Name: z.string(),
  Method: z.literal('POST'),
  /** The route, with `{quoteId}`-style placeholders where the action needs another record. */
  Path: z.string(),
  Permission: staffPermissionSchema,
  Allowed: z.boolean(),
});
export type StaffAction = z.infer<typeof staffActionSchema>;

export const application360Schema = /* @__PURE__ */ z.object({
  Application: loanApplicationSchema,
  Applicants: z.array(applicant360Schema),
  Documents: z.array(documentSchema),
  Quotes: z.array(lenderQuotesSchema),
  /** The customer's current consents (every consent brand). */
  Consents: z.array(
    z.object({
      Brand: z.string(),
      Purpose: z.string(),
      Channel: z.string(),
      Status: z.string(),
      At: z.string(),
    }),
  ),
  /**
   * Issue 13 item 7 (ADR 0037): what the applicant chose on the personal page, read from the marketing
   * consents; null without a customer record. NoSalesCalls keeps sales orders off the call list.
   */
  ContactPreferences: z
    .object({ Email: z.boolean(), Sms: z.boolean(), NoSalesCalls: z.boolean() })
    .nullable(),
  /** Every call, e-mail and SMS about the application (masked addresses, no bodies). */
  ContactLog: z.array(contactLogEntrySchema),
  TermsAccepted: z.array(
    z.object({ Type: z.string(), Version: z.string(), Brand: z.string(), AcceptedAt: z.string() }),
  ),
  Leads: z.array(leadSchema),
  Calls: z.array(callRecordSchema),
  StatusHistory: z.array(
    z.object({ From: z.number(), To: z.number(), At: z.string(), Actor: z.string(), Reason: z.string() }),
  ),
  Notes: z.array(noteSchema),
  Assignment: assignmentSchema.nullable(),
  /** Every applicant's PEP/sanctions checks together. */
  PersonChecks: z.array(personCheckSchema),
  /**
   * Norway: utlånsforskriften's debt ceiling and stress test on the application as filed (ADR 0036), so
   * the case handler sees the flag the pre-check showed the applicant; null elsewhere or while incomplete.
   */
  LendingRules: lendingRulesResultSchema.nullable(),
  Actions: z.array(staffActionSchema),
  /** The case at a glance (issue 38): built from the parts above by the domain's caseSummaryOf. */
  Summary: caseSummarySchema,
});
export type Application360 = z.infer<typeof application360Schema>;
