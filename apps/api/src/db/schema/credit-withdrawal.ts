import { doublePrecision, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';
import { timestampColumn, timestamps } from './columns.ts';
import { loanQuote } from './lending.ts';

// Mirrors migrations/0033_credit_withdrawal.sql (schema.test.ts checks that they agree); the SQL file says
// what each column means. Written by lending/withdrawal only.

export const creditWithdrawal = pgTable('credit_withdrawal', {
  id: uuid('id').primaryKey().defaultRandom(),
  loanApplicationId: uuid('loan_application_id')
    .notNull()
    .unique()
    .references(() => loanApplication.id, { onDelete: 'cascade' }),
  loanQuoteId: uuid('loan_quote_id')
    .notNull()
    .references(() => loanQuote.id, { onDelete: 'cascade' }),
  lenderId: text('lender_id').notNull(),
  country: text('country').notNull(),
  signedAt: timestampColumn('signed_at').notNull(),
  withdrawnAt: timestampColumn('withdrawn_at').notNull(),
  paidOutAt: timestampColumn('paid_out_at'),
  currency: text('currency').notNull(),
  principal: doublePrecision('principal').notNull(),
  nominalRate: doublePrecision('nominal_rate').notNull(),
  dailyInterest: doublePrecision('daily_interest').notNull(),
  interestDays: integer('interest_days').notNull(),
  interest: doublePrecision('interest').notNull(),
  total: doublePrecision('total').notNull(),
  payBackBy: timestampColumn('pay_back_by').notNull(),
  statusBefore: integer('status_before').notNull(),
  statusAfter: integer('status_after').notNull(),
  lenderNotice: text('lender_notice').$type<'pending' | 'sent' | 'failed'>().notNull(),
  lenderNotifiedAt: timestampColumn('lender_notified_at'),
  ...timestamps,
});
export type CreditWithdrawalRow = typeof creditWithdrawal.$inferSelect;
export type NewCreditWithdrawalRow = typeof creditWithdrawal.$inferInsert;
