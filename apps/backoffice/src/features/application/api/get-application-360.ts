import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { assignmentAnswerSchema } from '#src/shared/api/assignments.ts';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// GET /backoffice/applications/{id}: the 360° view (the read is audited by the server). Only the fields
// this page acts on are named; the rest is shown as the server sends it (shared/ui/data-view.tsx).

const records = z
  .array(z.unknown())
  .nullish()
  .transform((value) => value ?? []);

export const applicantViewSchema = z.looseObject({
  Role: z.string().nullish(),
  Person: z
    .looseObject({
      ID: z.string().optional(),
      FirstName: z.string().nullish(),
      LastName: z.string().nullish(),
    })
    .nullish(),
  Income: z.unknown().optional(),
  Debts: records,
  Expenses: z.unknown().optional(),
  Children: records,
  Cars: records,
  RealEstate: records,
});
export type ApplicantView = z.infer<typeof applicantViewSchema>;

export const quoteViewSchema = z.looseObject({
  ID: z.string().optional(),
  Lender: z
    .union([z.string(), z.looseObject({ ID: z.string().optional(), Name: z.string().optional() })])
    .nullish(),
  Status: z.string().nullish(),
  Amount: z.number().nullish(),
  DurationMonths: z.number().nullish(),
  Timeline: records,
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

export const application360Schema = z.looseObject({
  Application: z.looseObject({
    ID: z.string(),
    HumanReadableID: z.union([z.string(), z.number()]).nullish(),
    Status: z.number().int(),
    Product: z.string().nullish(),
    Country: z.string().nullish(),
    MarketCountry: z.string().nullish(),
    Brand: z.string().nullish(),
    Revision: z.number().int().nullish(),
  }),
  Applicants: z
    .array(applicantViewSchema)
    .nullish()
    .transform((value) => value ?? []),
  Documents: records,
  Quotes: z
    .array(quoteViewSchema)
    .nullish()
    .transform((value) => value ?? []),
  Consents: records,
  TermsAccepted: z.unknown().optional(),
  Leads: records,
  Calls: records,
  StatusHistory: records,
  Notes: records,
  Assignment: assignmentAnswerSchema.nullish(),
  PersonChecks: records,
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

export function applicantName(view: Application360): string {
  const main = view.Applicants.find((applicant) => applicant.Role !== 'CoApplicant') ?? view.Applicants[0];
  const name = [main?.Person?.FirstName, main?.Person?.LastName].filter(Boolean).join(' ');
  return name || 'Applicant';
}
