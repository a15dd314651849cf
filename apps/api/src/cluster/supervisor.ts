import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { freePort, type Haproxy, type PgBouncer, startHaproxy, startPgBouncer } from './proxies.ts';

// Issue 37 (docs/decisions/0070, 0071): N API instances between HAProxy and PgBouncer, kept running —
// an instance that dies is started again on its port — and restarted one at a time on request (SIGHUP
// to `npm run start:cluster`, which `npm run cluster:restart` sends). Used by scripts/start-cluster.mjs
// (built into apps/api/dist/cluster.js) and by the cluster test.

export interface ClusterInstance {
  name: string;
  port: number;
  child: ChildProcess;
  /** Times this instance was started (1 for the first start). */
  starts: number;
}

export interface Cluster {
  /** HAProxy's address: the one clients use. */
  url: string;
  haproxy: Haproxy;
  pgbouncer: PgBouncer;
  instances: ClusterInstance[];
  /** SIGTERM to each instance in turn; the next once the new one is UP in HAProxy. */
  rollingRestart(log?: (line: string) => void): Promise<void>;
  /** Resolves when the instance has been started again after it died (not by rollingRestart). */
  restarted(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** PostgreSQL, straight (the instances' DATABASE_DIRECT_URL; PgBouncer is put in front of it). */
  databaseUrl: string;
  instances: number;
  /** How to run one instance: the command and its arguments (e.g. node, apps/api/dist/server.js). */
  command: readonly string[];
  /** Environment of every instance (besides the database, port and shutdown variables set here). */
  env?: Record<string, string | undefined>;
  /** Per instance additions (start:cluster: the local e-ID provider in the first only). */
  instanceEnv?: (index: number) => Record<string, string>;
  runDir: string;
  host?: string;
  port?: number;
  /** PgBouncer's server connections for all instances together. */
  poolSize?: number;
  /** Where each instance's output goes: inherited (start:cluster) or a file per instance in runDir. */
  output?: 'inherit' | 'files';
  log?: (line: string) => void;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.error(line));
  const pgbouncer = await startPgBouncer({
    databaseUrl: options.databaseUrl,
    runDir: options.runDir,
    poolSize: options.poolSize,
    onOutput: (line) => {
      if (/ (WARNING|ERROR|FATAL) /.test(line)) log(`pgbouncer: ${line}`);
    },
  });
  let stopping = false;
  const restartWaiters = new Map<string, Array<() => void>>();
  const planned = new Set<ChildProcess>();

  const spawnInstance = (index: number, port: number, starts: number): ClusterInstance => {
    const name = `api${index + 1}`;
    const child = spawn(options.command[0]!, options.command.slice(1), {
      env: {
        ...process.env,
        ...options.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: pgbouncer.url,
        DATABASE_DIRECT_URL: options.databaseUrl,
        DATABASE_POOL_MODE: 'transaction',
        // X-Forwarded-For is believed from HAProxy, on the loopback, and from nobody else.
        TRUST_PROXY: '127.0.0.1',
        // Two checks 500 ms apart take a draining instance out (deploy/haproxy.cfg), with a margin.
        SHUTDOWN_DRAIN_MS: options.env?.SHUTDOWN_DRAIN_MS ?? '1500',
        ...options.instanceEnv?.(index),
      },
      stdio: options.output === 'files' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (options.output === 'files') {
      const file = createWriteStream(join(options.runDir, `${name}.log`), { flags: 'a' });
      child.stdout?.pipe(file);
      child.stderr?.pipe(file);
    }
    const instance: ClusterInstance = { name, port, child, starts };
    child.once('exit', (code, signal) => {
      if (stopping || planned.has(child)) return;
      log(`${name} (port ${port}) stopped (${signal ?? code}); starting it again`);
      setTimeout(() => {
        if (stopping) return;
        const again = spawnInstance(index, port, instance.starts + 1);
        instances[index] = again;
        waitReady(again)
          .then(() => {
            for (const resolve of restartWaiters.get(name)?.splice(0) ?? []) resolve();
          })
          .catch((error: Error) => log(`${name}: ${error.message}`));
      }, 500);
    });
    return instance;
  };

  const waitReady = async (instance: ClusterInstance, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (instance.child.exitCode !== null)
        throw new Error(`${instance.name} exited (${instance.child.exitCode})`);
      try {
        if ((await fetch(`http://127.0.0.1:${instance.port}/health/ready`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${instance.name} was not ready within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };

  const ports: number[] = [];
  for (let index = 0; index < options.instances; index++) ports.push(await freePort());
  const instances = ports.map((port, index) => spawnInstance(index, port, 1));
  let haproxy: Haproxy | undefined;
  const stopAll = async () => {
    stopping = true;
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    await haproxy?.close();
    await pgbouncer.close();
  };
  try {
    await Promise.all(instances.map((instance) => waitReady(instance)));
    haproxy = await startHaproxy({
      servers: instances.map((instance) => ({ name: instance.name, address: `127.0.0.1:${instance.port}` })),
      runDir: options.runDir,
      host: options.host,
      port: options.port,
      // HAProxy says each event twice (stderr and its log); the bracketed one is enough.
      onOutput: (line) => {
        if (line.startsWith('[') && !/Proxy .* stopped/.test(line)) log(`haproxy: ${line}`);
      },
    });
    await haproxy.waitUntilUp();
  } catch (error) {
    await stopAll();
    throw error;
  }
  const balancer = haproxy;

  /** SIGTERM and wait; SIGKILL after the drain and the in-flight deadline have long passed. */
  function stopInstance(instance: ClusterInstance): Promise<void> {
    const { child } = instance;
    planned.add(child);
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  let rolling: Promise<void> | undefined;
  return {
    url: balancer.url,
    haproxy: balancer,
    pgbouncer,
    instances,
    rollingRestart(say = log) {
      rolling ??= (async () => {
        for (let index = 0; index < instances.length; index++) {
          const old = instances[index]!;
          const started = Date.now();
          await stopInstance(old);
          const stopped = Date.now();
          const fresh = spawnInstance(index, old.port, old.starts + 1);
          instances[index] = fresh;
          await waitReady(fresh);
          const ready = Date.now();
          await balancer.waitUntilUp([fresh.name]);
          say(
            `${fresh.name}: drained and stopped in ${stopped - started} ms, the new one ready in ` +
              `${ready - stopped} ms, UP in HAProxy ${Date.now() - ready} ms later`,
          );
        }
      })().finally(() => {
        rolling = undefined;
      });
      return rolling;
    },
    restarted(name) {
      return new Promise((resolve) => {
        const waiting = restartWaiters.get(name) ?? [];
        waiting.push(resolve);
        restartWaiters.set(name, waiting);
      });
    },
    close: stopAll,
  };
}
export { installHint, missingProxies } from './proxies.ts';
