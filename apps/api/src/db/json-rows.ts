import { type Column, getTableColumns, getTableName, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * A correlated sub-select that answers the rows of `table` matching `where` as one JSON array, and the
 * function that turns that array back into the same typed rows a Drizzle select would give (each column
 * through its own driver mapping: timestamps to Date, jsonb parsed, …).
 *
 * Why: a read that needs a parent row and its children (an application and its applicants) then takes
 * one round trip instead of one per table; on the hot read path that was most of the CPU (issue 12,
 * docs/performance-api.md).
 */
export function jsonRows<T extends Table>(
  table: T,
  options: { where: SQL; orderBy?: SQL },
): { select: SQL<unknown>; read: (value: unknown) => T['$inferSelect'][] } {
  // The table's own name is its whole-row reference inside the sub-select.
  const order = options.orderBy ? sql` ORDER BY ${options.orderBy}` : sql``;
  const select = sql`coalesce((SELECT json_agg(${table}${order}) FROM ${table} WHERE ${options.where}), '[]'::json)`;
  const read = (value: unknown): T['$inferSelect'][] => {
    const list = parsedJson<Record<string, unknown>[]>(value);
    return list.map((json) => rowFromJson(table, json));
  };
  return { select, read };
}

/**
 * A json column's value: node-postgres parses `json` itself, but a value may also arrive as text (PGlite,
 * a driver without the type's parser).
 */
export function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * One row of `table` given as JSON (`to_json(row)`, a `json_agg` element, a CTE's `RETURNING` as JSON),
 * turned into the typed row a Drizzle select would give: each column through its own driver mapping.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const driverValue = json[column.name];
    row[key] =
      driverValue === null || driverValue === undefined ? null : column.mapFromDriverValue(driverValue);
  }
  return row as T['$inferSelect'];
}

/**
 * An INSERT of many rows of `table` with ONE jsonb parameter (`jsonb_populate_recordset` on the table's own
 * row type), in the order given: Drizzle builds no parameter per value, which for a batch's multi-row
 * inserts (thousands of values: its quotes, events, jobs) was a quarter of the worker's time (ADR 0047).
 * Values go as JSON: a Date as its ISO string, a jsonb column as its value; the columns no row gives keep
 * their defaults, a column some rows leave out is null in those. For tables without custom column types.
 * `returning`: every inserted row as one json column `row`, for rowFromJson.
 */
export function insertRowsAsJson<T extends Table>(
  table: T,
  rows: readonly T['$inferInsert'][],
  options: { onConflictDoNothing?: boolean; returning?: boolean } = {},
): SQL {
  const given = columnsOf(table).filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const json = rows.map((row) => {
    const values: Record<string, unknown> = {};
    for (const [key, column] of given) {
      const value = (row as Record<string, unknown>)[key];
      values[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
    return values;
  });
  const names = sql.join(
    given.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const fromRows = sql.join(
    given.map(([, column]) => sql`r.${sql.identifier(column.name)}`),
    sql`, `,
  );
  return sql`INSERT INTO ${table} (${names})
    SELECT ${fromRows}
      FROM jsonb_populate_recordset(NULL::${table}, ${JSON.stringify(json)}::jsonb) WITH ORDINALITY AS r
     ORDER BY r.ordinality${options.onConflictDoNothing ? sql` ON CONFLICT DO NOTHING` : sql``}${
       options.returning ? sql` RETURNING to_json(${table}.*) AS row` : sql``
     }`;
}

/** The rows a `returning` insertRowsAsJson answered, typed as a Drizzle select would give them. */
export function rowsFromJsonResult<T extends Table>(table: T, result: unknown): T['$inferSelect'][] {
  return ((result as { rows?: Array<{ row: unknown }> }).rows ?? []).map(({ row }) =>
    rowFromJson(table, parsedJson<Record<string, unknown>>(row)),
  );
}

// Each table's columns, listed once (rowFromJson runs per row of the hottest reads).
const columnLists = new WeakMap<Table, [string, Column][]>();
function columnsOf(table: Table): [string, Column][] {
  let columns = columnLists.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)) as [string, Column][];
    columnLists.set(table, columns);
  }
  return columns;
}

/**
 * `"table"."column"`, always qualified. Drizzle leaves column names bare in a single-table select, so
 * inside a correlated sub-select a bare "id" would name the inner table's column, not the outer row's.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
