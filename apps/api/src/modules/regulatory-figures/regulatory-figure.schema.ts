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

// The answer's shapes live in the domain, shared with the back office (issue 39).
export {
  type CapsInForceView,
  capsInForceViewSchema,
  type FigureReminderView,
  figureInForceViewSchema,
  figureReminderViewSchema,
  type RegulatoryFigurePeriodView,
  type RegulatoryFiguresView,
  regulatoryFigurePeriodViewSchema,
  regulatoryFiguresViewSchema,
} from '@nordloan/domain/finance/regulatory-figures.schema';
