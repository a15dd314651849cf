import type { DatabaseHandle, RawSession } from '../client.ts';
import { migrate, readMigrations } from '../migrate.ts';
import { nationalIdLookupHash, openNationalId } from '../personal-data-cipher.ts';
import {
  copyTable,
  deferForeignKeys,
  listTables,
  quoteIdent,
  readSequences,
  type TableFigures,
  tableFigures,
  userObjects,
  writeSequences,
} from './table-copy.ts';

// `npm run db:move` (issue 37 item 6, ADR 0072): the embedded database's rows into an empty PostgreSQL
// database. The target gets the schema from the same migrations, then every table's rows in one
// transaction (triggers off: the rows are copied, not made again), the sequences where the source's stand,
// and each table's row count and checksum compared with the source's. The national ids are copied sealed,
// byte for byte: they open with the same PERSONAL_DATA_KEY, which is checked before anything is written.

/** The target is not empty: nothing was written. */
export class TargetNotEmptyError extends Error {
  constructor(public readonly objects: string[]) {
    const shown = objects.slice(0, 5).join(', ');
    super(
      `The target database is not empty (${objects.length} tables, views or sequences: ${shown}${objects.length > 5 ? ', …' : ''}). ` +
        'db:move copies into an empty database only: create a new one (CREATE DATABASE …) and give its URL.',
    );
    this.name = 'TargetNotEmptyError';
  }
}

/** The configured PERSONAL_DATA_KEY does not open the source's national ids: nothing was written. */
export class WrongPersonalDataKeyError extends Error {
  constructor(failed: number, total: number) {
    super(
      `PERSONAL_DATA_KEY does not open ${failed} of the ${total} sealed national ids in the embedded database. ` +
        'Run db:move with the key the server runs with (ADR 0033); nothing was written.',
    );
    this.name = 'WrongPersonalDataKeyError';
  }
}

export interface TableReport {
  table: string;
  source: TableFigures;
  target: TableFigures;
  same: boolean;
}

export interface MoveReport {
  tables: TableReport[];
  sequences: number;
  /** Sealed national ids opened with the key in the target after the copy. */
  nationalIds: number;
  /** Every table has the same row count and checksum on both sides. */
  same: boolean;
}

/** The sealed national ids of `session` opened with the current key; answers how many and how many failed. */
async function checkNationalIds(session: RawSession): Promise<{ total: number; failed: number }> {
  const rows = await session.query<{ sealed: string; hash: string }>(
    'SELECT national_id_sealed AS sealed, national_id_hash AS hash FROM person',
  );
  let failed = 0;
  for (const row of rows) {
    try {
      if (nationalIdLookupHash(openNationalId(row.sealed)) !== row.hash) failed++;
    } catch {
      failed++;
    }
  }
  return { total: rows.length, failed };
}

/** Both sides in UTC inside a read transaction: the JSON text of a timestamp is the same on both. */
async function figuresOf(handle: DatabaseHandle, tables: readonly string[]) {
  return handle.withSession(async (session) => {
    await session.query('BEGIN');
    try {
      await session.query("SET LOCAL TimeZone TO 'UTC'");
      const figures = new Map<string, TableFigures>();
      for (const table of tables) figures.set(table, await tableFigures(session, table));
      return figures;
    } finally {
      await session.query('COMMIT');
    }
  });
}

/**
 * Moves `source` (the embedded database, not served by a running server meanwhile) into `target` (an empty
 * PostgreSQL database). Throws TargetNotEmptyError or WrongPersonalDataKeyError before writing anything.
 */
export async function moveDatabase(options: {
  source: DatabaseHandle;
  target: DatabaseHandle;
  log?: (line: string) => void;
}): Promise<MoveReport> {
  const { source, target } = options;
  const log = options.log ?? (() => undefined);
  const existing = await target.withSession(userObjects);
  if (existing.length > 0) throw new TargetNotEmptyError(existing);

  // The source at the code's migrations (the server would migrate it at its next start anyway).
  await migrate(source);
  const key = await source.withSession(checkNationalIds);
  if (key.failed > 0) throw new WrongPersonalDataKeyError(key.failed, key.total);

  log(`migrating the target (${readMigrations().length} migrations)`);
  await migrate(target);
  // schema_migrations is the target's own (same names and checksums, its own applied_at).
  const tables = (await source.withSession(listTables)).filter((table) => table !== 'schema_migrations');
  const targetTables = new Set(await target.withSession(listTables));
  const missing = tables.filter((table) => !targetTables.has(table));
  if (missing.length > 0)
    throw new Error(`tables missing in the target after migrating: ${missing.join(', ')}`);
  const sequences = await source.withSession(readSequences);

  await source.withSession((from) =>
    target.withSession(async (to) => {
      await from.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await to.query('BEGIN');
      try {
        await to.query("SET LOCAL TimeZone TO 'UTC'");
        // Rows the migrations wrote (the work-queue rules' agent) make way for the source's copy of them.
        await to.query(`TRUNCATE ${tables.map(quoteIdent).join(', ')}`);
        for (const table of tables) await to.query(`ALTER TABLE ${quoteIdent(table)} DISABLE TRIGGER USER`);
        const keys = await deferForeignKeys(to);
        for (const table of tables) {
          const copied = await copyTable(from, to, table);
          if (copied > 0) log(`  ${table}: ${copied} rows`);
        }
        await keys.restore();
        for (const table of tables) await to.query(`ALTER TABLE ${quoteIdent(table)} ENABLE TRIGGER USER`);
        await writeSequences(to, sequences);
        await to.query('COMMIT');
      } catch (error) {
        await to.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await from.query('COMMIT').catch(() => undefined);
      }
    }),
  );

  const [before, after] = await Promise.all([figuresOf(source, tables), figuresOf(target, tables)]);
  const report = tables.map((table) => {
    const sourceFigures = before.get(table)!;
    const targetFigures = after.get(table)!;
    const same =
      sourceFigures.rows === targetFigures.rows && sourceFigures.checksum === targetFigures.checksum;
    return { table, source: sourceFigures, target: targetFigures, same };
  });
  const opened = await target.withSession(checkNationalIds);
  return {
    tables: report,
    sequences: sequences.length,
    nationalIds: opened.total - opened.failed,
    same: report.every((table) => table.same) && opened.failed === 0,
  };
}
