import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn, timestamps } from './columns.ts';

// Mirrors migrations/0001_core.sql (schema.test.ts checks that they agree).

export const client = pgTable('client', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind').notNull().default('partner'),
  country: text('country'),
  ...timestamps,
});

export const person = pgTable(
  'person',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    nationalId: text('national_id').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    addressKind: text('address_kind'),
    streetAddress: text('street_address'),
    coName: text('co_name'),
    postalCode: text('postal_code'),
    city: text('city'),
    addressCountry: text('address_country'),
    citizenship: text('citizenship'),
    isPoliticallyExposed: boolean('is_politically_exposed'),
    politicallyExposedRole: text('politically_exposed_role'),
    ...timestamps,
  },
  (table) => [unique().on(table.country, table.nationalId)],
);

export const customer = pgTable(
  'customer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id').references(() => person.id),
    clientId: uuid('client_id').references(() => client.id),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phone: text('phone'),
    brand: text('brand').notNull(),
    country: text('country').notNull(),
    acceptedTermsVersion: text('accepted_terms_version'),
    acceptedTermsAt: timestampColumn('accepted_terms_at'),
    acceptedTermsBrand: text('accepted_terms_brand'),
    ...timestamps,
  },
  (table) => [
    index('customer_person_idx').on(table.personId),
    index('customer_email_idx').on(sql`lower(${table.email})`),
  ],
);
