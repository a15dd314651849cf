// `npm start`: builds the web app, the back office and the API (compiled JavaScript, apps/api/dist/server.js)
// when their sources are newer than the last build, then starts the API (which serves both apps) on PGlite
// unless DATABASE_URL is set. Production runs the compiled file, not TypeScript through tsx (issue 12).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverNodeFlags } from './server-node-flags.mjs';

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// The applicant app and the back office (apps/backoffice, served on backoffice.localhost) are built
// separately, each when its own sources (or the shared domain package) are newer than its build.
for (const [name, workspace] of [
  ['the web app', 'apps/web'],
  ['the back office', 'apps/backoffice'],
]) {
  const builtIndex = `${workspace}/dist/index.html`;
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(newestMtime(workspace), newestMtime('packages/domain/src'));
  if (sourcesAt > builtAt) {
    console.log(`Building ${name}…`);
    const build = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
const builtApi = 'apps/api/dist/server.js';
const apiBuiltAt = existsSync(builtApi) ? statSync(builtApi).mtimeMs : 0;
const apiSourcesAt = Math.max(
  newestMtime('apps/api/src'),
  newestMtime('packages/domain/src'),
  statSync('apps/api/package.json').mtimeMs,
);
if (apiSourcesAt > apiBuiltAt) {
  console.log('Building the API…');
  // esbuild is loaded only when there is something to build.
  const { buildApi } = await import('./build-api.mjs');
  await buildApi();
}
// An empty DATA_DIR starts from a migrated PGlite template (apps/api/src/db/template.ts) rather than running
// PGlite's initdb, most of a cold start; it is made again when the migrations or PGlite changed, or when a
// build from before the template kept its data directory has only the tar dump.
const templateStamp = 'apps/api/dist/pglite-template.json';
const templateAt =
  existsSync(templateStamp) && existsSync('apps/api/dist/pglite-template/PG_VERSION')
    ? statSync(templateStamp).mtimeMs
    : 0;
const pglitePackage = 'node_modules/@electric-sql/pglite/package.json';
const migrationsAt = Math.max(
  newestMtime('apps/api/src/db/migrations'),
  existsSync(pglitePackage) ? statSync(pglitePackage).mtimeMs : 0,
);
if (!process.env.DATABASE_URL && migrationsAt > templateAt) {
  console.log('Making the PGlite template…');
  const template = spawnSync(process.execPath, ['apps/api/dist/template-cli.js'], { stdio: 'inherit' });
  if (template.status !== 0) process.exit(template.status ?? 1);
}
// `--build-only`: the benchmarks build first, so that what they time afterwards is the server's start.
if (process.argv.includes('--build-only')) process.exit(0);

// Outside production the sandbox lender runs beside the API as its own process (ADR 0062), as the local
// e-ID provider stands in for BankID: the lender API at http://localhost:3002/<lender id>. It starts first,
// and once it listens the API sends every simulated lender's calls to it over HTTP (LENDER_API_SANDBOX_URL),
// with signed callbacks back — the code path a real lender's API takes. The simulated lenders exist only
// there (ADR 0083): there is no in-process panel to fall back on. So when port 3002 is taken (another
// checkout's sandbox) the sandbox starts again on a free port and we say which; when it cannot start at all
// we stop with the reason rather than run an API whose applications get no offers.
// LENDER_SANDBOX=false: not started (the simulated lenders are then off the panel, as the API logs);
// LENDER_API_SANDBOX_URL set by hand wins.
const sandboxWanted =
  process.env.NODE_ENV !== 'production' &&
  process.env.LENDER_SANDBOX !== 'false' &&
  !process.env.LENDER_API_SANDBOX_URL;
const startSandbox = (env) =>
  spawn(process.execPath, ['apps/api/dist/lender-sandbox.js'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
let sandbox = sandboxWanted ? startSandbox({}) : undefined;
let sandboxUrl = sandbox ? await sandboxListening(sandbox) : undefined;
if (sandbox && !sandboxUrl) {
  const wanted = process.env.LENDER_SANDBOX_PORT ?? '3002';
  console.log(`The sandbox lender could not listen on port ${wanted}; starting it on a free port instead.`);
  sandbox.kill('SIGTERM');
  sandbox = startSandbox({ LENDER_SANDBOX_PORT: '0' });
  sandboxUrl = await sandboxListening(sandbox);
  if (!sandboxUrl) {
    sandbox.kill('SIGTERM');
    console.error(
      'The sandbox lender did not start (its output is above), so the simulated lenders would be off the panel and no application would get an offer. Not starting the API. Fix the cause, or run with LENDER_SANDBOX=false (no simulated lenders) or LENDER_API_SANDBOX_URL=<a running sandbox>.',
    );
    process.exit(1);
  }
  console.log(`The sandbox lender listens on ${sandboxUrl} (not the usual port ${wanted}).`);
}
const serverEnv = { ...process.env };
if (sandboxUrl) serverEnv.LENDER_API_SANDBOX_URL = sandboxUrl;
if (!sandboxWanted && !process.env.LENDER_API_SANDBOX_URL && process.env.NODE_ENV !== 'production')
  console.log('No sandbox lender (LENDER_SANDBOX=false): the simulated lenders are not on the panel.');
const server = spawn(process.execPath, [...serverNodeFlags, builtApi], { stdio: 'inherit', env: serverEnv });

/** The sandbox's base URL once it prints that it listens; undefined when it exits or stays silent for 10 s. */
function sandboxListening(child) {
  return new Promise((resolve) => {
    let buffered = '';
    const timer = setTimeout(() => resolve(undefined), 10_000);
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      buffered += chunk;
      const listening = /sandbox lender on (http:\/\/[^/\s]+)/.exec(buffered);
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
}
// The sandbox bank (account information, ADR 0076) likewise, at http://localhost:3003, the address the API
// calls outside production unless BANK_DATA_URL names a real provider. BANK_SANDBOX=false: not started.
const bankSandbox =
  process.env.NODE_ENV !== 'production' && process.env.BANK_SANDBOX !== 'false'
    ? spawn(process.execPath, ['apps/api/dist/bank-sandbox.js'], { stdio: 'inherit' })
    : undefined;
// The sandbox debt registers (ADR 0079) likewise, at http://localhost:3004 (/no Gjeldsregisteret, /fi the
// positive credit register) unless DEBT_REGISTER_NO_URL / _FI_URL name real ones. DEBT_REGISTER_SANDBOX=false:
// not started.
const debtRegisterSandbox =
  process.env.NODE_ENV !== 'production' && process.env.DEBT_REGISTER_SANDBOX !== 'false'
    ? spawn(process.execPath, ['apps/api/dist/debt-register-sandbox.js'], { stdio: 'inherit' })
    : undefined;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    sandbox?.kill(signal);
    bankSandbox?.kill(signal);
    debtRegisterSandbox?.kill(signal);
    server.kill(signal);
  });
server.on('exit', (code) => {
  sandbox?.kill('SIGTERM');
  bankSandbox?.kill('SIGTERM');
  debtRegisterSandbox?.kill('SIGTERM');
  process.exit(code ?? 0);
});
