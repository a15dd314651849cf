import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { usePersonalDataKey } from './personal-data-cipher.ts';

// `npm run db:migrate`: applies pending migrations to the database `npm start` would use (DATABASE_URL, or
// the PGlite files under DATA_DIR) and exits. `npm start` migrates too; this is for deploy pipelines that
// migrate before starting new instances.
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  try {
    // Before migrating: 0018's data step seals existing national ids with this key (ADR 0033).
    usePersonalDataKey(config.personalDataKey);
    const applied = await migrate(database);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}`
        : `${where} is up to date`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
