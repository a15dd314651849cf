import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type SandboxLedgerSnapshot, sandboxLedgerPath } from '#src/dev/lender-sandbox/sandbox-ledger.ts';

// The sandbox lender as its own process, as `npm start` runs it (scripts/start.mjs): the crash test's
// lenders (from the sources through tsx) and the quote bench's (a build of lender-sandbox-cli.ts).
// Started on a free port (LENDER_SANDBOX_PORT=0); its address is the line it prints once it listens.

const sourceEntry = fileURLToPath(new URL('../../dev/lender-sandbox/lender-sandbox-cli.ts', import.meta.url));

export interface SandboxProcess {
  /** Base URL; lender `<id>` is at `${url}/<id>`. */
  url: string;
  child: ChildProcess;
  /** What it was asked and sent so far (GET /_sandbox/ledger). */
  ledger(): Promise<SandboxLedgerSnapshot & { inFlight: number }>;
  stop(): Promise<void>;
}

export async function startSandboxProcess(options: {
  /** The API's callback base, `http://127.0.0.1:<port>/lender-api/callbacks`. */
  callbackUrl: string;
  env?: Record<string, string>;
  /** Where its output goes (appended); none: dropped. */
  logFile?: string;
  /** A build of lender-sandbox-cli.ts instead of the sources (the benchmark: no tsx in the measured process). */
  builtEntry?: string;
}): Promise<SandboxProcess> {
  const args = options.builtEntry ? [options.builtEntry] : ['--import', 'tsx', sourceEntry];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LENDER_SANDBOX_PORT: '0',
      LENDER_SANDBOX_CALLBACK_URL: options.callbackUrl,
      // The built-in panel's credit policies, not a lender table of some database.
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  if (log) child.stderr?.pipe(log);
  else child.stderr?.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    // As long as the server's start may take (server-process.ts): tsx on a busy machine is slow.
    const timer = setTimeout(() => reject(new Error('the sandbox lender did not start in 180 s')), 180_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      log?.write(chunk);
      buffered += chunk.toString('utf8');
      const listening = /sandbox lender on (http:\/\/[^/\s]+)/.exec(buffered);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox lender exited (${code}): ${buffered.trim()}`));
    });
  });
  return {
    url,
    child,
    async ledger() {
      const response = await fetch(url + sandboxLedgerPath);
      if (!response.ok) throw new Error(`sandbox ledger: HTTP ${response.status}`);
      return (await response.json()) as SandboxLedgerSnapshot & { inFlight: number };
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
