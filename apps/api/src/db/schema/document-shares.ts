import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { document } from './applicant.ts';
import { loanApplication } from './applications.ts';
import { loanQuote } from './lending.ts';

// Mirrors migrations/0020_document_shares.sql (upload once, docs/decisions/0036): the applicant's choice to
// send an uploaded document to one lender's request, with who chose and when.

export const documentShare = pgTable(
  'document_share',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    loanQuoteId: uuid('loan_quote_id')
      .notNull()
      .references(() => loanQuote.id, { onDelete: 'cascade' }),
    documentRequestId: uuid('document_request_id').notNull().unique(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    lenderId: text('lender_id').notNull(),
    category: text('category').notNull(),
    sharedBy: text('shared_by').notNull(),
    sharedAt: timestamp('shared_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('document_share_application_idx').on(table.loanApplicationId, table.sharedAt)],
);
export type DocumentShareRow = typeof documentShare.$inferSelect;
