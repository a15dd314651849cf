import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestampColumn, timestamps } from './columns.ts';
import { client, customer, person } from './core.ts';

// Mirrors migrations/0002_applications.sql (schema.test.ts checks that they agree); the SQL file carries
// the comments on what each column means. Money is whole units of the country's currency.

const createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const loanApplication = pgTable(
  'loan_application',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    humanReadableId: text('human_readable_id')
      .notNull()
      .unique()
      .default(sql`('NL-' || nextval('loan_application_number_seq')::text)`),
    legacyId: text('legacy_id'),
    product: text('product').notNull(),
    status: integer('status').notNull().default(100),
    brand: text('brand').notNull(),
    country: text('country').notNull(),
    customerId: uuid('customer_id').references(() => customer.id),
    personId: uuid('person_id').references(() => person.id),
    coApplicantPersonId: uuid('co_applicant_person_id').references(() => person.id),
    clientId: uuid('client_id').references(() => client.id),
    applicantMode: text('applicant_mode').notNull().default('Normal'),
    amount: integer('amount'),
    durationYears: integer('duration_years'),
    loanPurpose: text('loan_purpose'),
    currentStep: text('current_step'),
    completedSteps: jsonb('completed_steps').$type<string[]>().notNull().default([]),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    cloneOrigin: text('clone_origin'),
    clonedFromId: uuid('cloned_from_id').references((): AnyPgColumn => loanApplication.id),
    archivedAt: timestampColumn('archived_at'),
    archiveReason: text('archive_reason'),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    index('loan_application_customer_idx').on(table.customerId, table.createdAt.desc()),
    index('loan_application_person_idx').on(table.personId),
    index('loan_application_co_applicant_idx').on(table.coApplicantPersonId),
    index('loan_application_country_status_idx').on(table.country, table.status),
    index('loan_application_created_idx').on(table.createdAt.desc()),
    index('loan_application_legacy_idx').on(table.legacyId),
  ],
);
export type LoanApplicationRow = typeof loanApplication.$inferSelect;

export const loanApplicationApplicant = pgTable(
  'loan_application_applicant',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    personId: uuid('person_id').references(() => person.id),
    maritalStatus: text('marital_status'),
    education: text('education'),
    livingSituation: text('living_situation'),
    housingType: text('housing_type'),
    housingCostMonthly: integer('housing_cost_monthly'),
    partnerLivingCostMonthly: integer('partner_living_cost_monthly'),
    childrenCount: integer('children_count'),
    employmentType: text('employment_type'),
    employerName: text('employer_name'),
    employmentStart: date('employment_start', { mode: 'string' }),
    employmentEnd: date('employment_end', { mode: 'string' }),
    industry: text('industry'),
    jobLevel: text('job_level'),
    jobTitle: text('job_title'),
    grossYearlyIncome: integer('gross_yearly_income'),
    netMonthlyIncome: integer('net_monthly_income'),
    otherIncomeMonthly: integer('other_income_monthly'),
    mainBank: text('main_bank'),
    isPoliticallyExposed: boolean('is_politically_exposed'),
    ...timestamps,
  },
  (table) => [
    unique().on(table.loanApplicationId, table.role),
    index('loan_application_applicant_person_idx').on(table.personId),
  ],
);
export type LoanApplicationApplicantRow = typeof loanApplicationApplicant.$inferSelect;

export const loanApplicationRevision = pgTable(
  'loan_application_revision',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    status: integer('status').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    changedBy: text('changed_by').notNull(),
    reason: text('reason').notNull(),
    createdAt,
  },
  (table) => [
    unique().on(table.loanApplicationId, table.revision),
    index('loan_application_revision_status_idx').on(table.loanApplicationId, table.status),
  ],
);
export type LoanApplicationRevisionRow = typeof loanApplicationRevision.$inferSelect;

