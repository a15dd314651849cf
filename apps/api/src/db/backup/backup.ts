import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { backupServerAnswers, dumpEmbeddedDatabase, requestBackup } from './backup-socket.ts';

// `npm run db:backup` / `npm run db:restore` for the embedded database (ADR 0072). A backup is a gzip tar
// of DATA_DIR/pglite: taken by the running server when one runs (backup-socket.ts), else by this process
// on the stopped database. A restore needs the server stopped: it puts the backup in place of
// DATA_DIR/pglite and keeps the database it replaced beside it.

const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');
const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/** Where a backup goes: `to` itself, or a new file in it when it is a directory (or ends in /). */
function backupFile(to: string, now: Date): string {
  const isDirectory = to.endsWith('/') || (existsSync(to) && statSync(to).isDirectory());
  return resolve(isDirectory ? join(to, `nordloan-pglite-${stamp(now)}.tar.gz`) : to);
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** Taken by the running server (true) or from the stopped database (false). */
  live: boolean;
}

/** Backs up the embedded database of `dataDir` (DATA_DIR) to `to` (a file, or a directory for a new one). */
export async function backupEmbeddedDatabase(options: {
  dataDir: string;
  to: string;
  now?: Date;
}): Promise<BackupResult> {
  const file = backupFile(options.to, options.now ?? new Date());
  const live = await backupServerAnswers(options.dataDir);
  let dump: Buffer;
  if (live) {
    dump = await requestBackup(options.dataDir);
  } else {
    if (!existsSync(join(pgliteDir(options.dataDir), 'PG_VERSION'))) {
      throw new Error(`no embedded database in ${pgliteDir(options.dataDir)}`);
    }
    const client = new PGlite(pgliteDir(options.dataDir));
    try {
      await client.waitReady;
      dump = await dumpEmbeddedDatabase(client);
    } finally {
      await client.close();
    }
  }
  // Written beside and renamed: a backup cut short never looks like a whole one.
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  writeFileSync(partial, dump, { mode: 0o600 });
  renameSync(partial, file);
  return { file, bytes: dump.length, live };
}

export interface RestoreResult {
  /** Where the database that was there before went (undefined: there was none). */
  replaced: string | undefined;
  /** Migrations the restored database had applied. */
  migrations: number;
}

/** Puts the backup `from` in place of `dataDir`'s embedded database; the server must be stopped. */
export async function restoreEmbeddedDatabase(options: {
  dataDir: string;
  from: string;
  now?: Date;
}): Promise<RestoreResult> {
  if (await backupServerAnswers(options.dataDir)) {
    throw new Error(`a server is running on ${options.dataDir}: stop it before restoring`);
  }
  const target = pgliteDir(options.dataDir);
  const restoring = `${target}.restoring-${process.pid}`;
  rmSync(restoring, { recursive: true, force: true });
  mkdirSync(dirname(target), { recursive: true });
  // Unpacked by PGlite into a directory of its own and opened once (recovery replays the WAL), checked, closed.
  const client = new PGlite(restoring, { loadDataDir: new Blob([readFileSync(options.from)]) });
  let migrations: number;
  try {
    await client.waitReady;
    const result = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    migrations = result.rows[0]?.n ?? 0;
  } catch (error) {
    await client.close().catch(() => undefined);
    rmSync(restoring, { recursive: true, force: true });
    throw new Error(`${options.from} is not a backup of the embedded database (${(error as Error).message})`);
  }
  await client.close();
  let replaced: string | undefined;
  if (existsSync(target)) {
    replaced = `${target}.replaced-${stamp(options.now ?? new Date())}`;
    renameSync(target, replaced);
  }
  renameSync(restoring, target);
  return { replaced, migrations };
}
