import type { RawSession } from '../client.ts';

// The catalogue reads, the row copy and the per-table checksum of `db:move` (ADR 0072). Everything goes
// through SQL both engines speak (PGlite is PostgreSQL), so the same functions read the embedded source
// and write the PostgreSQL target.

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows fetched from the source and inserted into the target at a time. */
const pageRows = 1_000;

/** The schema's tables (schema `public`), by name. */
export async function listTables(session: RawSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

/** Everything in the database that is not PostgreSQL's own: tables, views, sequences, types of any schema. */
export async function userObjects(session: RawSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** The columns an INSERT may write (generated ones are computed by the target). */
async function writableColumns(session: RawSession, table: string): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
      ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.name);
}

/**
 * Copies every row of `table` from `source` to `target` (the target's transaction is open), a page at a
 * time: rows leave the source as JSON (row_to_json) and enter the target through json_populate_recordset,
 * so every type goes through its own text form — jsonb, numeric, bytea, timestamps, arrays alike — and the
 * sealed national ids byte for byte. Answers the rows copied.
 */
export async function copyTable(source: RawSession, target: RawSession, table: string): Promise<number> {
  const columns = (await writableColumns(target, table)).map(quoteIdent).join(', ');
  const name = quoteIdent(table);
  const insert = `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE
    SELECT ${columns} FROM json_populate_recordset(NULL::${name}, $1::json)`;
  // A cursor: the source is read once, in order, without holding the whole table in memory.
  await source.query(
    `DECLARE db_move_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${name} t`,
  );
  let copied = 0;
  try {
    for (;;) {
      const page = await source.query<{ row: string }>(`FETCH ${pageRows} FROM db_move_rows`);
      if (page.length === 0) break;
      await target.query(insert, [`[${page.map((each) => each.row).join(',')}]`]);
      copied += page.length;
    }
  } finally {
    await source.query('CLOSE db_move_rows');
  }
  return copied;
}

export interface TableFigures {
  rows: number;
  /** md5 over the rows' md5s in order: equal tables, equal checksums (order of rows aside). */
  checksum: string;
}

/**
 * Row count and checksum of `table`. Each row's JSON text is hashed and the sorted hashes hashed again
 * (byte order, COLLATE "C": independent of either server's collation); the caller sets TimeZone to UTC so
 * timestamps print alike on both sides.
 */
export async function tableFigures(session: RawSession, table: string): Promise<TableFigures> {
  const [row] = await session.query<{ rows: string | number; checksum: string | null }>(
    `SELECT count(*) AS rows, md5(string_agg(h, '' ORDER BY h COLLATE "C")) AS checksum
       FROM (SELECT md5(row_to_json(t)::text) AS h FROM ${quoteIdent(table)} t) s`,
  );
  return { rows: Number(row?.rows ?? 0), checksum: row?.checksum ?? '-' };
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** Every sequence of the schema and where it stands. */
export async function readSequences(session: RawSession): Promise<SequenceState[]> {
  const names = await session.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const states: SequenceState[] = [];
  for (const { name } of names) {
    const [state] = await session.query<{ last_value: string | number; is_called: boolean }>(
      `SELECT last_value, is_called FROM ${quoteIdent(name)}`,
    );
    states.push({ name, lastValue: String(state?.last_value ?? 1), isCalled: state?.is_called ?? false });
  }
  return states;
}

/** Sets the target's sequences where the source's stand: the next number either hands out is the same. */
export async function writeSequences(session: RawSession, states: readonly SequenceState[]): Promise<void> {
  for (const state of states) {
    await session.query('SELECT setval($1::regclass, $2::bigint, $3::boolean)', [
      quoteIdent(state.name),
      state.lastValue,
      state.isCalled,
    ]);
  }
}

interface ForeignKey {
  table: string;
  name: string;
}

/**
 * The foreign keys checked at once (not deferrable): made deferrable for the copy, so that rows go in in
 * any order (a table that refers to itself, a page holding a child before its parent), and checked all
 * together before the commit. `restore` puts them back as they were.
 */
export async function deferForeignKeys(session: RawSession): Promise<{ restore(): Promise<void> }> {
  const keys = await session.query<ForeignKey>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name FROM pg_constraint c
      WHERE c.contype = 'f' AND NOT c.condeferrable AND c.connamespace = 'public'::regnamespace`,
  );
  for (const key of keys) {
    await session.query(`ALTER TABLE ${key.table} ALTER CONSTRAINT ${quoteIdent(key.name)} DEFERRABLE`);
  }
  await session.query('SET CONSTRAINTS ALL DEFERRED');
  return {
    restore: async () => {
      // The deferred checks run here, over every row copied: a dangling reference fails the move.
      await session.query('SET CONSTRAINTS ALL IMMEDIATE');
      for (const key of keys) {
        await session.query(
          `ALTER TABLE ${key.table} ALTER CONSTRAINT ${quoteIdent(key.name)} NOT DEFERRABLE INITIALLY IMMEDIATE`,
        );
      }
    },
  };
}
