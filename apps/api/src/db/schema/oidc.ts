import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn, timestamps } from './columns.ts';
import { customer } from './core.ts';

// Mirrors migrations/0013_oidc_login.sql and 0022_oidc_login_token_role.sql (schema.test.ts checks that they agree); the SQL file carries
// the comments on what each column means.

export const oidcLoginAttempt = pgTable(
  'oidc_login_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull().unique(),
    browserBindingHash: text('browser_binding_hash').notNull(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    brand: text('brand'),
    returnTo: text('return_to').notNull(),
    linkCustomerId: uuid('link_customer_id').references(() => customer.id, { onDelete: 'cascade' }),
    tokenRole: text('token_role'),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('oidc_login_attempt_expires_idx').on(table.expiresAt)],
);

export type OidcLoginAttemptRow = typeof oidcLoginAttempt.$inferSelect;
export type NewOidcLoginAttemptRow = typeof oidcLoginAttempt.$inferInsert;
