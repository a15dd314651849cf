import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { timestampColumn, timestamps } from './columns.ts';

// Mirrors migrations/0006_lenders.sql (commission_percent: 0015; the panel's own columns: 0034).
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
    channel: text('channel').notNull().default('simulated'),
    endpointUrl: text('endpoint_url'),
    timeoutMs: integer('timeout_ms').notNull().default(5000),
    secretSealed: text('secret_sealed'),
    secretSetAt: timestampColumn('secret_set_at'),
    commissionTable: jsonb('commission_table').$type<Record<string, number>>().notNull().default({}),
    paused: boolean('paused').notNull().default(false),
    origin: text('origin').notNull().default('code'),
    // bigserial: its sequence lender_version_seq also numbers every update (0034's trigger).
    version: bigserial('version', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (table) => [index('lender_country_idx').on(table.country).where(sql`active`)],
);
