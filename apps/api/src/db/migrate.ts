import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle, RawSession } from './client.ts';
import { nationalIdLookupHash, sealNationalId } from './personal-data-cipher.ts';

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
 * Work SQL cannot do, run just before the named migration (in its own transaction, and again after a
 * crash until that migration is applied, so each step must be safe to repeat).
 */
export const dataStepsBefore: Record<string, (session: RawSession) => Promise<void>> = {
  '0018_drop_clear_national_ids.sql': sealExistingNationalIds,
};

/** 0017 → 0018: every person row written before 0017 gets its national-id hash and sealed copy. */
async function sealExistingNationalIds(session: RawSession): Promise<void> {
  const rows = await session.query<{ id: string; national_id: string }>(
    'SELECT id, national_id FROM person WHERE national_id_sealed IS NULL',
  );
  if (rows.length === 0) return;
  await session.query('BEGIN');
  try {
    for (const row of rows) {
      await session.query('UPDATE person SET national_id_hash = $1, national_id_sealed = $2 WHERE id = $3', [
        nationalIdLookupHash(row.national_id),
        sealNationalId(row.national_id),
        row.id,
      ]);
    }
    await session.query('COMMIT');
  } catch (error) {
    await session.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Applies the SQL files in `migrations/` in name order, each once, each in its own transaction.
 * A migration that was applied and later edited is a start-up error: released migrations are append-only.
 */
export async function migrate(handle: DatabaseHandle, migrations = readMigrations()): Promise<string[]> {
  return handle.withSession(async (session) => {
    // The lock first: two instances creating the table at once on an empty database collide in the
    // catalogue (CREATE TABLE IF NOT EXISTS is not safe against a concurrent create) and one fails to start.
    await session.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await session.query(`
        CREATE TABLE IF NOT EXISTS schema_migrations (
          name text PRIMARY KEY,
          checksum text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`);
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
          await dataStepsBefore[migration.name]?.(session);
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
