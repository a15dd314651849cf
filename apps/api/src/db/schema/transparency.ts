import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';
import { timestampColumn } from './columns.ts';
import { loanRequest } from './lending.ts';

// Mirrors migrations/0015_transparent_personal_page.sql: both tables are written by database triggers on
// loan_request; the code only reads them.

const createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const applicationReference = () =>
  uuid('loan_application_id')
    .notNull()
    .references(() => loanApplication.id, { onDelete: 'cascade' });

export const loanRequestEvent = pgTable(
  'loan_request_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanApplicationId: applicationReference(),
    loanRequestId: uuid('loan_request_id')
      .notNull()
      .references(() => loanRequest.id, { onDelete: 'cascade' }),
    lenderId: text('lender_id').notNull(),
    status: integer('status').notNull(),
    reasonCode: text('reason_code'),
    createdAt,
  },
  (table) => [index('loan_request_event_application_idx').on(table.loanApplicationId, table.id)],
);
export type LoanRequestEventRow = typeof loanRequestEvent.$inferSelect;

export const creditInquiry = pgTable(
  'credit_inquiry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    loanRequestId: uuid('loan_request_id')
      .notNull()
      .unique()
      .references(() => loanRequest.id, { onDelete: 'cascade' }),
    lenderId: text('lender_id').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull(),
    consentGivenAt: timestampColumn('consent_given_at'),
    termsVersion: text('terms_version'),
    createdAt,
  },
  (table) => [index('credit_inquiry_application_idx').on(table.loanApplicationId, table.checkedAt)],
);
export type CreditInquiryRow = typeof creditInquiry.$inferSelect;
