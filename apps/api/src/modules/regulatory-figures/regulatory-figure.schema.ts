import { countrySchema } from '@nordloan/domain/enums';
import {
  isoDateSchema,
  regulatedCountrySchema,
  regulatoryFigureKindSchema,
} from '@nordloan/domain/finance/regulatory-figures';
import { z } from 'zod';

// The API shapes of /backoffice/regulatory-figures (issue 17). PascalCase like the rest of the API (§3).

export const regulatoryFiguresQuerySchema = z.object({
  country: countrySchema.optional(),
});

export const addRegulatoryFigureBodySchema = z.object({
  Country: regulatedCountrySchema,
  Figure: regulatoryFigureKindSchema,
  /** referenceRate: percent (2 = 2 %); priceBaseAmount: SEK. */
  Value: z.number().finite(),
  ValidFrom: isoDateSchema,
  ValidTo: isoDateSchema,
  /** The authority's notice: title, number, address. */
  Source: z.string().max(500),
});
export type AddRegulatoryFigureBody = z.infer<typeof addRegulatoryFigureBodySchema>;

export const regulatoryFigurePeriodViewSchema = z.object({
  Country: regulatedCountrySchema,
  Figure: regulatoryFigureKindSchema,
  Value: z.number(),
  ValidFrom: z.string(),
  ValidTo: z.string(),
  Source: z.string(),
  /** 'file': published in the repository; 'api': added later by staff. */
  Origin: z.enum(['file', 'api']),
  /** Who added it ('staff:<agent id>'), for periods added through the API. */
  CreatedBy: z.string().nullable(),
  CreatedAt: z.string().nullable(),
  /** Whether the period covers today in its country. */
  InForce: z.boolean(),
});
export type RegulatoryFigurePeriodView = z.infer<typeof regulatoryFigurePeriodViewSchema>;

export const figureInForceViewSchema = z.object({
  Country: regulatedCountrySchema,
  Figure: regulatoryFigureKindSchema,
  /** Today in the country's calendar. */
  Date: z.string(),
  /** The value the caps use today: the period's, or the strict bound when no period covers today. */
  Value: z.number(),
  ValidFrom: z.string(),
  ValidTo: z.string(),
  Source: z.string().nullable(),
  /** True when no period covers today and the strictest lawful bound applies. */
  Fallback: z.boolean(),
});

export const regulatoryFiguresViewSchema = z.object({
  Periods: z.array(regulatoryFigurePeriodViewSchema),
  InForce: z.array(figureInForceViewSchema),
});
export type RegulatoryFiguresView = z.infer<typeof regulatoryFiguresViewSchema>;
