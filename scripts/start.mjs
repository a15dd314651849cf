// `npm start`: builds the web app and the back office when their sources are newer than the last build,
// then starts the API (which serves both) on PGlite unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
