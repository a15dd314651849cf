import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { agent, personCheck } from './backoffice.ts';
import { timestampColumn, timestamps } from './columns.ts';

// Mirrors migrations/0010_screening_review.sql (schema.test.ts checks that they agree). The foreign key to
// loan_application is declared in SQL only, as in ./backoffice.ts.

export const personCheckReview = pgTable(
  'person_check_review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personCheckId: uuid('person_check_id')
      .notNull()
      .unique()
      .references(() => personCheck.id, { onDelete: 'cascade' }),
    loanApplicationId: uuid('loan_application_id'),
    decision: text('decision').notNull(),
    reason: text('reason').notNull(),
    decidedBy: uuid('decided_by').references(() => agent.id),
    decidedAt: timestampColumn('decided_at').notNull(),
    ...timestamps,
  },
  (table) => [index('person_check_review_application_idx').on(table.loanApplicationId)],
);
