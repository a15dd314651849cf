// `npm test`: lint, type check, unit and API tests on PGlite, the API tests again on PostgreSQL (when
// TEST_DATABASE_URL is set), then the browser suite. Stops at the first failing step.
//
// One step at a time: on our 2-core CI machine every step is CPU-bound. Run side by side, the PostgreSQL
// run and the browser suite took 625 s and 1,008 s; each alone takes 182 s and 433 s (issue 12: CI under
// 20 min; docs/performance.md "CI time").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const step = (name, cmd, args, env = {}) => ({ name, cmd, args, env });

const steps = [
  step('lint', 'npx', ['biome', 'check', '.']),
  step('import boundaries', 'node', ['scripts/check-import-boundaries.mjs']),
  step('file sizes', 'node', ['scripts/check-file-size.mjs']),
  step('status literals', 'node', ['scripts/check-status-literals.mjs']),
  step('typecheck', 'npx', ['tsc', '-b', '--pretty', 'false']),
  step(
    'unit + api (PGlite)',
    'npx',
    ['vitest', 'run', ...['domain', 'api', 'web', 'backoffice'].flatMap((name) => ['--project', name])],
    { TEST_DATABASE_URL: '' },
  ),
];
if (process.env.TEST_DATABASE_URL) {
  // Only the files that reach a database: the others ran in the PGlite step (vitest.config.ts).
  steps.push(
    step('api (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api'], { API_DATABASE_TESTS_ONLY: '1' }),
  );
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (process.env.SKIP_E2E === '1') {
  console.log('SKIP_E2E=1: browser suite skipped');
} else if (existsSync(chromium)) {
  steps.push(
    step('build web + back office + API', 'npm', ['run', 'build']),
    // The apply page's and the staff app's first screen's script, each beside its budget (ADR 0073).
    step('script budgets', 'node', ['scripts/check-bundle-budget.mjs']),
    // The migrated PGlite database each browser test file's server starts from instead of running initdb.
    step('PGlite template', 'node', ['apps/api/dist/template-cli.js']),
    step('e2e (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e'], { TEST_DATABASE_URL: '' }),
  );
} else {
  console.error(`No Chromium at ${chromium}: install it (apt-get install -y chromium) or set SKIP_E2E=1`);
  process.exit(1);
}

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

for (const { name, cmd, args, env } of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
