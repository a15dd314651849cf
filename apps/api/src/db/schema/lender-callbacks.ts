import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';
import { timestampColumn } from './columns.ts';
import { loanQuote, loanRequest } from './lending.ts';

// Mirrors migrations/0031_lender_callback_inbox.sql (and 0046's index): the signed lender callbacks, each kept once and acted
// on in order (lending/callbacks/signed-callback.service.ts is its only writer; ADR 0062).
export const lenderCallback = pgTable(
  'lender_callback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lenderId: text('lender_id').notNull(),
    messageId: uuid('message_id').notNull(),
    type: text('type').notNull(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    loanRequestId: uuid('loan_request_id')
      .notNull()
      .references(() => loanRequest.id, { onDelete: 'cascade' }),
    loanQuoteId: uuid('loan_quote_id').references(() => loanQuote.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<'waiting' | 'applied' | 'ignored'>().notNull(),
    outcome: text('outcome'),
    settledAt: timestampColumn('settled_at'),
  },
  (table) => [
    unique('lender_callback_once').on(table.lenderId, table.messageId),
    index('lender_callback_waiting_idx')
      .on(table.loanApplicationId, table.lenderId)
      .where(sql`state = 'waiting'`),
    // migrations/0046: the offer's signing, read by the payout hold and the withdrawal period (ADR 0077).
    index('lender_callback_quote_idx')
      .on(table.loanQuoteId, table.type)
      .where(sql`loan_quote_id IS NOT NULL`),
  ],
);
export type LenderCallbackRow = typeof lenderCallback.$inferSelect;
