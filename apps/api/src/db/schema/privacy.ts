import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { agent } from './backoffice.ts';
import { timestampColumn, timestamps } from './columns.ts';
import { person } from './core.ts';

// Mirrors migrations/0036_erasure_requests.sql (schema.test.ts checks that they agree); ADR 0069.

/** What went at once: a category and how many records (never the records themselves). */
export interface ErasedEntry {
  Category: string;
  Count: number;
}

/** What the law keeps: the category, the application it belongs to, the law and the day it goes. */
export interface KeptEntry {
  Category: string;
  Reason: string;
  Country: string;
  Law: string;
  LoanApplicationID: string | null;
  HumanReadableID: string | null;
  Count: number;
  Until: string | null;
}

export const erasureRequest = pgTable(
  'erasure_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => person.id),
    country: text('country').notNull(),
    status: text('status').notNull().default('open'),
    requestedAt: timestampColumn('requested_at').notNull(),
    personErasedAt: timestampColumn('person_erased_at'),
    erased: jsonb('erased').$type<ErasedEntry[]>().notNull().default([]),
    kept: jsonb('kept').$type<KeptEntry[]>().notNull().default([]),
    closedAt: timestampColumn('closed_at'),
    closedBy: uuid('closed_by').references(() => agent.id),
    note: text('note'),
    ...timestamps,
  },
  (table) => [
    index('erasure_request_queue_idx').on(table.status, table.country, table.requestedAt),
    index('erasure_request_person_idx').on(table.personId, table.requestedAt.desc()),
  ],
);
export type ErasureRequestRow = typeof erasureRequest.$inferSelect;
