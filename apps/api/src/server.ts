import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { usePersonalDataKey } from './db/personal-data-cipher.ts';
import { loadTemplate, templateDirectory } from './db/template.ts';
import { defaultDependencies } from './dependencies.ts';
import { startLocalEidProvider } from './dev/eid-provider/local-eid-provider.ts';
import { createTokenService, loadSigningKey } from './modules/auth/token.service.ts';
import { shutDownGracefully } from './modules/health/graceful-shutdown.ts';
import { createReadiness } from './modules/health/readiness.ts';
import { initTelemetry } from './telemetry/tracing.ts';

// Only start-up and shutdown live here; everything the server does is built in app.ts.
async function main() {
  const config = loadConfig();
  // OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set, before anything opens (ADR 0072).
  initTelemetry();
  // Outside production the local e-ID provider runs beside the API (docs/decisions/0029); the API then
  // logs in through it like through BankID/MitID/FTN. Its issuers replace the defaults (a free port, 0).
  const localEid = config.localEidProvider.enabled
    ? await startLocalEidProvider({
        host: config.host,
        port: config.localEidProvider.port,
        clients: config.oidc,
      })
    : undefined;
  if (localEid) {
    for (const [id, issuer] of Object.entries(localEid.issuers) as [keyof typeof config.oidc, string][]) {
      const client = config.oidc[id];
      if (client?.issuer.startsWith('http://localhost:')) client.issuer = issuer;
    }
  }
  const pgliteTemplateDirectory = config.databaseUrl ? undefined : templateDirectory();
  const database = await openDatabase({
    url: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    poolMode: config.databasePoolMode,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    // An empty DATA_DIR starts from the build's migrated PGlite template instead of running initdb.
    templateDirectory: pgliteTemplateDirectory,
    // A build from before the template kept its directory has only the tar: still better than initdb.
    template: config.databaseUrl || pgliteTemplateDirectory ? undefined : loadTemplate(),
  });
  // Before migrating: 0018's data step seals existing national ids with this key (ADR 0033).
  usePersonalDataKey(config.personalDataKey);
  await migrate(database);
  const key = await loadSigningKey({ privateKeyPem: config.jwt.privateKeyPem, dataDir: config.dataDir });
  const tokens = createTokenService({ key, issuer: config.jwt.issuer, ttlSeconds: config.jwt.ttlSeconds });
  const now = () => new Date();
  const readiness = createReadiness();
  const app = await buildApp({
    config,
    database,
    tokens,
    now,
    readiness,
    ...defaultDependencies({ config, db: database.db, now }),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // Not ready first, then the balancer's time to notice, then in-flight requests (ADR 0071).
      const outcome = await shutDownGracefully({ app, readiness, ...config.shutdown });
      app.log.info(outcome, 'stopped taking requests');
      await localEid?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`nordloan on http://localhost:${config.port} (database: ${database.kind})`);
  if (localEid)
    app.log.info(`local e-ID provider (BankID, MitID, FTN stand-in) on http://localhost:${localEid.port}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
