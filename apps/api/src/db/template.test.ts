import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplateDir } from '#src/test/test-database.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { readMigrations } from './migrate.ts';
import { hasWholeTemplate, loadTemplate, templateDirectory } from './template.ts';

// The PGlite template (db/template.ts) as a server with an empty DATA_DIR uses it: its data directory is
// copied, the copy opens as a migrated database, and the template itself is never opened or changed.

const work = mkdtempSync(join(tmpdir(), 'nordloan-template-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
// Made here when no earlier test file made it yet (a new set of migrations): a hook's longer time limit.
let dir: string;
beforeAll(async () => {
  dir = await pgliteTemplateDir();
}, 120_000);

const query = (handle: DatabaseHandle, text: string) => handle.withSession((session) => session.query(text));
/** Every file under `dir` with a hash of its contents: what a server's copy must leave as it was. */
const contentsOf = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory()
        ? `${name}/`
        : `${name} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
    });

describe('the PGlite template', () => {
  it('is used only when made from exactly these migrations', () => {
    const migrations = readMigrations();
    expect(templateDirectory(dir, migrations)).toBe(join(dir, 'pglite-template'));
    expect(loadTemplate(dir, migrations)).toBeInstanceOf(Blob);
    const oneLess = migrations.slice(0, -1);
    expect(templateDirectory(dir, oneLess)).toBeUndefined();
    expect(loadTemplate(dir, oneLess)).toBeUndefined();
    const changed = migrations.map((migration, index) =>
      index === 0 ? { ...migration, checksum: `${migration.checksum}x` } : migration,
    );
    expect(templateDirectory(dir, changed)).toBeUndefined();
    expect(templateDirectory(join(work, 'nowhere'), migrations)).toBeUndefined();
    expect(hasWholeTemplate(dir, migrations)).toBe(true);
    expect(hasWholeTemplate(dir, oneLess)).toBe(false);
    expect(hasWholeTemplate(join(work, 'nowhere'), migrations)).toBe(false);
    // The data directory and its stamp without the tar dump (the API tests load the dump): not whole.
    const withoutDump = join(work, 'without-dump');
    cpSync(dir, withoutDump, { recursive: true });
    rmSync(join(withoutDump, 'pglite-template.tar'));
    expect(templateDirectory(withoutDump, migrations)).toBeDefined();
    expect(hasWholeTemplate(withoutDump, migrations)).toBe(false);
  });

  it('starts an empty data directory as a copy, migrated, which keeps what is written to it', async () => {
    const source = templateDirectory(dir);
    expect(source).toBeDefined();
    const before = contentsOf(source!);
    const dataDir = join(work, 'server', 'pglite');

    const first = await openDatabase({ dataDir, templateDirectory: source });

    expect(await query(first, 'SELECT count(*)::int AS count FROM schema_migrations')).toEqual([
      { count: readMigrations().length },
    ]);
    await query(
      first,
      'CREATE TABLE written_after_copy (id int); INSERT INTO written_after_copy VALUES (42)',
    );
    await first.close();

    // Opened again (a restart): the directory is not fresh any more, so nothing is copied over it.
    const second = await openDatabase({ dataDir, templateDirectory: source });
    expect(await query(second, 'SELECT id FROM written_after_copy')).toEqual([{ id: 42 }]);
    await second.close();

    expect(contentsOf(source!)).toEqual(before);
    expect(existsSync(join(source!, 'postmaster.pid'))).toBe(false);
  });
});
