import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from './backup.ts';

// `npm run db:backup -- --to <file or directory>` and `npm run db:restore -- --from <file>` for the
// embedded database of DATA_DIR (ADR 0072). PostgreSQL is backed up with its own tools (pg_dump; README).

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: { to: { type: 'string' }, from: { type: 'string' }, 'data-dir': { type: 'string' } },
  });
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README), not db:backup.');
    process.exit(2);
  }
  const dataDir = values['data-dir'] ?? config.dataDir;
  if (command === 'backup') {
    if (!values.to) {
      console.error('usage: npm run db:backup -- --to <file or directory> [--data-dir DATA_DIR]');
      process.exit(2);
    }
    const result = await backupEmbeddedDatabase({ dataDir, to: values.to });
    console.log(
      `db:backup: ${result.file} (${(result.bytes / 1_048_576).toFixed(1)} MiB, ${result.live ? 'taken by the running server' : 'the server was not running'})`,
    );
    return;
  }
  if (command === 'restore') {
    if (!values.from) {
      console.error('usage: npm run db:restore -- --from <file> [--data-dir DATA_DIR]');
      process.exit(2);
    }
    const result = await restoreEmbeddedDatabase({ dataDir, from: values.from });
    console.log(
      `db:restore: ${values.from} is now the database in ${dataDir}/pglite (${result.migrations} migrations applied; the server migrates the rest at start)`,
    );
    if (result.replaced) console.log(`The database it replaced is kept in ${result.replaced}.`);
    return;
  }
  console.error('usage: backup-cli.ts backup --to … | restore --from …');
  process.exit(2);
}

main().catch((error) => {
  console.error(`db:${process.argv[2] ?? 'backup'}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
