import { pathToFileURL } from 'node:url';
import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import { type DatabaseHandle, openDatabase } from '#src/db/client.ts';
import { migrate } from '#src/db/migrate.ts';
import { usePersonalDataKey } from '#src/db/personal-data-cipher.ts';
import { defaultDependencies } from '#src/dependencies.ts';
import { createTokenService, loadSigningKey } from '#src/modules/auth/token.service.ts';
import { seededAgentId } from '#src/modules/backoffice/staff-seed.ts';
import { type SeedSummary, seedDemoData } from './seed.ts';

// `npm run db:seed`: loads the demo data set (seed.ts) into the configured database and prints the logins.

// ── The command ─────────────────────────────────────────────────────────────────────────────────────

function printSummary(summary: SeedSummary, where: string) {
  const added =
    summary.created.applications +
    summary.assignments +
    summary.callRecords +
    summary.personChecks +
    summary.insuranceRequests;
  const tally = (values: (string | number)[]) =>
    [...new Set(values)]
      .map((value) => `${value} ×${values.filter((other) => other === value).length}`)
      .join(', ');
  const lines = [
    `Demo data in ${where}${added === 0 ? ' (already there: nothing added)' : ''}`,
    `  ${summary.people.length} applicants in NO, SE, FI, DK; ${summary.applications.length} applications (${summary.created.applications} new)`,
    `    by status: ${tally(summary.applications.map((application) => application.status))}`,
    `    by product: ${tally(summary.applications.map((application) => application.product))}`,
    `  ${summary.buckets} buckets, ${summary.agents} agents (one disabled), ${summary.callOrders} call orders, 2 properties`,
    `  added this run: ${summary.assignments} assignments, ${summary.callRecords} call records, ${summary.personChecks} person checks, ${summary.insuranceRequests} insurance requests`,
    '  lenders: not seeded here (the lending engine seeds its own panel)',
    'Log in (POST /auth/dev/login with { "nationalId", "country" }):',
    ...summary.logins.map((login) => `  ${login.name}, ${login.country}: ${login.nationalId}`),
    'Staff: GET /backoffice/dev/agents lists the agents; POST /auth/dev/staff-login with { "AgentID": "…" }',
    `  e.g. Ingrid Sales (Sales, NO): ${seededAgentId('NO', 'Sales')}`,
  ];
  console.log(lines.join('\n'));
}

async function main() {
  const config = loadConfig();
  if (config.env === 'production')
    throw new Error('db:seed loads demo data and does not run with NODE_ENV=production');
  const database: DatabaseHandle = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  try {
    // Before migrating: 0018's data step seals existing national ids with this key (ADR 0033).
    usePersonalDataKey(config.personalDataKey);
    await migrate(database);
    const key = await loadSigningKey({ privateKeyPem: config.jwt.privateKeyPem, dataDir: config.dataDir });
    const tokens = createTokenService({ key, issuer: config.jwt.issuer, ttlSeconds: config.jwt.ttlSeconds });
    const now = () => new Date();
    // Quiet, and without the app's worker: the seed runs its own (seed.ts) on a clock it jumps.
    const appConfig = {
      ...config,
      logLevel: 'warn' as const,
      devIdentityProvider: true,
      worker: { ...config.worker, enabled: false },
    };
    const app = await buildApp({
      config: appConfig,
      database,
      tokens,
      now,
      ...defaultDependencies({ config: appConfig, db: database.db, now }),
    });
    try {
      const summary = await seedDemoData({
        app,
        db: database.db,
        config,
        lenderSeed: config.worker.lenderSeed,
      });
      printSummary(
        summary,
        config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
