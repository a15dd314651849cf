import { z } from 'zod';
import { countrySchema } from './enums.ts';

// Request and response shapes of the §7 customer calls (PascalCase: the API contract), used by the API and
// the web alike (docs/decisions/0018).

export const emailSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('Not a valid e-mail address'))
  .transform((value) => value.toLowerCase());

/** International or national phone number; spaces, dashes and brackets are how people type them. */
export const phoneSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s\-()]/g, ''))
  .pipe(z.string().regex(/^\+?\d{6,15}$/, 'Not a valid phone number'));

export const customerSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  PersonID: z.string().nullable(),
  ClientID: z.string().nullable(),
  Email: z.string().nullable(),
  EmailVerified: z.boolean(),
  Phone: z.string().nullable(),
  Brand: z.string(),
  Country: countrySchema,
  AcceptedTermsVersion: z.string().nullable(),
  AcceptedTermsAt: z.string().nullable(),
  AcceptedTermsBrand: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** POST /customer?accepted_terms: what an anonymous applicant may say about themselves. */
export const signUpBodySchema = /* @__PURE__ */ z.strictObject({
  /** The brand signed up on; the request host's brand when absent. */
  Brand: z.string().min(1).optional(),
  Email: emailSchema.optional(),
  Phone: phoneSchema.optional(),
  /** The terms version label shown (GET /api/cms/terms-and-conditions); the current one when absent. */
  TermsVersion: z.string().min(1).max(200).optional(),
});
export type SignUpInput = z.infer<typeof signUpBodySchema>;

export const signUpResponseSchema = /* @__PURE__ */ customerSchema.extend({
  /** A customer-scoped token for the new record only (role Customer, no PersonID). */
  JWT: z.string(),
  CustomerID: z.string(),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

export const patchCustomerBodySchema = /* @__PURE__ */ z.strictObject({
  Email: emailSchema.nullable().optional(),
  Phone: phoneSchema.nullable().optional(),
  /** A newer terms version accepted (its label names the brand it was accepted on). */
  AcceptedTermsVersion: z.string().min(1).max(200).optional(),
});
export type PatchCustomerInput = z.infer<typeof patchCustomerBodySchema>;
