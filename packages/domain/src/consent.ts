import { z } from 'zod';
import { consentChannelSchema, consentPurposeSchema, consentStatusSchema, countrySchema } from './enums.ts';

// §7 consent calls. Statuses given, not_given, revoked; channels email, sms, phone; purposes marketing,
// transactional (§3 Enumerations). PascalCase: the API contract, shared by API and web (docs/decisions/0018).

/** The consent configurations the content store keeps: the master consent and the quote-accept consent. */
export const consentConfigTypes = ['master', 'loan-quote-accept'] as const;
export const consentConfigTypeSchema = /* @__PURE__ */ z.enum(consentConfigTypes);
export type ConsentConfigType = z.infer<typeof consentConfigTypeSchema>;

const customerIdSchema = /* @__PURE__ */ z.uuid('Not a customer id');

export const consentSnapshotQuerySchema = /* @__PURE__ */ z.object({
  country: countrySchema.optional(),
  brand: z.string().min(1).optional(),
  customerID: customerIdSchema.optional(),
  configType: consentConfigTypeSchema.default('master'),
});

export const consentSnapshotSchema = /* @__PURE__ */ z.object({
  Country: countrySchema,
  Brand: z.string(),
  ConsentBrand: z.string(),
  ConfigType: consentConfigTypeSchema,
  Controller: z.string(),
  Version: z.string(),
  PublishedOn: z.string(),
  Settings: z.object({
    Purposes: z.array(consentPurposeSchema),
    Channels: z.array(consentChannelSchema),
    DefaultStatus: consentStatusSchema,
    Required: z.boolean(),
  }),
  Texts: z.array(
    z.object({ Purpose: consentPurposeSchema, Channel: consentChannelSchema, Text: z.string() }),
  ),
});
export type ConsentSnapshot = z.infer<typeof consentSnapshotSchema>;

/** §6: consent queries for a user need a token and a customer id. */
export const customerConsentQuerySchema = /* @__PURE__ */ z.object({
  customerID: customerIdSchema,
  brand: z.string().min(1).optional(),
  country: countrySchema.optional(),
});

export const consentItemsQuerySchema = /* @__PURE__ */ customerConsentQuerySchema.extend({
  purpose: consentPurposeSchema.optional(),
  channel: consentChannelSchema.optional(),
});

export const consentStateSchema = /* @__PURE__ */ z.object({
  CustomerID: z.string(),
  Country: countrySchema,
  ConsentBrand: z.string(),
  Consents: z.array(
    z.object({
      Purpose: consentPurposeSchema,
      Channel: consentChannelSchema,
      Status: consentStatusSchema,
      TextVersion: z.string().nullable(),
      UpdatedAt: z.string().nullable(),
    }),
  ),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

export const consentItemSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  Purpose: consentPurposeSchema,
  Channel: consentChannelSchema,
  Status: consentStatusSchema,
  TextVersion: z.string(),
  Brand: z.string(),
  ConsentBrand: z.string(),
  Source: z.string(),
  ChangedBy: z.string(),
  CreatedAt: z.string(),
});
export type ConsentItem = z.infer<typeof consentItemSchema>;
export const consentItemsSchema = /* @__PURE__ */ z.object({
  CustomerID: z.string(),
  ConsentBrand: z.string(),
  Items: z.array(consentItemSchema),
});
export type ConsentItems = z.infer<typeof consentItemsSchema>;

const consentChangeSchema = /* @__PURE__ */ z.strictObject({
  Purpose: consentPurposeSchema,
  Channel: consentChannelSchema,
  Status: consentStatusSchema,
});

/** POST /consent/v1/consent: the master consent, one status for a purpose over its channels. */
export const masterConsentBodySchema = /* @__PURE__ */ z.strictObject({
  CustomerID: customerIdSchema,
  /** The brand the consent was given on; the customer's brand when absent. */
  Brand: z.string().min(1).optional(),
  /** The consent text version shown (GET /consent/v2/config/snapshot → Version); the current one when absent. */
  TextVersion: z.string().min(1).max(200).optional(),
  Status: consentStatusSchema,
  Purpose: consentPurposeSchema.default('marketing'),
  /** The channels it covers; every channel the purpose has when absent. */
  Channels: z.array(consentChannelSchema).min(1).max(3).optional(),
});
export type MasterConsentInput = z.infer<typeof masterConsentBodySchema>;

/** PATCH /consent/v1/consent/{country}/{customerID}: individual changes. */
export const patchConsentBodySchema = /* @__PURE__ */ z.strictObject({
  Brand: z.string().min(1).optional(),
  TextVersion: z.string().min(1).max(200).optional(),
  Consents: z
    .array(consentChangeSchema)
    .min(1)
    .max(9)
    .refine(
      (changes) =>
        new Set(changes.map((change) => `${change.Purpose}/${change.Channel}`)).size === changes.length,
      'Each purpose and channel at most once',
    ),
});
export type PatchConsentInput = z.infer<typeof patchConsentBodySchema>;

export const partnersQuerySchema = /* @__PURE__ */ z.object({
  country: countrySchema.optional(),
  brand: z.string().min(1).optional(),
});
export const partnersSchema = /* @__PURE__ */ z.object({
  Country: countrySchema,
  ConsentBrand: z.string(),
  Partners: z.array(z.object({ ID: z.string(), Name: z.string(), Kind: z.string(), Purpose: z.string() })),
});
export type Partners = z.infer<typeof partnersSchema>;
