import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consentConfigTypeSchema } from '@nordloan/domain/consent';
import type { Country } from '@nordloan/domain/enums';
import {
  consentChannelSchema,
  consentPurposeSchema,
  consentStatusSchema,
  countrySchema,
} from '@nordloan/domain/enums';
import { z } from 'zod';

// The content interface (issue 3): terms and conditions and consent texts come from here. The default
// implementation reads the reviewed files under apps/api/content/ (see its README); a headless CMS can
// implement the same interface later. Content is data, so it is checked with a schema when read.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const brandList = z.array(z.string().min(1)).min(1);

/** §3 terms-and-conditions entry: tc_type, version, _publish_on (plus what a reader needs to see). */
export const termsEntrySchema = z.strictObject({
  tc_type: z
    .string()
    .regex(/^[a-z][a-z-]*$/, 'lower-case words joined by "-" (no "_": it separates the label)'),
  version: z.number().int().positive(),
  // Optional in the schema on purpose: a CMS can hand us a draft without one, and §8 says what that is.
  _publish_on: isoDate.nullable().optional(),
  /** Brands the entry is for; absent: every brand of the country. */
  brands: brandList.optional(),
  title: z.string().min(1),
  body: z.string().min(1),
});
export type TermsEntry = z.infer<typeof termsEntrySchema>;

export const termsContentSchema = z.strictObject({
  country: countrySchema,
  entries: z.array(termsEntrySchema),
});
export type TermsContent = z.infer<typeof termsContentSchema>;

// The config types are part of the consent contract (GET /consent/v2/config/snapshot), so the domain owns them.
export { type ConsentConfigType, consentConfigTypes } from '@nordloan/domain/consent';

export const consentConfigVersionSchema = z.strictObject({
  version: z.number().int().positive(),
  _publish_on: isoDate.nullable().optional(),
  settings: z.strictObject({
    purposes: z.array(consentPurposeSchema).min(1),
    channels: z.array(consentChannelSchema).min(1),
    defaultStatus: consentStatusSchema,
    /** Whether the step cannot go on without it being given. */
    required: z.boolean(),
  }),
  texts: z
    .array(
      z.strictObject({
        purpose: consentPurposeSchema,
        channel: consentChannelSchema,
        text: z.string().min(1),
      }),
    )
    .min(1),
});
export type ConsentConfigVersion = z.infer<typeof consentConfigVersionSchema>;

export const consentPartnerSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  kind: z.enum(['insurer', 'advisor', 'lender']),
  purpose: z.string().min(1),
});
export type ConsentPartner = z.infer<typeof consentPartnerSchema>;

const consentConfigsSchema = z.partialRecord(
  consentConfigTypeSchema,
  z.array(consentConfigVersionSchema).min(1),
);

export const consentContentSchema = z.strictObject({
  country: countrySchema,
  /** Country-wide texts, per config type, every version. */
  configs: consentConfigsSchema,
  consentBrands: z.record(
    z.string(),
    z.strictObject({
      /** The data controller the consent is given to (the operating company of the consent brand). */
      controller: z.string().min(1),
      partners: z.array(consentPartnerSchema),
      /** Texts for this consent brand only; they replace the country-wide versions of the same type. */
      configs: consentConfigsSchema.optional(),
    }),
  ),
});
export type ConsentContent = z.infer<typeof consentContentSchema>;

export interface ContentStore {
  /** The country's terms entries, every version; undefined when the store has none for the country. */
  termsContent(country: Country): Promise<TermsContent | undefined>;
  /** The country's consent texts and partners; undefined when the store has none for the country. */
  consentContent(country: Country): Promise<ConsentContent | undefined>;
}

export const defaultContentDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'content');

/**
 * Reads `terms/<country>.json` and `consent/<country>.json` under `dir`, each once (the files ship with
 * the code: a content change is a deploy). A file that does not match its schema is an error, not an
 * empty answer.
 */
export function createFileContentStore(dir = defaultContentDir): ContentStore {
  const cache = new Map<string, Promise<unknown>>();
  const load = <T>(
    kind: 'terms' | 'consent',
    country: Country,
    schema: z.ZodType<T>,
  ): Promise<T | undefined> => {
    const key = `${kind}/${country}`;
    let pending = cache.get(key) as Promise<T | undefined> | undefined;
    if (!pending) {
      pending = readFile(join(dir, kind, `${country}.json`), 'utf8').then(
        (text) => {
          const parsed = schema.safeParse(JSON.parse(text));
          if (!parsed.success) {
            throw new Error(`content/${key}.json: ${z.prettifyError(parsed.error)}`);
          }
          return parsed.data;
        },
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        },
      );
      // A failed read is not cached: the next request tries again.
      pending.catch(() => cache.delete(key));
      cache.set(key, pending);
    }
    return pending;
  };
  return {
    termsContent: (country) => load('terms', country, termsContentSchema),
    consentContent: (country) => load('consent', country, consentContentSchema),
  };
}

/** A store over given content, for tests and previews. */
export function createMemoryContentStore(content: {
  terms?: TermsContent[];
  consent?: ConsentContent[];
}): ContentStore {
  return {
    termsContent: async (country) => content.terms?.find((entry) => entry.country === country),
    consentContent: async (country) => content.consent?.find((entry) => entry.country === country),
  };
}

let sharedStore: ContentStore | undefined;
/** The file store over apps/api/content, shared by the modules that read content. */
export function defaultContentStore(): ContentStore {
  sharedStore ??= createFileContentStore();
  return sharedStore;
}
