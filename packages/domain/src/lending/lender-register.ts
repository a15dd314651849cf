import { z } from 'zod';
import { type Country, countrySchema, type Product, productSchema } from '../enums.ts';
import { type LenderProfile, lenderProfile } from './lender-panel.ts';

// Lenders as data (issue 33 item 4, docs/decisions/0067): what the back office shows of a lender and what a
// country's Manager sends to add or edit one. The signing secret goes in and never comes out: the view says
// only whether there is one and since when. The credit policy is the sandbox's (the in-process simulation
// and the sandbox lender decide with it); a real lender decides with its own and ignores it.

export const lenderChannels = ['simulated', 'api', 'portal'] as const;
export const lenderChannelSchema = /* @__PURE__ */ z.enum(lenderChannels);
export type LenderChannel = z.infer<typeof lenderChannelSchema>;

const percentSchema = /* @__PURE__ */ z.number().min(0).max(10);
const rangeSchema = /* @__PURE__ */ z
  .object({ Min: z.number().int().nonnegative(), Max: z.number().int().positive() })
  .refine((range) => range.Min <= range.Max, { message: 'Min must not be above Max' });

/** Per product, the commission in percent of the amount paid out where it differs from the default. */
export const commissionTableSchema = /* @__PURE__ */ z.partialRecord(productSchema, percentSchema);

/** The credit policy the sandbox decides with: limits and appetite, no pricing internals. */
export const lenderPolicySchema = /* @__PURE__ */ z.object({
  Amount: rangeSchema,
  DurationMonths: rangeSchema,
  MinGrossYearlyIncome: z.number().int().nonnegative(),
  MinAge: z.number().int().min(18).max(100),
  MaxAge: z.number().int().min(18).max(100),
  AcceptsPaymentRemarks: z.boolean(),
  MaxDebtToIncome: z.number().positive().max(20),
  MaxDebtServiceRatio: z.number().positive().max(1),
  OfferValidityDays: z.number().int().min(1).max(90),
});
export type LenderPolicy = z.infer<typeof lenderPolicySchema>;

export const lenderViewSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  Name: z.string(),
  Country: countrySchema,
  OrganisationNumber: z.string(),
  Products: z.array(productSchema),
  Channel: lenderChannelSchema,
  EndpointUrl: z.string().nullable(),
  TimeoutMs: z.number().int(),
  /** Whether a signing secret is stored; the secret itself is never shown again after saving. */
  HasSecret: z.boolean(),
  SecretSetAt: z.iso.datetime({ offset: true }).nullable(),
  CommissionPercent: z.number(),
  CommissionTable: commissionTableSchema,
  Policy: lenderPolicySchema,
  Paused: z.boolean(),
  /** Still on the panel: false for a lender the code list dropped (kept for its past requests). */
  Active: z.boolean(),
  /** 'code': seeded from the code list and not edited since; 'staff': added or edited in the back office. */
  Origin: z.enum(['code', 'staff']),
  UpdatedAt: z.iso.datetime({ offset: true }),
});
export type LenderView = z.infer<typeof lenderViewSchema>;

const lenderIdSchema = /* @__PURE__ */ z
  .string()
  .regex(/^[a-z]{2}-[a-z0-9-]{2,40}$/, 'A lender id is the country code, a dash and lower-case letters');
const secretSchema = /* @__PURE__ */ z
  .string()
  .min(32, 'A signing secret has at least 32 characters')
  .max(200);
const endpointSchema = /* @__PURE__ */ z.url({ protocol: /^https?$/ }).max(500);

const lenderFieldsSchema = /* @__PURE__ */ z.object({
  Name: z.string().trim().min(1).max(120),
  OrganisationNumber: z.string().trim().min(4).max(20),
  Products: z.array(productSchema).min(1),
  Channel: z.enum(['api', 'portal']),
  EndpointUrl: endpointSchema.nullable().optional(),
  TimeoutMs: z.number().int().min(100).max(15_000).optional(),
  Secret: secretSchema.optional(),
  CommissionPercent: percentSchema,
  CommissionTable: commissionTableSchema.optional(),
  Policy: lenderPolicySchema.partial().optional(),
});

export const createLenderBodySchema = /* @__PURE__ */ lenderFieldsSchema
  .extend({ ID: lenderIdSchema, Country: countrySchema })
  .strict()
  .superRefine((body, context) => {
    if (!body.ID.startsWith(`${body.Country.toLowerCase()}-`))
      context.addIssue({ code: 'custom', path: ['ID'], message: "The id starts with the country's code" });
    if (body.Channel === 'api' && !body.EndpointUrl)
      context.addIssue({
        code: 'custom',
        path: ['EndpointUrl'],
        message: 'A lender with an API has an endpoint',
      });
    if (body.Channel === 'api' && !body.Secret)
      context.addIssue({
        code: 'custom',
        path: ['Secret'],
        message: 'A lender with an API has a signing secret',
      });
  });
