// `npm run test:deep`: the reliability suites at full size (issue 15, docs/decisions/0025): the route ×
// caller matrix, 10,000 fuzzed requests, the field sweep with every edge value on every field for every
// caller (issue 32), and the kill -9 crash run under a longer, wider load. On PGlite, then again on
// PostgreSQL when TEST_DATABASE_URL is set. `npm test` runs the same files smaller.
import { spawnSync } from 'node:child_process';

const suites = ['src/test/security', 'src/test/fuzz', 'src/test/crash'];
const deep = { FUZZ_RUNS: '10000', SWEEP_VALUES: 'all', CRASH_CLIENTS: '16', CRASH_LOAD_MS: '20000' };
const runs = [['PGlite', { TEST_DATABASE_URL: '' }]];
if (process.env.TEST_DATABASE_URL) runs.push(['PostgreSQL', {}]);

for (const [name, env] of runs) {
  console.log(`\n=== reliability suites, full size (${name}) ===`);
  const started = Date.now();
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...suites], {
    stdio: 'inherit',
    env: { ...process.env, ...deep, ...env },
  });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
