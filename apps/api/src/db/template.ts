import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './client.ts';
import { type Migration, migrate, readMigrations } from './migrate.ts';

// A PGlite database made once (at build time) with initdb run and every migration applied, which a server
// with an empty DATA_DIR starts from instead of running initdb itself: initdb is most of a cold start on
// PGlite (issue 12, docs/performance.md). It is used only when it was made from exactly the current
// migrations; otherwise the server starts the slow way, and migrate() still runs after loading it.
// It is kept twice: as a tar dump that an in-memory database loads (the API tests), and as a shut-down data
// directory that a server copies into an empty DATA_DIR with the operating system's file copy — loading the
// tar goes through PGlite's emulated file system, one synchronous open per file, about 1 s of a 4–5 s start.

export const defaultTemplateDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const dumpName = 'pglite-template.tar';
const stampName = 'pglite-template.json';
const directoryName = 'pglite-template';

interface Stamp {
  pglite: string;
  migrations: { name: string; checksum: string }[];
}

function stampOf(migrations: Migration[]): Stamp {
  return {
    pglite: pgliteVersion(),
    migrations: migrations.map(({ name, checksum }) => ({ name, checksum })),
  };
}

/** The installed PGlite's version (a template made by another version is not used). */
export function pgliteVersion(): string {
  const manifest = join(
    dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))),
    '..',
    'package.json',
  );
  return existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
    : '';
}

function madeFrom(dir: string, migrations: Migration[]): boolean {
  const stampPath = join(dir, stampName);
  return existsSync(stampPath) && readFileSync(stampPath, 'utf8') === JSON.stringify(stampOf(migrations));
}

/** The template's tar dump, when there is one made from these migrations with this PGlite; else undefined. */
export function loadTemplate(dir = defaultTemplateDir, migrations = readMigrations()): Blob | undefined {
  const dumpPath = join(dir, dumpName);
  if (!existsSync(dumpPath) || !madeFrom(dir, migrations)) return undefined;
  return new Blob([readFileSync(dumpPath)]);
}

/** The template's data directory (to copy, never to open), when it matches as above; else undefined. */
export function templateDirectory(
  dir = defaultTemplateDir,
  migrations = readMigrations(),
): string | undefined {
  const path = join(dir, directoryName);
  return existsSync(join(path, 'PG_VERSION')) && madeFrom(dir, migrations) ? path : undefined;
}

/** Whether `dir` holds the whole template (its tar dump and its data directory) made from these migrations. */
export function hasWholeTemplate(dir = defaultTemplateDir, migrations = readMigrations()): boolean {
  return existsSync(join(dir, dumpName)) && templateDirectory(dir, migrations) !== undefined;
}

/** Makes the template: a fresh PGlite database, migrated, dumped and its directory kept. */
export async function writeTemplate(dir = defaultTemplateDir, migrations = readMigrations()): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'nordloan-pglite-template-'));
  // The stamp goes first and comes back last: nobody uses a template while it is being replaced.
  rmSync(join(dir, stampName), { force: true });
  try {
    const database = await openDatabase({ dataDir: join(work, 'pglite') });
    await migrate(database, migrations);
    await database.close();
    // Dumped from a clean restart, so the files are those of a shut-down database.
    const client = new PGlite(join(work, 'pglite'));
    await client.waitReady;
    const dump = await client.dumpDataDir('none');
    await client.close();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, dumpName), Buffer.from(await dump.arrayBuffer()));
    rmSync(join(dir, directoryName), { recursive: true, force: true });
    cpSync(join(work, 'pglite'), join(dir, directoryName), { recursive: true });
    writeFileSync(join(dir, stampName), JSON.stringify(stampOf(migrations)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