export type CreateLenderBody = z.infer<typeof createLenderBodySchema>;

/** An edit: what is sent changes, the rest stays; a Secret replaces the stored one. */
export const updateLenderBodySchema = /* @__PURE__ */ lenderFieldsSchema
  .extend({ Channel: z.enum(['simulated', 'api', 'portal']) })
  .partial()
  .strict();
export type UpdateLenderBody = z.infer<typeof updateLenderBodySchema>;

export const pauseLenderBodySchema = /* @__PURE__ */ z
  .object({ Reason: z.string().trim().min(3).max(500) })
  .strict();

/** The policy fields of a full profile, as the back office shows them. */
export function policyOf(profile: LenderProfile): LenderPolicy {
  return {
    Amount: { Min: profile.amount.min, Max: profile.amount.max },
    DurationMonths: { Min: profile.durationMonths.min, Max: profile.durationMonths.max },
    MinGrossYearlyIncome: profile.minGrossYearlyIncome,
    MinAge: profile.minAge,
    MaxAge: profile.maxAge,
    AcceptsPaymentRemarks: profile.acceptsPaymentRemarks,
    MaxDebtToIncome: profile.maxDebtToIncome,
    MaxDebtServiceRatio: profile.maxDebtServiceRatio,
    OfferValidityDays: profile.offerValidityDays,
  };
}

/** The profile with the policy fields given changed (the rest of the profile as it was). */
export function withPolicy(profile: LenderProfile, policy: Partial<LenderPolicy> | undefined): LenderProfile {
  if (!policy) return profile;
  const current = policyOf(profile);
  const next = { ...current, ...policy };
  return {
    ...profile,
    amount: { min: next.Amount.Min, max: next.Amount.Max },
    durationMonths: { min: next.DurationMonths.Min, max: next.DurationMonths.Max },
    minGrossYearlyIncome: next.MinGrossYearlyIncome,
    minAge: next.MinAge,
    maxAge: Math.max(next.MaxAge, next.MinAge),
    acceptsPaymentRemarks: next.AcceptsPaymentRemarks,
    maxDebtToIncome: country(profile) === 'NO' ? Math.min(next.MaxDebtToIncome, 5) : next.MaxDebtToIncome,
    maxDebtServiceRatio: next.MaxDebtServiceRatio,
    offerValidityDays: next.OfferValidityDays,
  };
}

const country = (profile: LenderProfile): Country => profile.country;

/**
 * The full profile of a lender a Manager adds: a mid-market policy (no remarks, 45 % debt service,
 * Norway's legal 5 × income) unless the body says otherwise, no simulated failures or delays: a real
 * lender's own API or its people answer.
 */
export function newLenderProfile(input: {
  id: string;
  name: string;
  country: Country;
  organisationNumber: string;
  products: Product[];
  policy?: Partial<LenderPolicy> | undefined;
}): LenderProfile {
  const base = lenderProfile({
    id: input.id,
    name: input.name,
    country: input.country,
    organisationNumber: input.organisationNumber,
    products: input.products,
    amount: { min: 10_000, max: 500_000 },
    durationMonths: { min: 12, max: 180 },
    minGrossYearlyIncome: 200_000,
    minAge: 20,
    maxAge: 75,
    acceptsPaymentRemarks: false,
    maxDebtToIncome: 5,
    maxDebtServiceRatio: 0.45,
    coApplicantRequiredAbove: null,
    pricing: { floor: 0.2, riskSlope: 0.6, noise: 0.04, maxRiskScore: 0.75 },
    fees: { startup: { fixed: 0 }, monthly: 0, feeHandling: 'financed' },
    offerValidityDays: 30,
    counterOffer: 'lower-amount',
    delayMs: { registration: 0, decision: 0 },
    failureRate: 0,
  });
  return withPolicy(base, input.policy);
}

// ── The lender portal's users (issue 33 item 6, docs/decisions/0068) ──

/** A person of a lender who works in our lender portal (an agent with the Lender role, tied to the lender). */
export const lenderUserSchema = /* @__PURE__ */ z.object({
  ID: z.uuid(),
  Name: z.string(),
  Email: z.string().nullable(),
  Disabled: z.boolean(),
});
export type LenderUser = z.infer<typeof lenderUserSchema>;

export const addLenderUserBodySchema = /* @__PURE__ */ z
  .object({ Name: z.string().trim().min(2).max(120), Email: z.email().max(254) })
  .strict();
export type AddLenderUserBody = z.infer<typeof addLenderUserBodySchema>;
