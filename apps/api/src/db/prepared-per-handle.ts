import type { Executor } from './client.ts';

/**
 * A prepared statement made once per database handle (or transaction) and reused: Drizzle builds the SQL
 * once and PostgreSQL plans it once per connection. For the hot reads, where building the query was a
 * fifth of a request's CPU (issue 12, docs/performance-api.md).
 */
export function preparedPerHandle<Prepared>(prepare: (db: Executor) => Prepared): (db: Executor) => Prepared {
  const made = new WeakMap<Executor, Prepared>();
  return (db) => {
    let prepared = made.get(db);
    if (!prepared) {
      prepared = prepare(db);
      made.set(db, prepared);
    }
    return prepared;
  };
}
