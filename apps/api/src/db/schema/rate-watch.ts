import type { RateWatchBasis } from '@nordloan/domain/lending/rate-watch';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';
import { timestampColumn, timestamps } from './columns.ts';
import { customer } from './core.ts';

// Mirrors migrations/0044_rate_watch.sql (schema.test.ts checks that they agree); docs/decisions/0081.

export const rateWatch = pgTable(
  'rate_watch',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .unique()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id),
    country: text('country').notNull(),
    brand: text('brand').notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull(),
    intervalMonths: integer('interval_months').notNull(),
    thresholdAmount: integer('threshold_amount').notNull(),
    channel: text('channel').notNull(),
    startedAt: timestampColumn('started_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    nextCheckAt: timestampColumn('next_check_at'),
    stoppedAt: timestampColumn('stopped_at'),
    stopReason: text('stop_reason'),
    ...timestamps,
  },
  (table) => [index('rate_watch_customer_idx').on(table.customerId)],
);
export type RateWatchRow = typeof rateWatch.$inferSelect;

export const rateWatchCheck = pgTable(
  'rate_watch_check',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rateWatchId: uuid('rate_watch_id')
      .notNull()
      .references(() => rateWatch.id, { onDelete: 'cascade' }),
    checkedAt: timestampColumn('checked_at').notNull(),
    lendersAsked: integer('lenders_asked').notNull(),
    lendersAnswered: integer('lenders_answered').notNull(),
    saving: integer('saving'),
    thresholdAmount: integer('threshold_amount').notNull(),
    notified: boolean('notified').notNull(),
    basis: jsonb('basis').$type<RateWatchBasis>(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('rate_watch_check_watch_idx').on(table.rateWatchId, table.checkedAt.desc())],
);
export type RateWatchCheckRow = typeof rateWatchCheck.$inferSelect;
