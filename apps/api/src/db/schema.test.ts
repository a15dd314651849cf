import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#src/test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { migrate, readMigrations } from './migrate.ts';

// The Drizzle schema (what the code queries) and the SQL migrations (what the database has) are written
// by hand; this test keeps them from drifting apart.

const schemaDir = join(dirname(fileURLToPath(import.meta.url)), 'schema');

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

describe('database schema', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('every Drizzle table and column exists in the migrated database with the same nullability', async () => {
    const columns = await database.withSession((session) =>
      session.query<{ table_name: string; column_name: string; is_nullable: string }>(
        `SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
      ),
    );
    const inDatabase = new Map(
      columns.map((row) => [`${row.table_name}.${row.column_name}`, row.is_nullable === 'YES']),
    );
    const problems: string[] = [];
    for (const table of await drizzleTables()) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        if (!inDatabase.has(key)) problems.push(`${key} is missing in the migrations`);
        else if (inDatabase.get(key) !== !column.notNull) problems.push(`${key} differs in nullability`);
      }
    }
    expect(problems).toEqual([]);
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
