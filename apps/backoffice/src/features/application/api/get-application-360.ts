import {
  assignmentSchema,
  callRecordSchema,
  noteSchema,
  personCheckSchema,
} from '@nordloan/domain/backoffice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// GET /backoffice/applications/{id}: the 360° view (the read is audited by the server). The parts this
// page acts on are parsed with the domain's schemas or named here; the records it only shows (income,
// debts, documents, consents, …) are shown as the server sends them (shared/ui/record-view.tsx), so a
// field the server adds is shown rather than dropped.

const records = z.array(z.unknown());

export const applicantViewSchema = z.looseObject({
  Role: z.string(),
  Person: z
    .looseObject({ ID: z.string(), FirstName: z.string().nullish(), LastName: z.string().nullish() })
    .nullable(),
  Income: z.unknown(),
  Debts: records,
  Expenses: records,
  Children: records,
  Cars: records,
  RealEstate: records,
  PersonChecks: z.array(personCheckSchema).optional(),
});
export type ApplicantView = z.infer<typeof applicantViewSchema>;

/** One offer of a lender (domain LoanQuote; only what the page acts on is named). */
export const quoteSchema = z.looseObject({
  ID: z.string(),
  Status: z.string(),
  Amount: z.number(),
  DurationMonths: z.number().int(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** All of one lender's answers to the application, with the timeline of its registration. */
export const lenderQuotesSchema = z.object({
  Lender: z.object({ ID: z.string(), Name: z.string() }),
  Status: z.number().int().nullable(),
  Reason: z.string().nullable(),
  Quotes: z.array(quoteSchema),
  Timeline: z.array(
    z.object({ At: z.string(), Event: z.string(), Status: z.union([z.string(), z.number()]).nullable() }),
  ),
});
export type LenderQuotes = z.infer<typeof lenderQuotesSchema>;

export const staffActionSchema = z.object({
  Name: z.string(),
  Method: z.string(),
  Path: z.string(),
  Permission: z.string(),
  Allowed: z.boolean(),
});

export const application360Schema = z.object({
  Application: z.looseObject({
    ID: z.string(),
    HumanReadableID: z.string(),
    Status: z.number().int(),
    Product: z.string(),
    Country: z.string(),
    Brand: z.string(),
  }),
  Applicants: z.array(applicantViewSchema),
  Documents: records,
  Quotes: z.array(lenderQuotesSchema),
  Consents: records,
  /** What the applicant chose on the personal page (issue 13 item 7); null without a customer record. */
  ContactPreferences: z
    .object({ Email: z.boolean(), Sms: z.boolean(), NoSalesCalls: z.boolean() })
    .nullable()
    .default(null),
  /** Every call, e-mail and SMS about the application: masked addresses, no bodies. */
  ContactLog: records.default([]),
  TermsAccepted: records,
  Leads: records,
  Calls: z.array(callRecordSchema),
  StatusHistory: records,
  Notes: z.array(noteSchema),
  Assignment: assignmentSchema.nullable(),
  PersonChecks: z.array(personCheckSchema),
  /** The staff actions on this application and whether the caller's role allows each here. */
  Actions: z.array(staffActionSchema).default([]),
});
export type Application360 = z.infer<typeof application360Schema>;

export async function getApplication360(applicationID: string): Promise<Application360> {
  return parseWith(application360Schema)(
    await request('GET', `/backoffice/applications/${segment(applicationID)}`),
  );
}

export const application360Key = (applicationID: string) => ['application-360', applicationID] as const;

export const application360QueryOptions = (applicationID: string) =>
  queryOptions({
    queryKey: application360Key(applicationID),
    queryFn: () => getApplication360(applicationID),
  });

export function useApplication360(applicationID: string) {
  return useQuery(application360QueryOptions(applicationID));
}

/** A person's first and last name as far as they are known ('' when neither is). */
export function fullName(person: ApplicantView['Person'] | undefined): string {
  return [person?.FirstName, person?.LastName].filter(Boolean).join(' ');
}

export function applicantName(view: Application360): string {
  const main = view.Applicants.find((applicant) => applicant.Role === 'MainApplicant') ?? view.Applicants[0];
  return fullName(main?.Person) || 'Applicant';
}

/** Whether the caller may take a staff action here (the server checks again; this only hides buttons). */
export function mayDo(view: Application360, path: string): boolean {
  const action = view.Actions.find((candidate) => candidate.Path.endsWith(path));
  return action ? action.Allowed : true;
}
