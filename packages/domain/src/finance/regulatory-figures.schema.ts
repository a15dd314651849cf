import { z } from 'zod';
import { regulatedCountrySchema, regulatoryFigureKindSchema } from './regulatory-figures.ts';

// The answer of GET /backoffice/regulatory-figures (issues 17 and 39), shared by the API and the back
// office. PascalCase like the rest of the API (§3).

export const regulatoryFigurePeriodViewSchema = /* @__PURE__ */ z.object({
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

export const figureInForceViewSchema = /* @__PURE__ */ z.object({
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
export type FigureInForceView = z.infer<typeof figureInForceViewSchema>;

/** The caps the figures in force give today in a country (issue 39). */
export const capsInForceViewSchema = /* @__PURE__ */ z.object({
  Country: regulatedCountrySchema,
  /** Today in the country's calendar. */
  Date: z.string(),
  /** Nominal rate cap, percent (SE reference rate + 20 points; FI 15 % + reference rate, at most 20 %). */
  NominalRateCap: z.number(),
  /** Startup-fee cap in SEK (1 % of the price base amount); null where the country has none. */
  StartupFeeCap: z.number().nullable(),
  /** True when a figure behind these caps is the strict bound of a missing period. */
  Fallback: z.boolean(),
});
export type CapsInForceView = z.infer<typeof capsInForceViewSchema>;

/** A period to enter (issue 39): running without a figure, or starting within 30 days and not known. */
export const figureReminderViewSchema = /* @__PURE__ */ z.object({
  Country: regulatedCountrySchema,
  Figure: regulatoryFigureKindSchema,
  /** 'missing': running now, offers get the strict bound; 'due': starts within 30 days, not known yet. */
  Kind: z.enum(['missing', 'due']),
  ValidFrom: z.string(),
  ValidTo: z.string(),
  /** Days until the period starts (0 when it is running). */
  DaysLeft: z.number().int(),
  /** Where the authority publishes the figure. */
  WhereToFind: z.string(),
});
export type FigureReminderView = z.infer<typeof figureReminderViewSchema>;

export const regulatoryFiguresViewSchema = /* @__PURE__ */ z.object({
  Periods: z.array(regulatoryFigurePeriodViewSchema),
  InForce: z.array(figureInForceViewSchema),
  Caps: z.array(capsInForceViewSchema),
  Reminders: z.array(figureReminderViewSchema),
});
export type RegulatoryFiguresView = z.infer<typeof regulatoryFiguresViewSchema>;
