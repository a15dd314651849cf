import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

// Mirrors migrations/0006_lenders.sql (commission_percent: 0015).
export const lender = pgTable(
  'lender',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    organisationNumber: text('organisation_number').notNull(),
    products: text('products').array().notNull(),
    profile: jsonb('profile').notNull(),
    active: boolean('active').notNull().default(true),
    commissionPercent: doublePrecision('commission_percent').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('lender_country_idx').on(table.country).where(sql`active`)],
);
