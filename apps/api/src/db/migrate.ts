import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client.ts';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

// A fixed advisory-lock key so that several API instances starting together migrate one at a time.
const MIGRATION_LOCK_KEY = 7_311_004;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      return { name: file, sql: text, checksum: createHash('sha256').update(text).digest('hex') };
    });
}

/**
 * Applies the SQL files in `migrations/` in name order, each once, each in its own transaction.
 * A migration that was applied and later edited is a start-up error: released migrations are append-only.
 */
export async function migrate(handle: DatabaseHandle, migrations = readMigrations()): Promise<string[]> {
  return handle.withSession(async (session) => {
    await session.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    await session.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      const rows = await session.query<{ name: string; checksum: string }>(
        'SELECT name, checksum FROM schema_migrations',
      );
      const applied = new Map(rows.map((row) => [row.name, row.checksum]));
      const ran: string[] = [];
      for (const migration of migrations) {
        const previous = applied.get(migration.name);
        if (previous !== undefined) {
          if (previous !== migration.checksum) {
            throw new Error(
              `Migration ${migration.name} was changed after it was applied; add a new migration instead`,
            );
          }
          continue;
        }
        try {
          await session.query(
            `BEGIN;\n${migration.sql}\n;INSERT INTO schema_migrations (name, checksum) VALUES ('${migration.name}', '${migration.checksum}');\nCOMMIT;`,
          );
        } catch (error) {
          await session.query('ROLLBACK').catch(() => undefined);
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
        }
        ran.push(migration.name);
      }
      return ran;
    } finally {
      await session.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}
