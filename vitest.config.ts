import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// One runner, one project per workspace. `npm test` (scripts/test.mjs) decides which run when.
// vitest's default is one worker fewer than the machine has cores: one worker on our 2-core CI machine,
// which left a core idle through the whole PGlite run (CPU-bound WASM). Two workers run the files in half
// the time; VITEST_MAX_WORKERS overrides it. The browser suite runs two files at a time (each its own server
// and Chromium): a file spends much of its time waiting on its server and browser, so two at once take about
// half the time (2026-11-29: 27 files, 1,289 s of test time in 692 s on a machine at load 13, every test
// passing; one at a time they took 387 s for 22 files at load 2). E2E_SERIAL=1 runs them one by one.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism());

// `npm test`'s second API run, on PostgreSQL (scripts/test.mjs sets API_DATABASE_TESTS_ONLY=1): only the test
// files that reach a database. A file that never opens one (signatures, config, the OpenAPI document, the
// repository checks) proves the same on both engines, and ran a minute already in the PGlite run.
const databaseMarkers =
  /test-app|test-database|openDatabase|db\/client|createTestApp|lending-test-helpers|startServer|DatabaseHandle|TEST_DATABASE_URL/;

function engineIndependentApiTests(): string[] {
  const root = 'apps/api';
  return readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts'))
    .filter((path) => !databaseMarkers.test(readFileSync(join(root, 'src', path), 'utf8')))
    .map((path) => `src/${path}`);
}

const apiExclude = process.env.API_DATABASE_TESTS_ONLY === '1' ? engineIndependentApiTests() : [];

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...apiExclude],
          // One module graph per worker, not per file: importing the app (Fastify, Drizzle, zod schemas,
          // PGlite) again for each of ~100 files was 206 s of a 452 s PGlite run; without it the run takes
          // 274 s (docs/performance.md "CI time"). Files still share nothing else: each builds its own app
          // on its own database, and no API test mocks a module or changes process.env.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
      'apps/backoffice/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: process.env.E2E_SERIAL !== '1',
        },
      },
    ],
  },
});
