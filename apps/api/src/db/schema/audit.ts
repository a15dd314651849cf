import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { agent } from './backoffice.ts';
import { timestampColumn } from './columns.ts';

// Mirrors migrations/0007_audit.sql (schema.test.ts checks that they agree). Append-only: the database
// refuses UPDATE and DELETE.
export const auditEntry = pgTable(
  'audit_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestampColumn('at').notNull().defaultNow(),
    actorAgentId: uuid('actor_agent_id').references(() => agent.id),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    loanApplicationId: uuid('loan_application_id'),
    country: text('country'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_entry_application_idx')
      .on(table.loanApplicationId, table.at.desc())
      .where(sql`loan_application_id IS NOT NULL`),
    index('audit_entry_subject_idx').on(table.subjectType, table.subjectId, table.at.desc()),
    index('audit_entry_actor_idx')
      .on(table.actorAgentId, table.at.desc())
      .where(sql`actor_agent_id IS NOT NULL`),
  ],
);
