import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// The real server (apps/api/src/server.ts) as a child process, for the crash suite: started, killed
// with SIGKILL in the middle of its work, started again on the same data.

const serverEntry = fileURLToPath(new URL('../../server.ts', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
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
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}; see ${options.logFile}`);
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
