import { z } from 'zod';
import { addressKindSchema, countrySchema } from './enums.ts';

// Person records (§7 GET/POST/PATCH /person, "Person body fields: not shown" — ours): identity, names,
// contact, address with the §3 address kinds, citizenship and the PEP self-declaration. One contract: the
// API validates with these and the web parses its answers with them (docs/decisions/0018).

const text = (max: number) => z.string().trim().min(1).max(max);
const isoCountry = /* @__PURE__ */ z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'An ISO 3166-1 alpha-2 country code');

export const addressInputSchema = /* @__PURE__ */ z.strictObject({
  /** §3 address kinds: Special, Abroad, Co, Box, Poste Restante, Fack; null is an ordinary street address. */
  Kind: addressKindSchema.nullable().optional(),
  Street: text(200).nullable().optional(),
  /** The "c/o" name, for Kind Co. */
  CoName: text(200).nullable().optional(),
  PostalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, 'Not a postal code')
    .nullable()
    .optional(),
  City: text(100).nullable().optional(),
  Country: isoCountry.nullable().optional(),
});

export const personFieldsSchema = /* @__PURE__ */ z.strictObject({
  FirstName: text(100).nullable().optional(),
  LastName: text(100).nullable().optional(),
  Email: z.string().trim().max(254).pipe(z.email('Not a valid e-mail address')).nullable().optional(),
  Phone: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s\-()]/g, ''))
    .pipe(z.string().regex(/^\+?\d{6,15}$/, 'Not a valid phone number'))
    .nullable()
    .optional(),
  Address: addressInputSchema.optional(),
  Citizenship: isoCountry.nullable().optional(),
  /** PEP self-declaration (hvitvaskingsloven, penningtvättslagen, rahanpesulaki, hvidvaskloven). */
  IsPoliticallyExposed: z.boolean().nullable().optional(),
  /** The public function held, when IsPoliticallyExposed is true. */
  PoliticallyExposedRole: text(200).nullable().optional(),
});
export type PersonFieldsInput = z.infer<typeof personFieldsSchema>;

/** POST /person: staff register a person; the national id is checked for the country. */
export const createPersonBodySchema = /* @__PURE__ */ personFieldsSchema.extend({
  Country: countrySchema,
  NationalID: z.string().trim().min(1, 'Required').max(20),
});
export type CreatePersonInput = z.infer<typeof createPersonBodySchema>;

export const personSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  Country: countrySchema,
  /** Masked (birth-date part kept) unless staff ask for it with ?reveal=NationalID (docs/decisions/0014). */
  NationalID: z.string(),
  BirthDate: z.string().nullable(),
  FirstName: z.string().nullable(),
  LastName: z.string().nullable(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
  Address: z.object({
    Kind: addressKindSchema.nullable(),
    Street: z.string().nullable(),
    CoName: z.string().nullable(),
    PostalCode: z.string().nullable(),
    City: z.string().nullable(),
    Country: z.string().nullable(),
  }),
  Citizenship: z.string().nullable(),
  IsPoliticallyExposed: z.boolean().nullable(),
  PoliticallyExposedRole: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const personQuerySchema = /* @__PURE__ */ z.object({ reveal: z.enum(['NationalID']).optional() });
export type PersonQuery = z.infer<typeof personQuerySchema>;

/**
 * GET /person/{id}/registered-address (issue 38): the address the country's population register holds for
 * the person — Folkeregisteret (NO), SPAR (SE), DVV's population information system (FI), CPR (DK) — for
 * the apply journey to show for confirmation. `Address` is null when the register has none to give
 * (unknown, protected or emigrated, or no register is configured); `Register` names where it came from.
 */
export const registeredAddressSchema = /* @__PURE__ */ z.object({
  Register: z.enum(['Folkeregisteret', 'SPAR', 'DVV', 'CPR']),
  Address: z
    .object({
      Street: z.string(),
      PostalCode: z.string(),
      City: z.string(),
      Country: countrySchema,
    })
    .nullable(),
});
export type RegisteredAddress = z.infer<typeof registeredAddressSchema>;
