import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';

// Mirrors migrations/0021_co_applicant_invites.sql (docs/decisions/0038): the main applicant's invite to the
// co-applicant; only the token's hash and masked addresses are kept.

export const coApplicantInvite = pgTable(
  'co_applicant_invite',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    maskedEmail: text('masked_email'),
    maskedPhone: text('masked_phone'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: text('accepted_by'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('co_applicant_invite_application_idx').on(table.loanApplicationId, table.createdAt)],
);
