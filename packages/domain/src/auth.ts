import { z } from 'zod';
import { countries } from './enums.ts';

// §3 staff and customer-facing role names. `Name` may also be any other string (§3 "a known role or any string").
export const knownRoleNames = [
  'Lender',
  'Affiliate',
  'Partner',
  'Service',
  'Customer',
  'CustomerVerifiedEmail',
  'Person',
  'Developer',
  'InsuranceBroker',
  'LegacyPlatform',
  'Sales',
  'SecuredSales',
  'Telemarketing',
  'Subscriber',
  'DeadLetterQueue',
  'Super',
  'Manager',
  'BusinessManager',
  'TelemarketingLimited',
] as const;
export const knownRoleNameSchema = /* @__PURE__ */ z.enum(knownRoleNames);
export type KnownRoleName = z.infer<typeof knownRoleNameSchema>;

// §3 Role: Name (a known role or any string), optional Country.
export const tokenRoleSchema = /* @__PURE__ */ z.object({
  Name: z.string().min(1),
  Country: z.enum(countries).optional(),
});
export type TokenRole = z.infer<typeof tokenRoleSchema>;

// §3 sign-in token payload; §5: Roles, iss, exp, iat and jti are required.
export const tokenPayloadSchema = /* @__PURE__ */ z.object({
  CustomerID: z.string().optional(),
  PersonID: z.string().optional(),
  Roles: z.array(tokenRoleSchema),
  iss: z.string(),
  exp: z.number(),
  iat: z.number(),
  jti: z.string(),
  Email: z.string().optional(),
  ClientID: z.string().optional(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;

// §3 current-user response (GET /auth/me and the identity check).
export const currentUserSchema = /* @__PURE__ */ z.object({
  CustomerID: z.string().nullable(),
  PersonID: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// §3 magic-token response.
export const magicTokenExchangeSchema = /* @__PURE__ */ z.object({
  JWT: z.string(),
  CustomerID: z.string().nullable(),
  PersonID: z.string().nullable(),
});
export type MagicTokenExchange = z.infer<typeof magicTokenExchangeSchema>;

/** Roles that make a token a staff token (everything but the applicant-side roles). */
export const applicantRoleNames: readonly string[] = ['Customer', 'CustomerVerifiedEmail', 'Person'];

export function hasRole(roles: readonly TokenRole[], name: KnownRoleName): boolean {
  return roles.some((role) => role.Name === name);
}
