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
// and once it listens the API sends every panel lender's calls to it over HTTP (LENDER_API_SANDBOX_URL),
// with signed callbacks back — the code path a real lender's API takes. When it cannot start (its port is
// another checkout's) the API keeps its in-process panel and says so. LENDER_SANDBOX=false: not started;
// LENDER_API_SANDBOX_URL set by hand wins.
const sandbox =
  process.env.NODE_ENV !== 'production' && process.env.LENDER_SANDBOX !== 'false'
    ? spawn(process.execPath, ['apps/api/dist/lender-sandbox.js'], { stdio: ['ignore', 'pipe', 'inherit'] })
    : undefined;
const sandboxUrl = sandbox ? await sandboxListening(sandbox) : undefined;
const serverEnv = { ...process.env };
if (sandboxUrl && !process.env.LENDER_API_SANDBOX_URL) serverEnv.LENDER_API_SANDBOX_URL = sandboxUrl;
if (sandbox && !sandboxUrl)
  console.log('The API uses its in-process lender panel (the sandbox lender did not start).');
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
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    sandbox?.kill(signal);
    bankSandbox?.kill(signal);
    server.kill(signal);
  });
server.on('exit', (code) => {
  sandbox?.kill('SIGTERM');
  bankSandbox?.kill('SIGTERM');
  process.exit(code ?? 0);
});
