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
