import type { TokenRole } from '@nordloan/domain/auth';
import type { BucketAction } from '@nordloan/domain/backoffice';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestampColumn, timestamps } from './columns.ts';
import { client, customer, person } from './core.ts';

// Mirrors migrations/0003_backoffice.sql (schema.test.ts checks that they agree); the comments on each
// column are in the SQL. Foreign keys to loan_application are declared in SQL only: its Drizzle table
// belongs to the loan-application module, and these repositories never join through Drizzle relations.

export const agent = pgTable(
  'agent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    disabled: boolean('disabled').notNull().default(false),
    marketCountry: text('market_country').notNull(),
    roles: jsonb('roles').$type<TokenRole[]>().notNull().default([]),
    // 0035: a lender portal user's lender (ADR 0068); the foreign key is declared in SQL only.
    lenderId: text('lender_id'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('agent_email_idx').on(sql`lower(${table.email})`).where(sql`email IS NOT NULL`),
    index('agent_lender_idx').on(table.lenderId).where(sql`lender_id IS NOT NULL`),
  ],
);

export const bucket = pgTable('bucket', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  priority: integer('priority').notNull(),
  requiresAceAction: boolean('requires_ace_action').notNull().default(false),
  actions: jsonb('actions').$type<BucketAction[] | null>(),
  conditionsExplanation: text('conditions_explanation').notNull().default(''),
  // 0009: the work-queue rule that fills the bucket (ADR 0021)
  rule: text('rule').unique(),
  ...timestamps,
});

export const assignment = pgTable(
  'assignment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id').notNull(),
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => bucket.id),
    assigneeId: uuid('assignee_id').references(() => agent.id),
    processedAt: timestampColumn('processed_at'),
    processedBy: uuid('processed_by').references(() => agent.id),
    country: text('country').notNull(),
    bucketUpdatedAt: timestampColumn('bucket_updated_at').notNull().defaultNow(),
    revision: integer('revision').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('assignment_one_open_per_application_idx')
      .on(table.loanApplicationId)
      .where(sql`processed_at IS NULL`),
    index('assignment_bucket_open_idx').on(table.bucketId, table.country).where(sql`processed_at IS NULL`),
    index('assignment_assignee_idx').on(table.assigneeId).where(sql`assignee_id IS NOT NULL`),
    // 0009 (ADR 0021): queue page and take-next; summaries (INCLUDE assignee_id, bucket_updated_at in SQL);
    // an agent's open items
    index('assignment_queue_idx')
      .on(table.bucketId, table.country, table.bucketUpdatedAt, table.id)
      .where(sql`processed_at IS NULL`),
    index('assignment_summary_idx').on(table.country, table.bucketId).where(sql`processed_at IS NULL`),
    index('assignment_assignee_open_idx')
      .on(table.assigneeId, table.bucketUpdatedAt)
      .where(sql`processed_at IS NULL`),
  ],
);

export const callOrder = pgTable(
  'call_order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id').notNull(),
    clientId: uuid('client_id').references(() => client.id),
    marketCountry: text('market_country').notNull(),
    loanApplicationStatus: integer('loan_application_status').notNull(),
    bucketName: text('bucket_name'),
    customerPhoneNumber: text('customer_phone_number').notNull(),
    outboundNumberType: text('outbound_number_type').notNull(),
    tags: text('tags').array(),
    ...timestamps,
  },
  (table) => [
    index('call_order_country_idx').on(table.marketCountry, table.createdAt),
    index('call_order_application_idx').on(table.loanApplicationId),
  ],
);

export const callRecord = pgTable(
  'call_record',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => callOrder.id, { onDelete: 'set null' }),
    loanApplicationId: uuid('loan_application_id'),
    clientId: uuid('client_id').references(() => client.id),
    agentId: uuid('agent_id').references(() => agent.id),
    marketCountry: text('market_country').notNull(),
    loanApplicationStatus: integer('loan_application_status'),
    bucketName: text('bucket_name'),
    customerPhoneNumber: text('customer_phone_number').notNull(),
    outboundNumberType: text('outbound_number_type'),
    tags: text('tags').array(),
    outboundPhoneNumber: text('outbound_phone_number'),
    externalRef: text('external_ref').unique(),
    outbound: boolean('outbound').notNull(),
    orderedAt: timestampColumn('ordered_at'),
    initiatedAt: timestampColumn('initiated_at'),
    answeredAt: timestampColumn('answered_at'),
    answered: boolean('answered').notNull().default(false),
    wentToVoicemail: boolean('went_to_voicemail').notNull().default(false),
    endedAt: timestampColumn('ended_at'),
    stateDescription: text('state_description'),
    // 0030: the agent's wrap-up (issue 38), saved once with the time and the agent.
    outcome: text('outcome'),
    wrapUpNote: text('wrap_up_note'),
    nextContactDate: date('next_contact_date', { mode: 'string' }),
    wrappedUpAt: timestampColumn('wrapped_up_at'),
    wrappedUpBy: uuid('wrapped_up_by').references(() => agent.id),
    ...timestamps,
  },
  (table) => [
    index('call_record_order_idx').on(table.orderId),
    index('call_record_application_idx').on(table.loanApplicationId),
  ],
);

