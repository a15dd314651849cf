import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

export const defaultTemplateDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const dumpName = 'pglite-template.tar';
const stampName = 'pglite-template.json';

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

function pgliteVersion(): string {
  const manifest = join(
    dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))),
    '..',
    'package.json',
  );
  return existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
    : '';
}

/** The template, when there is one made from these migrations with this PGlite; else undefined. */
export function loadTemplate(dir = defaultTemplateDir, migrations = readMigrations()): Blob | undefined {
  const stampPath = join(dir, stampName);
  const dumpPath = join(dir, dumpName);
  if (!existsSync(stampPath) || !existsSync(dumpPath)) return undefined;
  if (readFileSync(stampPath, 'utf8') !== JSON.stringify(stampOf(migrations))) return undefined;
  return new Blob([readFileSync(dumpPath)]);
}

/** Makes the template: a fresh PGlite database, migrated, dumped. */
export async function writeTemplate(dir = defaultTemplateDir, migrations = readMigrations()): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'nordloan-pglite-template-'));
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
    writeFileSync(join(dir, stampName), JSON.stringify(stampOf(migrations)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
