import type { ReviewableDecision } from '@nordloan/domain/human-review';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { document } from './applicant.ts';
import { loanApplication } from './applications.ts';
import { agent } from './backoffice.ts';
import { timestampColumn, timestamps } from './columns.ts';
import { loanRequest } from './lending.ts';

// Mirrors migrations/0032_human_review.sql (schema.test.ts checks that they agree); the SQL file says what
// each column means.

export const humanReview = pgTable(
  'human_review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    status: text('status').$type<'open' | 'answered'>().notNull(),
    requestedBy: text('requested_by').notNull(),
    applicantView: text('applicant_view').notNull(),
    documentId: uuid('document_id').references(() => document.id, { onDelete: 'set null' }),
    decisions: jsonb('decisions').$type<ReviewableDecision[]>().notNull(),
    dueAt: timestampColumn('due_at').notNull(),
    outcome: text('outcome').$type<'upheld' | 'changed'>(),
    explanation: text('explanation'),
    answeredBy: uuid('answered_by').references(() => agent.id),
    answeredAt: timestampColumn('answered_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('human_review_one_open_idx').on(table.loanApplicationId).where(sql`status = 'open'`),
    index('human_review_application_idx').on(table.loanApplicationId, table.createdAt),
    index('human_review_queue_idx').on(table.country, table.status, table.dueAt),
  ],
);
export type HumanReviewRow = typeof humanReview.$inferSelect;

export const humanReviewLender = pgTable(
  'human_review_lender',
  {
    humanReviewId: uuid('human_review_id')
      .notNull()
      .references(() => humanReview.id, { onDelete: 'cascade' }),
    lenderId: text('lender_id').notNull(),
    loanRequestId: uuid('loan_request_id')
      .notNull()
      .references(() => loanRequest.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'answered' | 'failed'>().notNull(),
    outcome: text('outcome').$type<'upheld' | 'changed'>(),
    explanation: text('explanation'),
    answeredAt: timestampColumn('answered_at'),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.humanReviewId, table.lenderId] })],
);
export type HumanReviewLenderRow = typeof humanReviewLender.$inferSelect;
