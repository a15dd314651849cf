import { bigserial, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';
import { timestampColumn, timestamps } from './columns.ts';
import { customer } from './core.ts';

// Mirrors migrations/0004_applicant.sql (schema.test.ts checks that they agree); the SQL file carries
// the comments on what each column means.

const createdAt = timestamps.createdAt;

export const termsAcceptance = pgTable(
  'terms_acceptance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    tcType: text('tc_type').notNull(),
    versionLabel: text('version_label').notNull(),
    brand: text('brand').notNull(),
    acceptedAt: timestampColumn('accepted_at').notNull(),
    createdAt,
  },
  (table) => [index('terms_acceptance_customer_idx').on(table.customerId, table.acceptedAt)],
);

export const consentRecord = pgTable(
  'consent_record',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id),
    country: text('country').notNull(),
    brand: text('brand').notNull(),
    consentBrand: text('consent_brand').notNull(),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    textVersion: text('text_version').notNull(),
    source: text('source').notNull(),
    changedBy: text('changed_by').notNull(),
    createdAt,
  },
  (table) => [
    index('consent_record_current_idx').on(
      table.customerId,
      table.consentBrand,
      table.purpose,
      table.channel,
      table.seq.desc(),
    ),
  ],
);

export const lead = pgTable(
  'lead',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    partner: text('partner').notNull(),
    createdBy: text('created_by').notNull(),
    ...timestamps,
  },
  (table) => [unique().on(table.loanApplicationId, table.partner)],
);

export const document = pgTable(
  'document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    category: text('category').notNull(),
    owner: text('owner').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedBy: text('uploaded_by').notNull(),
    ...timestamps,
  },
  (table) => [index('document_application_idx').on(table.loanApplicationId, table.createdAt)],
);

export const magicLink = pgTable(
  'magic_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    channel: text('channel').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    createdBy: text('created_by').notNull(),
    createdAt,
  },
  (table) => [index('magic_link_application_idx').on(table.loanApplicationId)],
);

export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    loanApplicationId: uuid('loan_application_id').references(() => loanApplication.id, {
      onDelete: 'cascade',
    }),
    magicLinkId: uuid('magic_link_id').references(() => magicLink.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    createdAt,
  },
  (table) => [index('notification_application_idx').on(table.loanApplicationId, table.createdAt)],
);
