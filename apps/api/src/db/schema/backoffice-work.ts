import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agent } from './backoffice.ts';

// Mirrors migrations/0009_backoffice_work.sql (schema.test.ts checks that they agree).

/** A staff note on an application (written once, never edited). */
export const applicationNote = pgTable('application_note', {
  id: uuid('id').primaryKey().defaultRandom(),
  loanApplicationId: uuid('loan_application_id').notNull(),
  agentId: uuid('agent_id')
    .notNull()
    .references(() => agent.id),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
