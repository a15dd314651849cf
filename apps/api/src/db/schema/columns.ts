import { timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at, as every table has them. Spread into a table's columns. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** A nullable timestamptz column read as a Date. */
export const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
