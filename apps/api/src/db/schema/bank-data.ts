import type { DerivedBankFigures } from '@nordloan/domain/bank-data/income-derivation';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';

// Mirrors migrations/0040_bank_data.sql (docs/decisions/0076): the bank consent and the derived figures of
// an application; never a transaction.

export interface BankFigureCorrections {
  NetMonthlyIncome: number | null;
  HousingCostMonthly: number | null;
  LoanPaymentsMonthly: number | null;
}

export const bankDataConnection = pgTable('bank_data_connection', {
  loanApplicationId: uuid('loan_application_id')
    .primaryKey()
    .references(() => loanApplication.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  stateHash: text('state_hash').unique(),
  stateExpiresAt: timestamp('state_expires_at', { withTimezone: true, mode: 'date' }),
  returnPath: text('return_path').notNull(),
  failureReason: text('failure_reason'),
  consentScope: text('consent_scope'),
  consentGrantedAt: timestamp('consent_granted_at', { withTimezone: true, mode: 'date' }),
  consentExpiresAt: timestamp('consent_expires_at', { withTimezone: true, mode: 'date' }),
  figures: jsonb('figures').$type<DerivedBankFigures>(),
  corrected: jsonb('corrected').$type<BankFigureCorrections>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type BankDataConnectionRow = typeof bankDataConnection.$inferSelect;
