import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '#src/db/client.ts';
import { migrate, readMigrations } from '#src/db/migrate.ts';
import { hasWholeTemplate, loadTemplate, pgliteVersion, writeTemplate } from '#src/db/template.ts';

// Every API test file gets a database of its own, already migrated. Running initdb and the migrations for
// each of ~90 databases was a fifth of the API suite's CPU (issue 12: CI under 20 min), so both engines
// start from a template made once per set of migrations:
// - PGlite: a dump of a migrated data directory in the temp dir (db/template.ts), loaded in ~0.4 s where
//   initdb took 1.3–2.6 s;
// - PostgreSQL: a template database, copied by CREATE DATABASE … TEMPLATE.
// The template's name carries a hash of the migrations (and of PGlite's version), so a changed migration
// makes a new one; `migrate` still runs on every copy and finds nothing left to do.

/** The migrations' fingerprint: what a template was made from. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  // The template's layout: 2 keeps the data directory beside the tar dump (db/template.ts).
  hash.update('layout 2\n');
  // And the PGlite that made it: after an upgrade the old template's stamp no longer matches, and a template
  // directory of the same name would never be replaced.
  hash.update(`pglite ${pgliteVersion()}\n`);
  for (const { name, checksum } of readMigrations()) hash.update(`${name}:${checksum}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** The PGlite template for these migrations, made by the first test file that needs it. */
async function pgliteTemplate(): Promise<Blob | undefined> {
  return loadTemplate(await pgliteTemplateDir());
}

/** Where that template is (db/template.ts: the tar dump, the data directory and their stamp). */
export async function pgliteTemplateDir(): Promise<string> {
  const dir = join(tmpdir(), `nordloan-test-pglite-${migrationsFingerprint()}`);
  if (hasWholeTemplate(dir)) return dir;
  // Made aside and moved into place in one rename, so a parallel test file never reads half a template;
  // when two make it at once, the second rename fails and its copy is thrown away.
  const work = mkdtempSync(join(tmpdir(), 'nordloan-test-pglite-making-'));
  try {
    await writeTemplate(work);
    if (!existsSync(dir)) renameSync(work, dir);
  } catch {
    // Another file won the race; its template is used below.
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Runs `statement`, again after a pause while PostgreSQL says a database is still in use: a closed pool's
 * backends leave a moment after `end()` resolves, and CREATE DATABASE … TEMPLATE and RENAME refuse until
 * they have.
 */
async function whenNotInUse(admin: pg.Client, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(statement);
      return;
    } catch (error) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The migrated template database on the server of `serverUrl`, made once (under a lock) and reused. */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `nordloan_test_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    // One maker at a time; the others wait on the lock and then find it made.
    await admin.query('SELECT pg_advisory_lock(7311005)');
    try {
      if (await exists()) return name;
      const making = `${name}_making_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${quoteIdentifier(making)}`);
      const url = new URL(serverUrl);
      url.pathname = `/${making}`;
      const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
      try {
        await migrate(handle);
      } finally {
        await handle.close();
      }
      // Published under its final name only once complete.
      await whenNotInUse(
        admin,
        `ALTER DATABASE ${quoteIdentifier(making)} RENAME TO ${quoteIdentifier(name)}`,
      );
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(7311005)');
    }
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or — when
 * TEST_DATABASE_URL is set — a new database on that PostgreSQL server, dropped again on close, so test
 * files running in parallel never see each other's rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ template: await pgliteTemplate() });
    await migrate(handle);
    return handle;
  }
  const template = await postgresTemplate(serverUrl);
  const name = `nordloan_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await whenNotInUse(admin, `CREATE DATABASE ${name} TEMPLATE ${quoteIdentifier(template)}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  await migrate(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