export const personCheck = pgTable(
  'person_check',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => person.id),
    loanApplicationId: uuid('loan_application_id'),
    fullName: text('full_name').notNull(),
    isPep: boolean('is_pep').notNull(),
    isRca: boolean('is_rca').notNull(),
    isSanctioned: boolean('is_sanctioned').notNull(),
    details: text('details'),
    ...timestamps,
  },
  (table) => [
    index('person_check_person_idx').on(table.personId, table.createdAt.desc()),
    // migrations/0010_screening_review.sql: open hits per application
    index('person_check_application_idx').on(table.loanApplicationId, table.createdAt),
  ],
);

export const realEstate = pgTable(
  'real_estate',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => person.id),
    source: text('source').notNull(),
    fetchId: text('fetch_id'),
    ownershipType: text('ownership_type'),
    realEstateType: text('real_estate_type'),
    estimatedValueReferenceNumber: text('estimated_value_reference_number'),
    totalMarketValueEstimate: integer('total_market_value_estimate'),
    totalMarketValueEstimateApproved: integer('total_market_value_estimate_approved'),
    marketScoreArea: doublePrecision('market_score_area'),
    marketScoreMunicipality: doublePrecision('market_score_municipality'),
    sectionNumber: text('section_number'),
    streetName: text('street_name'),
    streetNumber: text('street_number'),
    streetLetter: text('street_letter'),
    postcode: text('postcode'),
    municipality: text('municipality'),
    cadastreBNumber: text('cadastre_b_number'),
    cadastreFNumber: text('cadastre_f_number'),
    cadastreGNumber: text('cadastre_g_number'),
    cadastreKNumber: text('cadastre_k_number'),
    cadastreSNumber: text('cadastre_s_number'),
    primaryLivingArea: doublePrecision('primary_living_area'),
    isInsured: boolean('is_insured'),
    insuranceCompany: text('insurance_company'),
    cooperativeCommonDebt: integer('cooperative_common_debt'),
    cooperativeOrganizationNumber: text('cooperative_organization_number'),
    cooperativeShareNumber: text('cooperative_share_number'),
    // 0012: secured loans (ADR 0027)
    lookupStatus: text('lookup_status'),
    lookupMessage: text('lookup_message'),
    applicantValueEstimate: integer('applicant_value_estimate'),
    existingMortgage: integer('existing_mortgage'),
    ...timestamps,
  },
  (table) => [
    index('real_estate_person_idx').on(table.personId),
    uniqueIndex('real_estate_fetch_idx').on(table.source, table.fetchId).where(sql`fetch_id IS NOT NULL`),
  ],
);

export const realEstateLink = pgTable(
  'real_estate_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id').notNull(),
    realEstateId: uuid('real_estate_id')
      .notNull()
      .references(() => realEstate.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [
    unique().on(table.loanApplicationId, table.realEstateId),
    index('real_estate_link_real_estate_idx').on(table.realEstateId),
  ],
);

export const insuranceRequest = pgTable(
  'insurance_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => person.id),
    customerId: uuid('customer_id').references(() => customer.id),
    loanApplicationId: uuid('loan_application_id'),
    brand: text('brand').notNull(),
    country: text('country').notNull(),
    insurer: text('insurer').notNull(),
    insuredMonthlyAmount: integer('insured_monthly_amount').notNull(),
    monthlyPremium: integer('monthly_premium').notNull(),
    decision: text('decision').notNull().default('new'),
    decidedAt: timestampColumn('decided_at'),
    ...timestamps,
  },
  (table) => [
    unique().on(table.id, table.decision),
    index('insurance_request_person_idx').on(table.personId),
    // 0011: one undecided request per person (ADR 0026)
    uniqueIndex('insurance_request_open_idx').on(table.personId).where(sql`decision = 'new'`),
  ],
);

export const insurancePolicy = pgTable(
  'insurance_policy',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id').notNull().unique(),
    requestDecision: text('request_decision').notNull().default('approved'),
    personId: uuid('person_id')
      .notNull()
      .references(() => person.id),
    insurer: text('insurer').notNull(),
    policyNumber: text('policy_number').notNull(),
    insuredMonthlyAmount: integer('insured_monthly_amount').notNull(),
    monthlyPremium: integer('monthly_premium').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    terminatedAt: timestampColumn('terminated_at'),
    terminationReason: text('termination_reason'),
    ...timestamps,
  },
  (table) => [
    unique().on(table.insurer, table.policyNumber),
    index('insurance_policy_person_idx').on(table.personId),
  ],
);
