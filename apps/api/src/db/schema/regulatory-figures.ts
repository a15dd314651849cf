import type { RegulatedCountry, RegulatoryFigureKind } from '@nordloan/domain/finance/regulatory-figures';
import { date, doublePrecision, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/0008_regulatory_figures.sql (schema.test.ts checks that they agree).

export const regulatoryFigure = pgTable(
  'regulatory_figure',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').$type<RegulatedCountry>().notNull(),
    figure: text('figure').$type<RegulatoryFigureKind>().notNull(),
    value: doublePrecision('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [unique().on(table.country, table.figure, table.validFrom)],
);
export type RegulatoryFigureRow = typeof regulatoryFigure.$inferSelect;
