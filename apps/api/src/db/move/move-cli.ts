import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { backupServerAnswers } from '../backup/backup-socket.ts';
import { openDatabase } from '../client.ts';
import { usePersonalDataKey } from '../personal-data-cipher.ts';
import {
  type MoveReport,
  moveDatabase,
  TargetNotEmptyError,
  WrongPersonalDataKeyError,
} from './move-database.ts';
import { userObjects } from './table-copy.ts';

// `npm run db:move -- --to postgres://…` (ADR 0072): the embedded database of DATA_DIR into an empty
// PostgreSQL database. Stop the server first: the embedded database is one process's. Then start it with
// DATABASE_URL set to the same URL (and the same PERSONAL_DATA_KEY and DATA_DIR: signing keys and
// documents stay there).

function printReport(report: MoveReport) {
  const width = Math.max(...report.tables.map((table) => table.table.length));
  console.log(
    `${'table'.padEnd(width)}  ${'rows'.padStart(8)}  ${'target'.padStart(8)}  checksum (md5)                    same`,
  );
  for (const { table, source, target, same } of report.tables) {
    console.log(
      `${table.padEnd(width)}  ${String(source.rows).padStart(8)}  ${String(target.rows).padStart(8)}  ${source.checksum.padEnd(32)}  ${same ? 'yes' : 'NO'}`,
    );
  }
  const rows = report.tables.reduce((sum, table) => sum + table.source.rows, 0);
  console.log(
    `${report.tables.length} tables, ${rows} rows, ${report.sequences} sequences set, ${report.nationalIds} sealed national ids open with the key in the target`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, 'data-dir': { type: 'string' } },
  });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    console.error('usage: npm run db:move -- --to postgres://user@host:5432/database [--data-dir DATA_DIR]');
    process.exit(2);
  }
  const config = loadConfig();
  const dataDir = values['data-dir'] ?? config.dataDir;
  if (await backupServerAnswers(dataDir)) {
    console.error(
      `A server is running on ${dataDir}: stop it first (the embedded database is one process's).`,
    );
    process.exit(1);
  }
  usePersonalDataKey(config.personalDataKey);
  const target = await openDatabase({ url: values.to, poolSize: 2 });
  const source = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    console.log(
      `db:move: ${join(dataDir, 'pglite')} → ${new URL(values.to).host}${new URL(values.to).pathname}`,
    );
    const report = await moveDatabase({ source, target, log: (line) => console.log(line) });
    printReport(report);
    if (!report.same) {
      console.error(
        'db:move: the copy differs from the source (see the tables marked NO); do not switch over.',
      );
      process.exitCode = 1;
      return;
    }
    console.log(
      'db:move: done. Start the server with DATABASE_URL set to the target (same PERSONAL_DATA_KEY).',
    );
  } catch (error) {
    if (error instanceof TargetNotEmptyError || error instanceof WrongPersonalDataKeyError) {
      console.error(`db:move: ${error.message}`);
    } else {
      console.error(`db:move failed: ${error instanceof Error ? error.message : error}`);
      const touched = (await target.withSession(userObjects).catch(() => [])).length > 0;
      console.error(
        touched
          ? 'The target now holds the schema without the rows: drop and create it again before retrying.'
          : 'Nothing was written to the target.',
      );
    }
    process.exitCode = 1;
  } finally {
    await source.close();
    await target.close();
  }
}

await main();
