import { inquirySchema } from '@nordloan/domain/debt-register';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// The application's debt-register inquiries (ADR 0079) as staff read them: GET
// /loan-application/{id}/debt-register — staff with application.read in the application's country see each
// applicant's inquiry (the consent and the debts as the register reported them), and the server audits
// every such read as `debtRegister.read`, as it does bank data's (`bankData.read`). Read only when the
// Finances tab is open and the country has a register, so no read is made (nor audited) for nothing.
// The schema is the API's wire format, shared with it (@nordloan/domain/debt-register).

export const debtRegisterInquirySchema = inquirySchema;
export type DebtRegisterInquiry = z.infer<typeof debtRegisterInquirySchema>;
const debtRegisterViewSchema = z.object({
  Register: z.string().nullable(),
  Inquiries: z.array(debtRegisterInquirySchema),
});

/** The countries with a register an applicant can consent to (Sweden and Denmark have none). */
export const debtRegisterCountries: readonly string[] = ['NO', 'FI'];

export async function getDebtRegister(applicationID: string) {
  return parseWith(debtRegisterViewSchema)(
    await request('GET', `/loan-application/${segment(applicationID)}/debt-register`),
  );
}

export function useDebtRegister(applicationID: string, country: string) {
  return useQuery(
    queryOptions({
      queryKey: ['debt-register', applicationID] as const,
      queryFn: () => getDebtRegister(applicationID),
      enabled: debtRegisterCountries.includes(country),
      // A read is an audit entry: not again on every focus of the window.
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      retry: false,
    }),
  );
}
