// `npm run start:cluster`: several API instances on one PostgreSQL behind one address (issue 12 goal 5,
// docs/decisions/0035-scale-out.md). Builds like `npm start`, then starts CLUSTER_INSTANCES (default 2)
// processes of apps/api/dist/server.js on free internal ports, each with its own job worker (they share
// the queue through the database), and a round-robin proxy on PORT (default 3000) in front of them.
// REDIS_URL, when set, reaches every instance, so the rate limits are one budget; without it each instance
// counts on its own. Ctrl-C stops them all.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/nordloan npm run start:cluster
//   DATABASE_URL=… REDIS_URL=redis://127.0.0.1:6379 CLUSTER_INSTANCES=3 PORT=8080 npm run start:cluster
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
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
const proxyModule = 'apps/api/dist/round-robin-proxy.js';
if (!existsSync(proxyModule)) {
  // A build from before the proxy existed: start.mjs saw nothing newer to build.
  const { buildApi } = await import('./build-api.mjs');
  await buildApi();
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

const ports = [];
for (let index = 0; index < instanceCount; index++) ports.push(await freePort());

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

let stopping = false;
const instances = ports.map((instancePort, index) => {
  const child = spawn(process.execPath, [...serverNodeFlags, 'apps/api/dist/server.js'], {
    // Internal ports on the loopback only: the proxy is the one address clients use.
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(instancePort), ...instanceEnv(index) },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(
      `API instance ${index + 1} (port ${instancePort}) stopped (${signal ?? code}); stopping the cluster`,
    );
    stop('SIGTERM', code ?? 1);
  });
  return child;
});

async function healthy(url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy within 2 minutes`);
}

const { startRoundRobinProxy } = await import(pathToFileURL(proxyModule).href);
let proxy;

async function stop(signal, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  await proxy?.close().catch(() => undefined);
  const exits = instances
    .filter((child) => child.exitCode === null && child.signalCode === null)
    .map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of instances) if (child.exitCode === null) child.kill(signal);
  await Promise.all(exits);
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));

const targets = ports.map((instancePort) => `http://127.0.0.1:${instancePort}`);
try {
  await Promise.all(targets.map(healthy));
  proxy = await startRoundRobinProxy({
    targets,
    port,
    host,
    onUpstreamError: (target, error) => console.error(`proxy: ${target} did not answer (${error.message})`),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop('SIGTERM', 1);
}
console.log(
  `nordloan cluster: ${instanceCount} API instances (${targets.join(', ')}) behind http://${host}:${port}` +
    `${process.env.REDIS_URL ? ', rate limits shared through Redis' : ', rate limits per instance (no REDIS_URL)'}`,
);
