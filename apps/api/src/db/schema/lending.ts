import type { CapsBasis } from '@nordloan/domain/finance/regulatory-figures';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { loanApplication } from './applications.ts';
import { timestampColumn, timestamps } from './columns.ts';

// Mirrors migrations/0005_lending.sql (schema.test.ts checks that they agree); the SQL file says what each
// column means.

const createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const applicationReference = () =>
  uuid('loan_application_id')
    .notNull()
    .references(() => loanApplication.id, { onDelete: 'cascade' });

export const applicationStatusTransition = pgTable(
  'application_status_transition',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    fromStatus: integer('from_status').notNull(),
    toStatus: integer('to_status').notNull(),
    revision: integer('revision').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id').notNull(),
    reason: text('reason').notNull(),
    createdAt,
  },
  (table) => [
    index('application_status_transition_application_idx').on(table.loanApplicationId, table.revision),
  ],
);
export type ApplicationStatusTransitionRow = typeof applicationStatusTransition.$inferSelect;

export const outboxEvent = pgTable(
  'outbox_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventName: text('event_name').notNull(),
    aggregateType: text('aggregate_type').notNull(),
    aggregateId: uuid('aggregate_id').notNull(),
    loanApplicationId: uuid('loan_application_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt,
    publishedAt: timestampColumn('published_at'),
    /** Failed attempts to publish it (the relay puts a failing event off; migration 0026). */
    publishAttempts: integer('publish_attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not taken again before this, after a failed attempt. */
    retryAt: timestampColumn('retry_at'),
  },
  (table) => [
    index('outbox_event_application_idx').on(table.loanApplicationId, table.id),
    index('outbox_event_unpublished_idx').on(table.id).where(sql`published_at IS NULL`),
    // The few events put off after a failed publish: the relay's take asks it, per event, whether an
    // earlier one of the same application is among them (migration 0026).
    index('outbox_event_put_off_idx')
      .on(table.loanApplicationId, table.id)
      .where(sql`published_at IS NULL AND retry_at IS NOT NULL`),
  ],
);
export type OutboxEventRow = typeof outboxEvent.$inferSelect;

export const job = pgTable(
  'job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestampColumn('locked_until'),
    lastError: text('last_error'),
    ...timestamps,
    finishedAt: timestampColumn('finished_at'),
  },
  (table) => [
    index('job_due_idx').on(table.runAt, table.id).where(sql`status IN ('pending', 'running')`),
    // The jobs that used up their attempts, counted by the operators' metrics (migration 0027).
    index('job_failed_idx').on(table.id).where(sql`status = 'failed'`),
  ],
);
export type JobRow = typeof job.$inferSelect;

export const loanRequest = pgTable(
  'loan_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    lenderId: text('lender_id').notNull(),
    status: integer('status').notNull().default(211),
    reasonCode: text('reason_code'),
    reason: text('reason'),
    externalReference: text('external_reference'),
    registeredAt: timestampColumn('registered_at'),
    decidedAt: timestampColumn('decided_at'),
    ...timestamps,
  },
  // No index on status: requests are updated in place (HOT, migration 0025) and are read by application.
  (table) => [unique().on(table.loanApplicationId, table.lenderId)],
);
export type LoanRequestRow = typeof loanRequest.$inferSelect;

export interface StoredDocumentRequest {
  id: string;
  action: 'upload' | 'sign' | 'identify';
  timing: 'before_acceptance' | 'before_approval' | 'before_disbursement';
  category: 'payslip' | 'tax-return' | 'property-value' | 'other' | null;
  status: 'pending' | 'received' | 'resolved' | 'sent';
}

export const loanQuote = pgTable(
  'loan_quote',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    loanRequestId: uuid('loan_request_id')
      .notNull()
      .references(() => loanRequest.id, { onDelete: 'cascade' }),
    lenderId: text('lender_id').notNull(),
    originKey: text('origin_key').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    durationMonths: integer('duration_months').notNull(),
    nominalRate: doublePrecision('nominal_rate').notNull(),
    effectiveRate: doublePrecision('effective_rate'),
    monthlyPayment: doublePrecision('monthly_payment'),
    annuityPayment: doublePrecision('annuity_payment'),
    totalCost: doublePrecision('total_cost'),
    totalPayable: doublePrecision('total_payable'),
    startupFee: doublePrecision('startup_fee').notNull(),
    monthlyFee: doublePrecision('monthly_fee').notNull(),
    feeHandling: text('fee_handling').notNull(),
    offerType: text('offer_type').notNull(),
    loanKind: text('loan_kind').notNull(),
    decision: text('decision').notNull(),
    status: text('status').notNull(),
    withheldReasons: jsonb('withheld_reasons').$type<{ code: string; message: string }[]>(),
    acceptanceStatus: text('acceptance_status'),
    acceptedAt: timestampColumn('accepted_at'),
    entrySource: text('entry_source'),
    signingUrl: text('signing_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    replacesQuoteId: uuid('replaces_quote_id').references((): AnyPgColumn => loanQuote.id),
    documentRequests: jsonb('document_requests').$type<StoredDocumentRequest[]>().notNull().default([]),
    // 0008: the regulatory figures the caps were checked against (issue 17)
    capsBasis: jsonb('caps_basis').$type<CapsBasis>(),
    ...timestamps,
  },
  (table) => [
    unique().on(table.loanRequestId, table.originKey),
    index('loan_quote_application_idx').on(table.loanApplicationId, table.status),
    uniqueIndex('loan_quote_one_acceptance_idx')
      .on(table.loanApplicationId)
      .where(sql`acceptance_status IN ('pending', 'accepted')`),
  ],
);
export type LoanQuoteRow = typeof loanQuote.$inferSelect;

export const productRecommendation = pgTable(
  'product_recommendation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    loanQuoteId: uuid('loan_quote_id').references(() => loanQuote.id, { onDelete: 'cascade' }),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    createdAt,
  },
  (table) => [index('product_recommendation_application_idx').on(table.loanApplicationId, table.createdAt)],
);
export type ProductRecommendationRow = typeof productRecommendation.$inferSelect;

export const externalData = pgTable(
  'external_data',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    source: text('source').notNull(),
    status: text('status').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [unique().on(table.loanApplicationId, table.source)],
);
export type ExternalDataRow = typeof externalData.$inferSelect;

export const loanQuoteConsent = pgTable(
  'loan_quote_consent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    loanQuoteId: uuid('loan_quote_id').references(() => loanQuote.id, { onDelete: 'cascade' }),
    givenBy: text('given_by').notNull(),
    consentVersion: text('consent_version').notNull(),
    createdAt,
  },
  (table) => [index('loan_quote_consent_application_idx').on(table.loanApplicationId)],
);
export type LoanQuoteConsentRow = typeof loanQuoteConsent.$inferSelect;
