import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';
import { timestampColumn, timestamps } from './columns.ts';

// Mirrors migrations/0014_messages.sql (schema.test.ts checks that they agree); ADR 0030.

export const message = pgTable(
  'message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    brand: text('brand').notNull(),
    locale: text('locale').notNull(),
    loanApplicationId: uuid('loan_application_id').references(() => loanApplication.id, {
      onDelete: 'cascade',
    }),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    status: text('status').notNull().default('new'),
    emailEvent: text('email_event'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    sentAt: timestampColumn('sent_at'),
    ...timestamps,
  },
  (table) => [index('message_application_idx').on(table.loanApplicationId, table.createdAt)],
);
export type MessageRow = typeof message.$inferSelect;

// Mirrors migrations/0029_application_link_origin.sql: the brand address an application was made on.
export const applicationLinkOrigin = pgTable('application_link_origin', {
  loanApplicationId: uuid('loan_application_id')
    .primaryKey()
    .references(() => loanApplication.id, { onDelete: 'cascade' }),
  origin: text('origin').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
