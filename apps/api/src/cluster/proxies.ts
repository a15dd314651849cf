import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Issue 37 (docs/decisions/0070): Debian's HAProxy and PgBouncer, run with the configurations kept in
// deploy/, for `npm run start:cluster` (built to apps/api/dist/cluster.js), the cluster test and the
// scale-out benchmark. Neither is ever needed by `npm start`.

export const haproxyBinary = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
export const pgbouncerBinary = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
export const installHint = 'apt-get install -y haproxy pgbouncer (README, "Scaling out")';

/** Both engines are installed: what `start:cluster` and the cluster test need. */
export function missingProxies(): string[] {
  return [haproxyBinary, pgbouncerBinary].filter((binary) => !existsSync(binary));
}

/** deploy/ of the repository, from src/cluster or from dist. */
export function deployDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 6; up++) {
    if (existsSync(join(dir, 'deploy', 'haproxy.cfg'))) return join(dir, 'deploy');
    dir = dirname(dir);
  }
  throw new Error('deploy/haproxy.cfg not found above this file');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

// ── PgBouncer ────────────────────────────────────────────────────────────────────────────────────

export interface PgBouncer {
  /** What the instances use as DATABASE_URL: the same database, through PgBouncer. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts PgBouncer in transaction mode in front of `databaseUrl` (deploy/pgbouncer.ini). */
export async function startPgBouncer(options: {
  databaseUrl: string;
  runDir: string;
  port?: number;
  /** Server connections for the requests of all instances together (default 10). */
  poolSize?: number;
  onOutput?: (line: string) => void;
}): Promise<PgBouncer> {
  const target = new URL(options.databaseUrl);
  const dbName = decodeURIComponent(target.pathname.slice(1)) || 'postgres';
  const user = decodeURIComponent(target.username) || 'postgres';
  const password = decodeURIComponent(target.password);
  for (const [what, value] of [
    ['database name', dbName],
    ['user', user],
  ] as const) {
    if (!/^[\w-]+$/.test(value)) throw new Error(`PgBouncer: the ${what} must be letters, digits, _ or -`);
  }
  if (/[\s']/.test(password)) throw new Error('PgBouncer: a password with spaces or quotes is not supported');
  const port = options.port ?? (await freePort());
  mkdirSync(options.runDir, { recursive: true });
  const config = readFileSync(join(deployDir(), 'pgbouncer.ini'), 'utf8')
    .replaceAll('{{DB_NAME}}', dbName)
    .replaceAll('{{DB_HOST}}', target.hostname || '127.0.0.1')
    .replaceAll('{{DB_PORT}}', target.port || '5432')
    .replaceAll('{{DB_USER}}', user)
    .replaceAll('{{DB_PASSWORD}}', password ? `password=${password}` : '')
    .replaceAll('{{PORT}}', String(port))
    .replaceAll('{{POOL_SIZE}}', String(options.poolSize ?? 10));
  const configFile = join(options.runDir, 'pgbouncer.ini');
  writeFileSync(configFile, config, { mode: 0o600 });
  // PgBouncer refuses to run as root: it reads its file first, then becomes an unprivileged user.
  const asRoot = process.getuid?.() === 0;
  const runAs = asRoot ? (spawnSync('id', ['postgres']).status === 0 ? 'postgres' : 'nobody') : undefined;
  if (runAs) chmodSync(configFile, 0o644);
  const child = spawn(pgbouncerBinary, [...(runAs ? ['-u', runAs] : []), configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.onOutput?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  await waitForPort(port, child, 'pgbouncer');
  const url = new URL(options.databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), port, close: () => stopChild(child, 'SIGINT') };
}

// ── HAProxy ──────────────────────────────────────────────────────────────────────────────────────

export interface HaproxyServer {
  name: string;
  /** host:port of the instance. */
  address: string;
}

export interface Haproxy {
  url: string;
  port: number;
  /** Each server's state as HAProxy sees it ('UP', 'DOWN', 'UP 1/2', 'MAINT', …). */
  serverStates(): Promise<Record<string, string>>;
  /** Responses each server gave through HAProxy (health checks not counted), in the servers' order. */
  requestCounts(): Promise<number[]>;
  /** Waits until every named server (all by default) is UP. */
  waitUntilUp(names?: readonly string[], timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts HAProxy with deploy/haproxy.cfg in front of `servers`, on `host:port` (a free port by default). */
export async function startHaproxy(options: {
  servers: readonly HaproxyServer[];
  runDir: string;
  host?: string;
  port?: number;
  onOutput?: (line: string) => void;
}): Promise<Haproxy> {
  const port = options.port ?? (await freePort());
  const host = options.host ?? '127.0.0.1';
  mkdirSync(options.runDir, { recursive: true });
  const lines = options.servers.map((server) => `    server ${server.name} ${server.address} check`);
  const configFile = join(options.runDir, 'haproxy.cfg');
  writeFileSync(
    configFile,
    `${readFileSync(join(deployDir(), 'haproxy.cfg'), 'utf8').trimEnd()}\n${lines.join('\n')}\n`,
  );
  const socketPath = join(options.runDir, 'haproxy.sock');
  // -db: in the foreground (this process supervises it); SIGUSR1 stops it once its connections are done.
  const child = spawn(haproxyBinary, ['-db', '-f', configFile], {
    env: {
      ...process.env,
      NORDLOAN_BIND: `${host === 'localhost' ? '127.0.0.1' : host}:${port}`,
      NORDLOAN_RUN_DIR: options.runDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.onOutput?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  await waitForPort(port, child, 'haproxy');

  const command = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = createConnection(socketPath);
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write(`${text}\n`);
    });
  /** The `api` backend's servers' rows of `show stat`, by column name. */
  const serverRows = async () => {
    const csv = await command('show stat');
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    return rows
      .map((row) => Object.fromEntries(row.split(',').map((cell, index) => [columns[index], cell])))
      .filter((row) => row.pxname === 'api' && !['FRONTEND', 'BACKEND'].includes(row.svname!));
  };
  const serverStates = async () =>
    Object.fromEntries((await serverRows()).map((row) => [row.svname!, row.status!]));
  const responseColumns = ['hrsp_1xx', 'hrsp_2xx', 'hrsp_3xx', 'hrsp_4xx', 'hrsp_5xx', 'hrsp_other'];
  const requestCounts = async () => {
    const rows = new Map((await serverRows()).map((row) => [row.svname, row]));
    return options.servers.map((server) =>
      responseColumns.reduce((sum, column) => sum + Number(rows.get(server.name)?.[column] || 0), 0),
    );
  };
  return {
    url: `http://${host}:${port}`,
    port,
    serverStates,
    requestCounts,
    async waitUntilUp(names, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const states = await serverStates();
        const wanted = names ?? Object.keys(states);
        if (wanted.every((name) => states[name] === 'UP')) return;
        if (Date.now() > deadline) throw new Error(`HAProxy: not UP in time: ${JSON.stringify(states)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => stopChild(child, 'SIGUSR1'),
  };
}
