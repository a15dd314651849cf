import { sql } from 'drizzle-orm';
import { index, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';
import { timestampColumn, timestamps } from './columns.ts';
import { person } from './core.ts';
import { loanQuote } from './lending.ts';

// Mirrors migrations/0039_loan_agreements.sql (schema.test.ts checks that they agree; ADR 0075).

export const loanAgreement = pgTable(
  'loan_agreement',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanQuoteId: uuid('loan_quote_id')
      .notNull()
      .references(() => loanQuote.id, { onDelete: 'cascade' }),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    lenderId: text('lender_id').notNull(),
    fileName: text('file_name').notNull(),
    contentBase64: text('content_base64').notNull(),
    sha256: text('sha256').notNull(),
    receivedAt: timestampColumn('received_at').notNull(),
    completedAt: timestampColumn('completed_at'),
    lenderNotice: text('lender_notice')
      .$type<'none' | 'pending' | 'sent' | 'failed'>()
      .notNull()
      .default('none'),
    lenderNotifiedAt: timestampColumn('lender_notified_at'),
    ...timestamps,
  },
  (table) => [
    unique('loan_agreement_quote_once').on(table.loanQuoteId),
    index('loan_agreement_application_idx').on(table.loanApplicationId),
  ],
);
export type LoanAgreementRow = typeof loanAgreement.$inferSelect;

export const loanAgreementSignature = pgTable(
  'loan_agreement_signature',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => loanAgreement.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => person.id),
    role: text('role').$type<'MainApplicant' | 'CoApplicant'>().notNull(),
    provider: text('provider').notNull(),
    orderRef: text('order_ref').notNull(),
    status: text('status').$type<'pending' | 'signed' | 'failed'>().notNull(),
    reason: text('reason'),
    documentSha256: text('document_sha256').notNull(),
    signedAt: timestampColumn('signed_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('loan_agreement_signature_open_idx')
      .on(table.agreementId, table.personId)
      .where(sql`status IN ('pending', 'signed')`),
    index('loan_agreement_signature_agreement_idx').on(table.agreementId, table.createdAt),
  ],
);
export type LoanAgreementSignatureRow = typeof loanAgreementSignature.$inferSelect;
