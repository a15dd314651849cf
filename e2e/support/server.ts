import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startSandboxLender } from './sandbox-lender.ts';

// Starts the real server (apps/api/src/server.ts) on a free port with a fresh PGlite data directory, and
// with it the local e-ID provider on another free port and the sandbox lender process on a third (the
// simulated lenders live only there, ADR 0083); waits for /health, and stops it again. The web app must be built (npm run build) beforehand.

export interface RunningServer {
  port: number;
  baseUrl: string;
  /** The local e-ID provider the server runs beside it (its own free port; ADR 0029). */
  eidProviderUrl: string;
  dataDir: string;
  /** The server's output so far (for failure messages). */
  output(): string;
  /** The server's warnings, errors and non-JSON lines (the last 60): why a lender or a job got stuck. */
  problems(): string;
  stop(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error(`server did not answer /health within ${timeoutMs} ms:\n${output()}`);
}

/**
 * The server on a free port, started again on other ports when one was taken between our probe and its
 * listen (the API tests run beside this suite and open ports of their own).
 */
export async function startServer(
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOnce({
  timeoutMs = 120_000,
  env = {},
}: {
  timeoutMs?: number;
  env?: Record<string, string>;
} = {}): Promise<RunningServer> {
  const port = await freePort();
  let eidProviderPort = await freePort();
  // Two probes in a row may be given the same port back.
  while (eidProviderPort === port) eidProviderPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'nordloan-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const lenders =
    env.LENDER_API_SANDBOX_URL || env.LENDER_SANDBOX === 'false'
      ? undefined
      : await startSandboxLender({ repoRoot, sourcesAt: apiSourcesAt(), apiPort: port, env });
  const [command, ...args] = serverCommand();
  const child = spawn(command!, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      LOCAL_EID_PROVIDER_PORT: String(eidProviderPort),
      ...(lenders ? { LENDER_API_SANDBOX_URL: lenders.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const output = () => log.slice(-4000);
  // pino's warn (40) and above, or any line that is not JSON (a crash's stack): what explains a stuck test.
  const problems = () =>
    log
      .split('\n')
      .filter((line) => line.trim() && !/"level":(10|20|30),/.test(line))
      .slice(-60)
      .join('\n');

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      // npx runs tsx in a child process: signal the whole process group we created.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    await lenders?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, timeoutMs, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    baseUrl,
    eidProviderUrl: `http://localhost:${eidProviderPort}`,
    dataDir,
    output,
    problems,
    stop,
  };
}

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** When the API's or the domain package's sources last changed. */
function apiSourcesAt(): number {
  return Math.max(
    newestMtime(join(repoRoot, 'apps/api/src')),
    newestMtime(join(repoRoot, 'packages/domain/src')),
  );
}

/**
 * The compiled server (apps/api/dist/server.js, made by `npm run build`) when it is newer than the API's
 * and the domain package's sources, as in CI: it starts in about half the time of TypeScript through tsx,
 * and with the PGlite template beside it (`npm test` makes it) it skips initdb too — seconds per test file.
 * Otherwise, after an edit without a build, the sources through tsx.
 */
function serverCommand(): string[] {
  const built = join(repoRoot, 'apps/api/dist/server.js');
  if (existsSync(built) && statSync(built).mtimeMs >= apiSourcesAt()) return [process.execPath, built];
  return ['npx', 'tsx', 'apps/api/src/server.ts'];
}

/** Builds the web app when there is no build yet (`npm test` builds it before this suite runs). */
export function ensureWebAppBuilt(): void {
  if (existsSync(join(repoRoot, 'apps/web/dist/index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');
}

/**
 * The server and Chromium started side by side (the server takes seconds, Chromium a fraction of one): every
 * browser test file needs both before its first test. When one of them fails to start, the other is stopped again.
 */
export async function startServerAndBrowser(
  options: Parameters<typeof startServer>[0] = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  const [server, browser] = await Promise.allSettled([startServer(options), launchBrowser()]);
  if (server.status === 'fulfilled' && browser.status === 'fulfilled') {
    return { server: server.value, browser: browser.value };
  }
  if (server.status === 'fulfilled') await server.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
}
