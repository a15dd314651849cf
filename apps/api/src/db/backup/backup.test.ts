import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#src/db/client.ts';
import { pgliteTemplateDir } from '#src/test/test-database.ts';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from './backup.ts';
import {
  backupServerAnswers,
  backupSocketPath,
  embeddedClientOf,
  startBackupSocket,
} from './backup-socket.ts';

// Issue 37 item 6: `db:backup` takes a consistent copy of the embedded database while its server writes
// (through the server's own socket), `db:restore` puts it back, and refuses while a server runs.

// In memory where there is a tmpfs: PGlite writes every file of a data directory several times here.
const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'nordloan-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The embedded database only: npm test's PostgreSQL run (TEST_DATABASE_URL) has nothing more to prove here.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'db:backup and db:restore (embedded database)',
  () => {
    it('backs up a running database between its transactions, restores it, and backs up a stopped one', async () => {
      const dataDir = join(root, 'live');
      const database = await openDatabase({
        dataDir: join(dataDir, 'pglite'),
        templateDirectory: join(await pgliteTemplateDir(), 'pglite-template'),
      });
      const client = embeddedClientOf(database)!;
      expect(client).toBeDefined();
      const socket = await startBackupSocket({ client, socketPath: backupSocketPath(dataDir) });
      let backup: Awaited<ReturnType<typeof backupEmbeddedDatabase>>;
      let written = 0;
      try {
        await database.withSession((session) =>
          session.query('CREATE TABLE backup_probe (n int PRIMARY KEY, pair int NOT NULL)'),
        );
        // Writes go on while the backup is taken: each transaction writes two rows, so a copy taken in the
        // middle of one would hold an odd number of them.
        let writing = true;
        const writer = (async () => {
          while (writing) {
            await database.db.transaction(async (tx) => {
              await tx.execute(`INSERT INTO backup_probe VALUES (${written * 2}, ${written})`);
              await tx.execute(`INSERT INTO backup_probe VALUES (${written * 2 + 1}, ${written})`);
            });
            written++;
            // As requests would: the server's socket gets its turn between two of them.
            await new Promise((resolve) => setImmediate(resolve));
          }
        })();
        while (written < 20) await new Promise((resolve) => setTimeout(resolve, 5));
        expect(await backupServerAnswers(dataDir)).toBe(true);
        backup = await backupEmbeddedDatabase({ dataDir, to: `${join(root, 'backups')}/` });
        writing = false;
        await writer;
        expect(backup.live).toBe(true);
        expect(existsSync(backup.file)).toBe(true);

        // A restore refuses while the server runs.
        await expect(restoreEmbeddedDatabase({ dataDir, from: backup.file })).rejects.toThrow(/stop it/);
      } finally {
        await socket.close();
        await database.close();
      }

      // Restored in place of the database it was taken from, which is kept beside it.
      const restored = await restoreEmbeddedDatabase({ dataDir, from: backup.file });
      expect(restored.migrations).toBeGreaterThan(10);
      expect(restored.replaced).toMatch(/pglite\.replaced-/);
      const reopened = await openDatabase({ dataDir: join(dataDir, 'pglite') });
      try {
        const [row] = await reopened.withSession((session) =>
          session.query<{ rows: number; pairs: number }>(
            'SELECT count(*)::int AS rows, count(DISTINCT pair)::int AS pairs FROM backup_probe',
          ),
        );
        expect(row!.rows).toBeGreaterThanOrEqual(40);
        expect(row!.rows).toBeLessThanOrEqual(written * 2);
        expect(row!.rows).toBe(row!.pairs * 2);
      } finally {
        await reopened.close();
      }

      // With no server running, db:backup opens the stopped database itself.
      const stopped = await backupEmbeddedDatabase({ dataDir, to: join(root, 'stopped.tar.gz') });
      expect(stopped.live).toBe(false);
      expect(existsSync(stopped.file)).toBe(true);
    }, 120_000);
  },
);
