import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  getTableConfig,
  type IndexedColumn,
  PgDialect,
  PgTable,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#src/test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { migrate, readMigrations } from './migrate.ts';

// The Drizzle schema (what the code queries) and the SQL migrations (what the database has) are both
// written by hand (docs/decisions/0018: a drift test rather than generated migrations). This test keeps
// them from drifting apart: tables, columns, nullability, column types, SQL defaults, primary keys,
// unique constraints and indexes, compared both ways against a freshly migrated database.

const schemaDir = join(dirname(fileURLToPath(import.meta.url)), 'schema');
/** Bookkeeping of the migration runner (migrate.ts), not part of the product's schema. */
const runnerTables = new Set(['schema_migrations']);
const dialect = new PgDialect();

async function drizzleTables(): Promise<PgTable[]> {
  const tables: PgTable[] = [];
  for (const file of readdirSync(schemaDir).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  )) {
    const module = (await import(join(schemaDir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (is(value, PgTable)) tables.push(value);
  }
  return tables;
}

interface DatabaseColumn {
  table_name: string;
  column_name: string;
  type: string;
  not_null: boolean;
  default_value: string | null;
}

interface DatabaseIndex {
  table_name: string;
  index_name: string;
  is_unique: boolean;
  is_primary: boolean;
  is_partial: boolean;
  columns: string;
}

// ── Normalising both sides to one spelling ─────────────────────────────────────────────────────────

/** Drizzle's SQL type names → PostgreSQL's format_type() spelling. */
function normaliseType(sqlType: string): string {
  const type = sqlType
    .trim()
    .toLowerCase()
    .replace(/\s*,\s*/g, ',');
  const array = type.endsWith('[]') ? '[]' : '';
  const base = array ? type.slice(0, -2) : type;
  const named: Record<string, string> = {
    serial: 'integer',
    bigserial: 'bigint',
    smallserial: 'smallint',
    int: 'integer',
    int4: 'integer',
    int8: 'bigint',
    bool: 'boolean',
    timestamp: 'timestamp without time zone',
    timestamptz: 'timestamp with time zone',
    varchar: 'character varying',
    char: 'character',
    float8: 'double precision',
  };
  const match = /^([a-z ]+?)(\(.*\))?$/.exec(base);
  const name = match?.[1] ?? base;
  const params = match?.[2] ?? '';
  const spelled = (named[name] ?? name).replace(/^varchar$/, 'character varying');
  return `${spelled}${params}${array}`;
}

/** A database default as written in the migration, without casts and quotes: `'partner'::text` → `partner`. */
function normaliseDatabaseDefault(value: string | null): string | null {
  if (value === null) return null;
  let text = value.trim();
  for (;;) {
    const stripped = text.replace(/::[a-z_ ]+(\(\d+(,\s*\d+)?\))?(\[\])?$/i, '').trim();
    if (stripped === text) break;
    text = stripped;
  }
  if (/^\(.*\)$/.test(text) && !/^\(.*\)\(/.test(text)) text = text.slice(1, -1).trim();
  if (/^'.*'$/s.test(text)) text = text.slice(1, -1).replace(/''/g, "'");
  return text.toLowerCase() === 'current_timestamp' ? 'now()' : text;
}

/** The SQL default a Drizzle column declares (`.default()`, `.defaultNow()`, `.defaultRandom()`), spelled
 * as normaliseDatabaseDefault spells the database's; null when it declares none in SQL. */
function drizzleDefault(column: AnyPgColumn): string | null {
  const value = column.default;
  if (value === undefined) return null;
  if (is(value, SQL)) return normaliseDatabaseDefault(dialect.sqlToQuery(value).sql);
  // A PostgreSQL array literal for an array column; JSON for a json(b) column.
  if (Array.isArray(value) && column.getSQLType().endsWith('[]')) return `{${value.map(String).join(',')}}`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Defaults compare by meaning: a JSON default by value (`{"a": 1}` is `{"a":1}`), a number as a number,
 * an expression without the casts and brackets PostgreSQL adds when it stores one. */
function sameDefault(type: string, left: string | null, right: string | null): boolean {
  if (left === right) return true;
  if (left === null || right === null) return false;
  if (type === 'jsonb' || type === 'json') {
    try {
      return JSON.stringify(JSON.parse(left)) === JSON.stringify(JSON.parse(right));
    } catch {
      return false;
    }
  }
  if (/^(integer|bigint|smallint|numeric|real|double precision)/.test(type))
    return Number(left) === Number(right);
  const bare = (text: string) => text.replace(/::[a-z_]+/gi, '').replace(/[()\s]/g, '');
  return bare(left) === bare(right);
}

/** An indexed column as pg_get_indexdef spells it: `seq desc`, `lower(email)`. */
function indexedColumnName(table: string, column: Partial<IndexedColumn | SQL>): string {
  if (is(column, SQL)) {
    return dialect
      .sqlToQuery(column as SQL)
      .sql.replace(/"/g, '')
      .replaceAll(`${table}.`, '')
      .toLowerCase();
  }
  const order = (column as { indexConfig?: { order?: string } }).indexConfig?.order;
  return `${(column as { name: string }).name}${order === 'desc' ? ' desc' : ''}`;
}

const signature = (table: string, unique: boolean, columns: string[], partial: boolean) =>
  `${table} ${unique ? 'UNIQUE ' : ''}(${columns.join(', ')})${partial ? ' WHERE …' : ''}`;

// ── What each side declares ────────────────────────────────────────────────────────────────────────

interface Declared {
  columns: Map<string, { type: string; notNull: boolean; default: string | null; jsDefault: boolean }>;
  primaryKeys: Map<string, string[]>;
  /** Index and unique-constraint signatures (names aside: SQL and Drizzle name constraints differently). */
  indexes: Set<string>;
}

async function declaredByDrizzle(): Promise<Declared> {
  const declared: Declared = { columns: new Map(), primaryKeys: new Map(), indexes: new Set() };
  for (const table of await drizzleTables()) {
    const config = getTableConfig(table);
    const primary: string[] = [];
    for (const column of config.columns) {
      declared.columns.set(`${config.name}.${column.name}`, {
        type: normaliseType(column.getSQLType()),
        notNull: column.notNull,
        default: drizzleDefault(column),
        jsDefault: column.defaultFn !== undefined || column.onUpdateFn !== undefined,
      });
      if (column.primary) primary.push(column.name);
      if (column.isUnique) declared.indexes.add(signature(config.name, true, [column.name], false));
    }
    for (const key of config.primaryKeys) primary.push(...key.columns.map((column) => column.name));
    if (primary.length > 0) declared.primaryKeys.set(config.name, primary);
    for (const constraint of config.uniqueConstraints) {
      declared.indexes.add(
        signature(
          config.name,
          true,
          constraint.columns.map((column) => column.name),
          false,
        ),
      );
    }
    for (const index of config.indexes) {
      declared.indexes.add(
        signature(
          config.name,
          index.config.unique,
          index.config.columns.map((column) => indexedColumnName(config.name, column)),
          index.config.where !== undefined,
        ),
      );
    }
  }
  return declared;
}

/** The column list of `CREATE [UNIQUE] INDEX … USING btree (a, lower(b))`, split at top-level commas. */
function indexColumns(definition: string): string[] {
  const start = definition.indexOf('(', definition.indexOf(' USING '));
  let depth = 0;
  let current = '';
  const columns: string[] = [];
  for (const character of definition.slice(start + 1)) {
    if (character === '(') depth += 1;
    if (character === ')') {
      if (depth === 0) break;
      depth -= 1;
    }
    if (character === ',' && depth === 0) {
      columns.push(current.trim());
      current = '';
    } else current += character;
  }
  columns.push(current.trim());
  return columns.map((column) => column.replace(/"/g, '').toLowerCase());
}

async function declaredByMigrations(database: DatabaseHandle): Promise<Declared> {
  const [columns, indexes] = await database.withSession(async (session) => [
    await session.query<DatabaseColumn>(
      `SELECT c.relname AS table_name, a.attname AS column_name,
              format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
              pg_get_expr(d.adbin, d.adrelid) AS default_value
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
    ),
    await session.query<DatabaseIndex>(
      `SELECT t.relname AS table_name, i.relname AS index_name, ix.indisunique AS is_unique,
              ix.indisprimary AS is_primary, ix.indpred IS NOT NULL AS is_partial,
              pg_get_indexdef(ix.indexrelid) AS columns
         FROM pg_index ix
         JOIN pg_class i ON i.oid = ix.indexrelid
         JOIN pg_class t ON t.oid = ix.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = 'public'`,
    ),
  ]);
  const declared: Declared = { columns: new Map(), primaryKeys: new Map(), indexes: new Set() };
  for (const row of columns as DatabaseColumn[]) {
    if (runnerTables.has(row.table_name)) continue;
    const type = row.type.toLowerCase();
    const serial = /^nextval\(/.test(row.default_value ?? '');
    declared.columns.set(`${row.table_name}.${row.column_name}`, {
      type,
      notNull: row.not_null,
      // A serial's sequence default is how Drizzle's serial() is spelled in SQL: the type carries it.
      default: serial ? null : normaliseDatabaseDefault(row.default_value),
      jsDefault: false,
    });
  }
  for (const row of indexes as DatabaseIndex[]) {
    if (runnerTables.has(row.table_name)) continue;
    const indexed = indexColumns(row.columns);
    if (row.is_primary) declared.primaryKeys.set(row.table_name, indexed);
    else declared.indexes.add(signature(row.table_name, row.is_unique, indexed, row.is_partial));
  }
  return declared;
}

describe('database schema', () => {
  let database: DatabaseHandle;
  let drizzle: Declared;
  let sql: Declared;
  beforeAll(async () => {
    database = await createTestDatabase();
    [drizzle, sql] = await Promise.all([declaredByDrizzle(), declaredByMigrations(database)]);
  });
  afterAll(async () => {
    await database.close();
  });

  it('every Drizzle column exists in the migrated database and every database column in Drizzle', () => {
    const missingInSql = [...drizzle.columns.keys()].filter((key) => !sql.columns.has(key));
    const missingInDrizzle = [...sql.columns.keys()].filter((key) => !drizzle.columns.has(key));
    expect({ missingInSql, missingInDrizzle }).toEqual({ missingInSql: [], missingInDrizzle: [] });
  });

  it('columns agree in nullability, type and SQL default', () => {
    const problems: string[] = [];
    for (const [key, ours] of drizzle.columns) {
      const theirs = sql.columns.get(key);
      if (!theirs) continue;
      if (ours.notNull !== theirs.notNull) problems.push(`${key} differs in nullability`);
      if (ours.type !== theirs.type)
        problems.push(`${key} is ${ours.type} in Drizzle, ${theirs.type} in SQL`);
      // A default computed in JavaScript ($defaultFn) is Drizzle's own; only SQL defaults must agree.
      if (!ours.jsDefault && !sameDefault(theirs.type, ours.default, theirs.default)) {
        problems.push(
          `${key} defaults to ${ours.default ?? 'nothing'} in Drizzle, ${theirs.default ?? 'nothing'} in SQL`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('primary keys, unique constraints and indexes agree', () => {
    const keys = (declared: Declared) =>
      new Set(
        [...declared.primaryKeys].map(([table, columns]) => `${table} PRIMARY KEY (${columns.join(', ')})`),
      );
    const only = (left: Set<string>, right: Set<string>) =>
      [...left].filter((item) => !right.has(item)).sort();
    expect({
      onlyInDrizzle: [...only(keys(drizzle), keys(sql)), ...only(drizzle.indexes, sql.indexes)],
      onlyInSql: [...only(keys(sql), keys(drizzle)), ...only(sql.indexes, drizzle.indexes)],
    }).toEqual({ onlyInDrizzle: [], onlyInSql: [] });
  });

  it('the comparison notices drift: types, defaults and index columns are read, not assumed', () => {
    expect(normaliseType('varchar(200)')).toBe('character varying(200)');
    expect(normaliseType('numeric(12, 2)')).toBe('numeric(12,2)');
    expect(normaliseType('timestamp')).toBe('timestamp without time zone');
    expect(normaliseType('text[]')).toBe('text[]');
    expect(normaliseDatabaseDefault("'partner'::text")).toBe('partner');
    expect(normaliseDatabaseDefault("'{}'::jsonb")).toBe('{}');
    expect(normaliseDatabaseDefault('CURRENT_TIMESTAMP')).toBe('now()');
    expect(sameDefault('text', 'partner', 'lender')).toBe(false);
    expect(sameDefault('jsonb', '{"a": 1}', '{"a":1}')).toBe(true);
    expect(sameDefault('jsonb', '[]', '{}')).toBe(false);
    expect(
      sameDefault('text', "'NL-' || nextval('seq')::text", "'NL-'::text || (nextval('seq'::regclass))::text"),
    ).toBe(true);
    expect(sameDefault('text', "'NL-' || nextval('seq')::text", "'XX-' || nextval('seq')::text")).toBe(false);
    expect(indexColumns('CREATE UNIQUE INDEX x ON public.t USING btree (a, lower(b), c)')).toEqual([
      'a',
      'lower(b)',
      'c',
    ]);
    // A column known to both sides: the migrated database is really read.
    expect(sql.columns.get('customer.email_verified')).toMatchObject({ type: 'boolean', default: 'false' });
    expect(drizzle.columns.get('customer.email_verified')).toMatchObject({
      type: 'boolean',
      default: 'false',
    });
  });

  it('migrations are idempotent: a second run applies nothing', async () => {
    expect(await migrate(database)).toEqual([]);
  });

  it('refuses a migration that was edited after it was applied', async () => {
    const [first, ...rest] = readMigrations();
    await expect(migrate(database, [{ ...first!, checksum: 'edited' }, ...rest])).rejects.toThrow(
      /was changed/,
    );
  });
});
