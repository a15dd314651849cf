import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// The real server (apps/api/src/server.ts) as a child process, for the crash suite: started, killed
// with SIGKILL in the middle of its work, started again on the same data.

const serverEntry = fileURLToPath(new URL('../../server.ts', import.meta.url));

/**
 * A free port below the kernel's ephemeral range (32768–60999 on Linux). The crash tests restart their server
 * on the same port after kill -9; a port from `listen(0)` is one that any other test's `listen(0)` (the
 * per-worker sandbox lenders, other servers) may be handed in between, and the restart then exits with
 * EADDRINUSE. No `listen(0)` is ever given a port from 20000–32767.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await isFree(port)) return port;
  }
  throw new Error('no free port in 20000–31999');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, open transactions die with the process. */
  kill(): Promise<void>;
}

export async function startServer(options: {
  port: number;
  env: Record<string, string>;
  logFile: string;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      // No local e-ID provider: it listens on a fixed port (3001), which the other crash test's server, in
      // the other test worker, may hold at the same moment (EADDRINUSE); these tests sign no one in by e-ID.
      LOCAL_EID_PROVIDER: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      // The log goes with the test's data folder: its end goes into the failure itself.
      await new Promise((resolve) => log.end(resolve));
      const tail = readFileSync(options.logFile, 'utf8').slice(-3_000);
      throw new Error(`server exited with ${child.exitCode}; the end of ${options.logFile}:\n${tail}`);
    }
    try {
      const health = await fetch(`${baseUrl}/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start; see ${options.logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    child,
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
