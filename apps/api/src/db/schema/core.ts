import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { openNationalId, sealNationalId } from '../personal-data-cipher.ts';
import { timestampColumn, timestamps } from './columns.ts';

/**
 * A national identity number, encrypted in the column and clear in the row a select answers (ADR 0033).
 * Never compare it in SQL (each write has a fresh iv): find a person by `nationalIdHash`.
 */
const sealedNationalId = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => sealNationalId(value),
  fromDriver: (value) => openNationalId(value),
});

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
    /** Clear in the row, AES-256-GCM in the column (0017/0018). */
    nationalId: sealedNationalId('national_id_sealed').notNull(),
    /** HMAC-SHA256 of the national id: how a person is found by number (person.repository). */
    nationalIdHash: text('national_id_hash').notNull(),
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
    /** Set by the retention job (0019, ADR 0033): every personal field was cleared then. */
    anonymisedAt: timestampColumn('anonymised_at'),
    ...timestamps,
  },
  (table) => [
    unique('person_country_national_id_hash_key').on(table.country, table.nationalIdHash),
    // 0009/0018: staff search by national id (any market, through its hash), phone, e-mail
    index('person_national_id_hash_idx').on(table.nationalIdHash),
    index('person_phone_idx').on(table.phone).where(sql`phone IS NOT NULL`),
    index('person_email_idx').on(sql`lower(${table.email})`).where(sql`email IS NOT NULL`),
    // 0030: staff search by name, a prefix either way round (issue 38)
    index('person_search_name_idx').on(
      sql`staff_search_name(${table.firstName}, ${table.lastName}) text_pattern_ops`,
    ),
    index('person_search_name_reversed_idx').on(
      sql`staff_search_name(${table.lastName}, ${table.firstName}) text_pattern_ops`,
    ),
  ],
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
    // 0009: staff search by phone
    index('customer_phone_idx').on(table.phone).where(sql`phone IS NOT NULL`),
  ],
);
