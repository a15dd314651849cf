import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors migrations/0037_idempotency_keys.sql: the first answer of each creating call sent with an
// Idempotency-Key, for 24 hours (plugins/idempotency.ts is its only reader and writer; ADR 0071).
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    /** Who called: the same key from two callers is two keys. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the method, the URL and the validated body. */
    fingerprint: text('fingerprint').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }).notNull(),
    /** Null while the first call is in progress. */
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_key_expires_idx').on(table.expiresAt),
  ],
);
export type IdempotencyKeyRow = typeof idempotencyKey.$inferSelect;
