import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The sandbox lender beside each browser test's server (docs/decisions/0083), as `npm start` runs it: its
// own process on a free port, hosting the simulated lenders behind the lender API, its signed callbacks to
// the server's port. The API has no in-process lenders: without it no application would get an offer.

export interface RunningSandboxLender {
  url: string;
  stop(): Promise<void>;
}

/** The compiled sandbox when it is newer than its sources (as in CI), else its sources through tsx. */
function sandboxCommand(repoRoot: string, sourcesAt: number): string[] {
  const built = join(repoRoot, 'apps/api/dist/lender-sandbox.js');
  if (existsSync(built) && statSync(built).mtimeMs >= sourcesAt) return [process.execPath, built];
  return ['npx', 'tsx', 'apps/api/src/dev/lender-sandbox/lender-sandbox-cli.ts'];
}

export async function startSandboxLender(options: {
  repoRoot: string;
  /** The newest mtime of the API's and the domain's sources (whether the build is current). */
  sourcesAt: number;
  /** The API's port: where the callbacks go. */
  apiPort: number;
  env: Record<string, string>;
}): Promise<RunningSandboxLender> {
  const [command, ...args] = sandboxCommand(options.repoRoot, options.sourcesAt);
  const child: ChildProcess = spawn(command!, args, {
    cwd: options.repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      ...options.env,
      PORT: String(options.apiPort),
      // Any free port: it says which when it listens.
      LENDER_SANDBOX_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
    await exited;
  };
  const url = await new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), 60_000);
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const listening = /sandbox lender on (http:\/\/[^/\s]+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]);
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  if (!url) {
    await stop();
    throw new Error(`the sandbox lender did not start:\n${output.slice(-2000)}`);
  }
  return { url, stop };
}
