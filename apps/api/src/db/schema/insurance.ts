import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { insuranceRequest } from './backoffice.ts';
import { timestampColumn, timestamps } from './columns.ts';
import { person } from './core.ts';

// Mirrors migrations/0011_insurance_mandates.sql (schema.test.ts checks that they agree).

export const insuranceMandate = pgTable(
  'insurance_mandate',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => insuranceRequest.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => person.id),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('pending'),
    orderRef: text('order_ref').notNull(),
    failureReason: text('failure_reason'),
    signedAt: timestampColumn('signed_at'),
    ...timestamps,
  },
  (table) => [
    index('insurance_mandate_request_idx').on(table.requestId),
    uniqueIndex('insurance_mandate_open_idx').on(table.requestId).where(sql`status IN ('pending', 'signed')`),
  ],
);

export const insurancePaymentMandate = pgTable(
  'insurance_payment_mandate',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => insuranceRequest.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => person.id),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    providerRef: text('provider_ref'),
    payerLast4: text('payer_last4').notNull(),
    failureReason: text('failure_reason'),
    activatedAt: timestampColumn('activated_at'),
    ...timestamps,
  },
  (table) => [
    index('insurance_payment_mandate_request_idx').on(table.requestId),
    uniqueIndex('insurance_payment_mandate_open_idx')
      .on(table.requestId)
      .where(sql`status IN ('pending', 'active')`),
  ],
);
