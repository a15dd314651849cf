// `npm test`: lint, type check, unit and API tests on PGlite, then — side by side — the API tests again on
// PostgreSQL (when TEST_DATABASE_URL is set) and the browser suite. Stops at the first failing step.
//
// Why side by side: the browser suite spends much of its time waiting (for pages, for the simulated
// lenders' answers) and the PostgreSQL run much of its time in the database server; on our 2-core CI
// machine the two together take little longer than the browser suite alone (issue 12: CI under 20 min).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const step = (name, cmd, args, env = {}) => ({ name, cmd, args, env });

const steps = [
  step('lint', 'npx', ['biome', 'check', '.']),
  step('import boundaries', 'node', ['scripts/check-import-boundaries.mjs']),
  step('typecheck', 'npx', ['tsc', '-b', '--pretty', 'false']),
  step(
    'unit + api (PGlite)',
    'npx',
    ['vitest', 'run', ...['domain', 'api', 'web', 'backoffice'].flatMap((name) => ['--project', name])],
    { TEST_DATABASE_URL: '' },
  ),
];
const together = [];
if (process.env.TEST_DATABASE_URL) {
  together.push(step('api (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api']));
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (process.env.SKIP_E2E === '1') {
  console.log('SKIP_E2E=1: browser suite skipped');
} else if (existsSync(chromium)) {
  steps.push(step('build web + back office', 'npm', ['run', 'build']));
  together.push(
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

/** Runs one step with its output collected, so two steps' lines do not interleave. */
function runCollected({ name, cmd, args, env }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    console.log(`=== ${name}: started`);
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, seconds: seconds(started) }));
  });
}

if (together.length > 0) {
  console.log(`\n=== side by side: ${together.map(({ name }) => name).join(' | ')} ===`);
  const results = await Promise.all(together.map(runCollected));
  let failed = 0;
  for (const { name, code, output, seconds: took } of results) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(Buffer.concat(output));
    console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${took} s`);
    if (code !== 0) failed = code;
  }
  if (failed !== 0) process.exit(failed);
}
