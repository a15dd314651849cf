import type pg from 'pg';
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

/**
 * Behind PgBouncer in transaction mode (Debian 12's 1.18 does not track protocol-level prepared statements;
 * ADR 0070) a statement prepared by name on one server connection is unknown on the next, and node-postgres
 * prepares a name only once per client connection. On such a pool every query goes out unnamed: still
 * built once by Drizzle (the CPU this file saves), parsed and planned by PostgreSQL per execution.
 */
export function withoutStatementNames(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = new WeakMap<object, object>();
  (client as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'name' in config && (config as { name?: unknown }).name) {
      let copy = unnamed.get(config);
      if (!copy) {
        copy = { ...config, name: undefined };
        unnamed.set(config, copy);
      }
      return query(copy, ...rest);
    }
    return query(config, ...rest);
  };
}
