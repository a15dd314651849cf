// `npm run start:cluster`: several API instances behind HAProxy, on one PostgreSQL through PgBouncer
// (issue 37, docs/decisions/0070 and 0071; issue 12 goal 5, 0035). Builds like `npm start`, then starts
// PgBouncer in transaction mode in front of DATABASE_URL, CLUSTER_INSTANCES (default 2) processes of
// apps/api/dist/server.js on free loopback ports, each with its own job worker (they share the queue
// through the database), and HAProxy on PORT (default 3000) with deploy/haproxy.cfg: health checks on
// /health/ready, retries, X-Forwarded-For. An instance that dies is started again; `npm run cluster:restart`
// (or SIGHUP) restarts them one at a time with no request lost. REDIS_URL, when set, reaches every
// instance, so the rate limits are one budget. Ctrl-C stops them all. Needs Debian's `haproxy` and
// `pgbouncer` (README, "Scaling out"); `npm start` never does.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/nordloan npm run start:cluster
//   DATABASE_URL=… REDIS_URL=redis://127.0.0.1:6379 CLUSTER_INSTANCES=3 PORT=8080 npm run start:cluster
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverNodeFlags } from './server-node-flags.mjs';

if (!process.env.DATABASE_URL) {
  console.error(
    'start:cluster needs DATABASE_URL: the instances share one PostgreSQL database (PGlite is one process’s\n' +
      'own file and cannot be shared). For example:\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/nordloan npm run start:cluster',
  );
  process.exit(1);
}
const instanceCount = Number(process.env.CLUSTER_INSTANCES ?? 2);
if (!Number.isInteger(instanceCount) || instanceCount < 1 || instanceCount > 16) {
  console.error(
    `CLUSTER_INSTANCES must be a whole number from 1 to 16, not ${process.env.CLUSTER_INSTANCES}`,
  );
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? 'localhost';

const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const clusterModule = 'apps/api/dist/cluster.js';
if (!existsSync(clusterModule)) {
  // A build from before the cluster module existed: start.mjs saw nothing newer to build.
  const { buildApi } = await import('./build-api.mjs');
  await buildApi();
}
const { startCluster, missingProxies, installHint } = await import(pathToFileURL(clusterModule).href);
const missing = missingProxies();
if (missing.length > 0) {
  console.error(`start:cluster needs ${missing.join(' and ')}: ${installHint}`);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

// Outside production each API process starts the local e-ID provider (ADR 0029) on a fixed port: in a
// cluster only the first one does, and the others log in through it, so a login begun on one instance can
// end on another (the login attempts themselves are in the database).
const localEid =
  process.env.NODE_ENV !== 'production' &&
  !['false', '0', 'no'].includes(process.env.LOCAL_EID_PROVIDER ?? '');
const eidPort =
  process.env.LOCAL_EID_PROVIDER_PORT && process.env.LOCAL_EID_PROVIDER_PORT !== '0'
    ? Number(process.env.LOCAL_EID_PROVIDER_PORT)
    : process.env.LOCAL_EID_PROVIDER_PORT === '0'
      ? await freePort()
      : 3001;
function instanceEnv(index) {
  if (!localEid) return {};
  if (index === 0) return { LOCAL_EID_PROVIDER_PORT: String(eidPort) };
  const env = { LOCAL_EID_PROVIDER: 'false' };
  // The same issuer, client and secret the first instance's provider registers (apps/api/src/config.ts),
  // for each provider not configured by hand.
  for (const id of ['NO', 'SE', 'FI', 'DK', 'staff']) {
    const prefix = `OIDC_${id.toUpperCase()}_`;
    if (process.env[`${prefix}ISSUER`]) continue;
    env[`${prefix}ISSUER`] = `http://localhost:${eidPort}/${id.toLowerCase()}`;
    env[`${prefix}CLIENT_ID`] = process.env[`${prefix}CLIENT_ID`] ?? `nordloan-${id.toLowerCase()}`;
    env[`${prefix}CLIENT_SECRET`] =
      process.env[`${prefix}CLIENT_SECRET`] ?? `local-e-id-secret-${id.toLowerCase()}`;
  }
  return env;
}

// What `npm run cluster:restart` reads: whom to send SIGHUP, and how far the last restart got.
const runDir = resolve(process.env.CLUSTER_RUN_DIR ?? join(process.env.DATA_DIR ?? '.data', 'cluster'));
mkdirSync(runDir, { recursive: true });
const stateFile = join(runDir, 'cluster.json');
const state = {
  pid: process.pid,
  url: '',
  instances: [],
  restarts: 0,
  restarting: false,
  lastRestartError: null,
};
const saveState = () => {
  state.instances = cluster
    ? cluster.instances.map(({ name, port, child }) => ({ name, port, pid: child.pid }))
    : [];
  // Written aside and renamed: cluster:restart never reads half a file.
  writeFileSync(`${stateFile}.next`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${stateFile}.next`, stateFile);
};

let cluster;
let stopping = false;
async function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  await cluster?.close().catch((error) => console.error(error.message));
  rmSync(stateFile, { force: true });
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop());

try {
  cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL,
    instances: instanceCount,
    command: [process.execPath, ...serverNodeFlags, 'apps/api/dist/server.js'],
    instanceEnv,
    runDir,
    host,
    port,
    poolSize: process.env.PGBOUNCER_POOL_SIZE ? Number(process.env.PGBOUNCER_POOL_SIZE) : undefined,
    output: 'inherit',
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
state.url = cluster.url;
saveState();

process.on('SIGHUP', () => {
  if (state.restarting) return;
  state.restarting = true;
  saveState();
  console.log('rolling restart: one instance at a time');
  cluster
    .rollingRestart((line) => {
      console.log(line);
      saveState();
    })
    .then(
      () => {
        state.lastRestartError = null;
      },
      (error) => {
        state.lastRestartError = error instanceof Error ? error.message : String(error);
        console.error(`rolling restart failed: ${state.lastRestartError}`);
      },
    )
    .finally(() => {
      state.restarting = false;
      state.restarts++;
      saveState();
    });
});
// Instances started again after a crash have new process ids.
setInterval(saveState, 2_000).unref();

console.log(
  `nordloan cluster: ${instanceCount} API instances (${cluster.instances.map((instance) => instance.port).join(', ')}) ` +
    `behind HAProxy on http://${host}:${port}, PostgreSQL through PgBouncer (${cluster.pgbouncer.port})` +
    `${process.env.REDIS_URL ? ', rate limits shared through Redis' : ', rate limits per instance (no REDIS_URL)'}`,
);
