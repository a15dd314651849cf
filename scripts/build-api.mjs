// `npm run build:api`: the API compiled to JavaScript, apps/api/dist/server.js, which `npm start` runs
// instead of TypeScript through tsx (issue 12 goal 4), and apps/api/dist/template-cli.js, which makes the
// migrated PGlite database an empty DATA_DIR starts from (apps/api/src/db/template.ts), and
// apps/api/dist/cluster.js (HAProxy, PgBouncer and the instances of scripts/start-cluster.mjs), and apps/api/dist/lender-sandbox.js (the
// sandbox lender, ADR 0062). esbuild bundles our own code (apps/api/src and @nordloan/domain); npm
// dependencies stay external and load from node_modules as usual.
//
// Files the API reads at run time next to its sources (the SQL migrations, the terms content) are found
// from `import.meta.url`; each source file's own URL is written in its place, so those paths keep pointing
// into the source tree and nothing has to be copied.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = join(root, 'apps/api');
const external = Object.keys(JSON.parse(readFileSync(join(apiDir, 'package.json'), 'utf8')).dependencies);
external.push(
  ...Object.keys(JSON.parse(readFileSync(join(root, 'packages/domain/package.json'), 'utf8')).dependencies),
);

/** @type {import('esbuild').Plugin} */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('/node_modules/') && !args.path.includes('/@nordloan/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const contents = source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

/** `outdir` and `only` (entry names): the cluster test builds the server alone into a directory of its own. */
export async function buildApi(options = {}) {
  const started = performance.now();
  const entryPoints = {
    server: join(apiDir, 'src/server.ts'),
    'template-cli': join(apiDir, 'src/db/template-cli.ts'),
    // HAProxy, PgBouncer and the instances of `npm run start:cluster` (ADR 0070).
    cluster: join(apiDir, 'src/cluster/supervisor.ts'),
    // The sandbox lender `npm start` runs beside the API outside production (ADR 0062).
    'lender-sandbox': join(apiDir, 'src/dev/lender-sandbox/lender-sandbox-cli.ts'),
    // The sandbox bank (account information) `npm start` runs beside the API outside production (ADR 0076).
    'bank-sandbox': join(apiDir, 'src/dev/bank-sandbox/bank-sandbox-cli.ts'),
    // The sandbox debt registers (NO Gjeldsregisteret, FI positive credit register; ADR 0079).
    'debt-register-sandbox': join(apiDir, 'src/dev/debt-register-sandbox/debt-register-sandbox-cli.ts'),
  };
  await build({
    entryPoints: options.only
      ? Object.fromEntries(Object.entries(entryPoints).filter(([name]) => options.only.includes(name)))
      : entryPoints,
    outdir: options.outdir ?? join(apiDir, 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...new Set(external)],
    plugins: [sourceUrls],
    logLevel: 'warning',
    // Some dependencies are CommonJS; give the bundle a `require` for their interop.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return performance.now() - started;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildApi();
  console.log(`apps/api/dist/server.js built in ${Math.round(ms)} ms`);
  if (process.argv.includes('--no-template')) process.exit(0);
  const template = spawnSync(process.execPath, [join(apiDir, 'dist/template-cli.js')], { stdio: 'inherit' });
  if (template.status !== 0) process.exit(template.status ?? 1);
}
