import { pathToFileURL } from 'node:url';
import { getBrand } from '@nordloan/domain/brands/registry';
import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import { type DatabaseHandle, openDatabase } from '#src/db/client.ts';
import { migrate } from '#src/db/migrate.ts';
import { usePersonalDataKey } from '#src/db/personal-data-cipher.ts';
import { defaultDependencies } from '#src/dependencies.ts';
import { createTokenService, loadSigningKey } from '#src/modules/auth/token.service.ts';
import { seededAgentId, seedStaffAgents } from '#src/modules/backoffice/staff-seed.ts';
import { demoPeople } from './demo-people.ts';
import { type SeedSummary, seedDemoData } from './seed.ts';

// `npm run db:seed`: loads the demo data set (seed.ts) into the configured database and says whom to sign in
// as — people to pick on the local e-ID provider's page and agents on the back office's sign-in page, the
// way the product is used (issue 38: not API calls no page makes).

// ── The command ─────────────────────────────────────────────────────────────────────────────────────

/** The brand a demo login's applications are on: its first application's. */
function brandOf(login: SeedSummary['logins'][number]): string {
  const demo = demoPeople.find((person) => `${person.firstName} ${person.lastName}` === login.name);
  return demo?.applications[0]?.brand ?? mainBrandOf[login.country];
}
const mainBrandOf = { NO: 'no-main', SE: 'se-main', FI: 'fi-main', DK: 'dk-main' } as const;

function printSummary(
  summary: SeedSummary,
  where: string,
  options: { port: number; serverRunning: boolean },
) {
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
  const site = (brand: string) => `http://${brand}.localhost:${options.port}`;
  const lines = [
    `Demo data in ${where}${added === 0 ? ' (already there: nothing added)' : ''}`,
    `  ${summary.people.length} applicants in NO, SE, FI, DK; ${summary.applications.length} applications (${summary.created.applications} new)`,
    `    by status: ${tally(summary.applications.map((application) => application.status))}`,
    `    by product: ${tally(summary.applications.map((application) => application.product))}`,
    `  ${summary.buckets} buckets, ${summary.agents} agents (one disabled), ${summary.callOrders} call orders, 2 properties`,
    `  added this run: ${summary.assignments} assignments, ${summary.callRecords} call records, ${summary.personChecks} person checks, ${summary.insuranceRequests} insurance requests`,
    '  lenders: not seeded here (the lending engine seeds its own panel)',
    'Sign in as an applicant with offers: open the personal page, press the e-ID button and pick the person on',
    "the local e-ID provider's page:",
    ...summary.logins.map((login) => {
      const brand = getBrand(brandOf(login));
      return `  ${login.name} (${login.country}) on ${site(brand.brand)}${brand.paths.myPage}`;
    }),
    `Staff: ${site('backoffice')} lists the agents on its sign-in page (or pick one on the staff provider's),`,
    `  e.g. ${seedStaffAgents.find((agent) => agent.id === seededAgentId('NO', 'Sales'))?.name ?? 'a Sales agent'} (Sales, NO).`,
  ];
  if (options.serverRunning && !where.startsWith('PostgreSQL')) {
    lines.push(
      `A server answers on port ${options.port}. The embedded database (PGlite) serves one process: a server`,
      'running on this DATA_DIR does not see these rows until it restarts. Seed before `npm start`.',
    );
  }
  console.log(lines.join('\n'));
}

/** Whether something answers /health on the port the server would use (a running `npm start`). */
async function serverAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
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
        { port: config.port, serverRunning: await serverAnswers(config.port) },
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
