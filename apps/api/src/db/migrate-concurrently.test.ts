import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrate, readMigrations } from './migrate.ts';

// Several API instances starting together on one empty PostgreSQL database (npm run start:cluster,
// docs/decisions/0035) migrate one after the other: none fails to start, each migration runs once.
// PostgreSQL only: a PGlite database belongs to one process.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('migrating one empty database from several instances at once', () => {
  it('applies each migration once and starts every instance', async () => {
    const name = `nordloan_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const handles = await Promise.all(
      Array.from({ length: 3 }, () => openDatabase({ url: url.toString(), poolSize: 2 })),
    );
    try {
      const ran = await Promise.all(handles.map((handle) => migrate(handle)));
      expect(ran.flat().sort()).toEqual(readMigrations().map((migration) => migration.name));
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
