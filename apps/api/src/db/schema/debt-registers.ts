import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';

// Mirrors migrations/0042_debt_registers.sql (docs/decisions/0079): the applicant's consent to a debt
// register inquiry and what the register reported, one row per application and applicant.

/** One debt as the register reported it (amounts in whole currency units; rate as a fraction). */
export interface FoundRegisterDebt {
  /** Our reference of the debt (stable across inquiries; never the register's account number). */
  ExternalRef: string;
  DebtType: 'Unsecured' | 'CreditCard' | 'Car' | 'Student' | 'Personal';
  Creditor: string;
  /** What is drawn. */
  Balance: number;
  CreditLimit: number | null;
  MonthlyPayment: number | null;
  InterestRate: number | null;
  RemainingTermMonths: number | null;
}

export const debtRegisterInquiry = pgTable(
  'debt_register_inquiry',
  {
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    ownerRole: text('owner_role').notNull(),
    register: text('register').notNull(),
    state: text('state').notNull(),
    failureReason: text('failure_reason'),
    consentGivenAt: timestamp('consent_given_at', { withTimezone: true, mode: 'date' }).notNull(),
    consentScope: text('consent_scope').notNull(),
    consentPurpose: text('consent_purpose').notNull(),
    registerReference: text('register_reference'),
    found: jsonb('found').$type<FoundRegisterDebt[]>(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.loanApplicationId, table.ownerRole] })],
);
export type DebtRegisterInquiryRow = typeof debtRegisterInquiry.$inferSelect;
