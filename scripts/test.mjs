// `npm test`: lint, type check, unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, then the browser suite. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['import boundaries', 'node', ['scripts/check-import-boundaries.mjs']],
  ['typecheck', 'npx', ['tsc', '-b', '--pretty', 'false']],
  [
    'unit + api (PGlite)',
    'npx',
    ['vitest', 'run', ...['domain', 'api', 'web', 'backoffice'].flatMap((name) => ['--project', name])],
    { TEST_DATABASE_URL: '' },
  ],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['api (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api']]);
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (process.env.SKIP_E2E === '1') {
  console.log('SKIP_E2E=1: browser suite skipped');
} else if (existsSync(chromium)) {
  steps.push(['build web + back office', 'npm', ['run', 'build']]);
  steps.push(['e2e (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e'], { TEST_DATABASE_URL: '' }]);
} else {
  console.error(`No Chromium at ${chromium}: install it (apt-get install -y chromium) or set SKIP_E2E=1`);
  process.exit(1);
}

for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