/** A person who was an applicant of the application and is no longer (migration 0023; ADR 0033). */
export const loanApplicationFormerApplicant = pgTable(
  'loan_application_former_applicant',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: uuid('loan_application_id')
      .notNull()
      .references(() => loanApplication.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => person.id),
    leftAt: timestamp('left_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    unique().on(table.loanApplicationId, table.personId),
    index('loan_application_former_applicant_person_idx').on(table.personId),
  ],
);

const applicationReference = () =>
  uuid('loan_application_id')
    .notNull()
    .references(() => loanApplication.id, { onDelete: 'cascade' });

export const car = pgTable(
  'car',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    ownerRole: text('owner_role').notNull().default('MainApplicant'),
    ownership: text('ownership').notNull(),
    registrationNumber: text('registration_number'),
    make: text('make'),
    model: text('model'),
    modelYear: integer('model_year'),
    estimatedValue: integer('estimated_value'),
    monthlyCost: integer('monthly_cost'),
    ...timestamps,
  },
  (table) => [index('car_application_idx').on(table.loanApplicationId)],
);
export type CarRow = typeof car.$inferSelect;

export const child = pgTable(
  'child',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    ownerRole: text('owner_role').notNull().default('MainApplicant'),
    birthYear: integer('birth_year').notNull(),
    sharedCustody: boolean('shared_custody').notNull().default(false),
    childSupportPaidMonthly: integer('child_support_paid_monthly'),
    childSupportReceivedMonthly: integer('child_support_received_monthly'),
    ...timestamps,
  },
  (table) => [index('child_application_idx').on(table.loanApplicationId)],
);
export type ChildRow = typeof child.$inferSelect;

export const debt = pgTable(
  'debt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    ownerRole: text('owner_role').notNull().default('MainApplicant'),
    debtType: text('debt_type').notNull(),
    source: smallint('source').notNull().default(1),
    creditor: text('creditor'),
    balance: integer('balance').notNull(),
    creditLimit: integer('credit_limit'),
    monthlyPayment: integer('monthly_payment'),
    interestRate: numeric('interest_rate', { precision: 7, scale: 4, mode: 'number' }),
    remainingTermMonths: integer('remaining_term_months'),
    isRefinanced: boolean('is_refinanced').notNull().default(false),
    externalRef: text('external_ref'),
    // Migration 0043 (ADR 0080): where a refinanced debt is paid off, and the lender's confirmation.
    payoffAccount: text('payoff_account'),
    payoffReference: text('payoff_reference'),
    payoffConfirmedAmount: integer('payoff_confirmed_amount'),
    payoffConfirmedAt: timestamp('payoff_confirmed_at', { withTimezone: true, mode: 'date' }),
    payoffLenderReference: text('payoff_lender_reference'),
    ...timestamps,
  },
  (table) => [index('debt_application_idx').on(table.loanApplicationId)],
);
export type DebtRow = typeof debt.$inferSelect;

export const expense = pgTable(
  'expense',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    ownerRole: text('owner_role').notNull().default('MainApplicant'),
    categoryId: smallint('category_id').notNull(),
    monthlyAmount: integer('monthly_amount').notNull(),
    ...timestamps,
  },
  (table) => [index('expense_application_idx').on(table.loanApplicationId)],
);
export type ExpenseRow = typeof expense.$inferSelect;

export const channelSnapshot = pgTable(
  'channel_snapshot',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    referrer: text('referrer'),
    partner: text('partner'),
    landingPage: text('landing_page'),
    device: text('device'),
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt,
  },
  (table) => [index('channel_snapshot_application_idx').on(table.loanApplicationId, table.createdAt)],
);
export type ChannelSnapshotRow = typeof channelSnapshot.$inferSelect;

export const applicationLock = pgTable(
  'application_lock',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanApplicationId: applicationReference(),
    originalRevision: integer('original_revision').notNull(),
    lockedBy: text('locked_by').notNull(),
    reason: text('reason'),
    createdAt,
    releasedAt: timestampColumn('released_at'),
  },
  (table) => [
    index('application_lock_active_idx').on(table.loanApplicationId).where(sql`released_at IS NULL`),
  ],
);
export type ApplicationLockRow = typeof applicationLock.$inferSelect;
