// The pages' script budgets (issue 40, ADR 0073), over the build's output: run right after `npm run build`
// (scripts/test.mjs). Counts gzip -9 of every script a page loads before it is usable — its entry with the
// entry's static imports, plus the chunks the page's route and language load, each with their static
// imports (Vite's manifest, build.manifest in both vite.config.ts) — and fails when one is over budget.
//
//   node scripts/check-bundle-budget.mjs            every page, each figure beside its budget
//   node scripts/check-bundle-budget.mjs --chunks   also each page's chunks, largest first
//   BUDGET_WEB_DIST=/tmp/web BUDGET_BACKOFFICE_DIST=/tmp/bo …   a build made elsewhere (vite build --outDir)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const locales = ['nb-NO', 'sv-SE', 'fi-FI', 'da-DK'];
// Each brand's configuration is a chunk of its own (apps/web/src/build/brand-modules.ts, ADR 0086), named
// in the manifest by its id; a brand id begins with its country.
const localeOfCountry = { no: 'nb-NO', se: 'sv-SE', fi: 'fi-FI', dk: 'da-DK' };
const brandChunk = /^src\/brands\/generated\/(([a-z]{2})-[a-z0-9-]+)\.js$/;

/**
 * kB = 1,000 bytes of gzip -9. Each variant lists manifest keys (module paths from the app's root), or is
 * made from the manifest; a page in several languages or brands is counted in its heaviest. `goal` is issue 40's; `budget` is what CI enforces: the
 * goal once it is met, until then the figure reached, so the page can only get lighter (lower it with
 * every cut; never raise it without an ADR).
 */
const pages = [
  {
    name: 'apply page (web: entry + language + brand + apply route)',
    dist: process.env.BUDGET_WEB_DIST ?? 'apps/web/dist',
    goal: 100,
    // 2026-11-29: 186.0 kB before, 146.3 kB after ADR 0073's cuts, 106.6 kB after ADR 0082's (zod/mini
    // under the classic API, a small router, the domain free of side effects), 96.7 kB after ADR 0086's
    // (the domain's values pure, the entry's imports in one chunk, a chunk per brand): the goal is met, and
    // the goal is the budget from here on (as the staff app's).
    budget: 100,
    // Per brand: its language and its configuration's chunk (a build from before ADR 0086 has none: per language).
    variants: (manifest) => {
      const brands = Object.keys(manifest).flatMap((key) => {
        const match = brandChunk.exec(key);
        return match ? [{ key, locale: localeOfCountry[match[2]] }] : [];
      });
      return brands.length > 0
        ? brands.map(({ key, locale }) => [
            'index.html',
            `src/app/locales/${locale}.ts`,
            'src/app/routes/apply-page.tsx',
            key,
          ])
        : locales.map((locale) => [
            'index.html',
            `src/app/locales/${locale}.ts`,
            'src/app/routes/apply-page.tsx',
          ]);
    },
  },
  {
    name: 'staff app first screen (back office: entry + language + queue route)',
    dist: process.env.BUDGET_BACKOFFICE_DIST ?? 'apps/backoffice/dist',
    goal: 80,
    // 2026-11-29: 210.8 kB (one script), 107.5 kB after ADR 0073, 67.6 kB after ADR 0082: the goal.
    budget: 80,
    variants: ['nb', 'sv', 'fi', 'da', 'en'].map((language) => [
      'index.html',
      `src/shared/i18n/messages/${language}.ts`,
      `src/shared/i18n/messages/answers/${language}.ts`,
      'src/features/queue/components/queue-page.tsx',
    ]),
  },
];

const showChunks = process.argv.includes('--chunks');
const gzipCache = new Map();
const gzipSize = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
};
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

let failed = false;
for (const page of pages) {
  const manifestPath = resolve(root, page.dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`✗ ${page.name}: no ${page.dist}/.vite/manifest.json — run \`npm run build\` first`);
    failed = true;
    continue;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  let worst = { bytes: -1, files: [] };
  const variants = typeof page.variants === 'function' ? page.variants(manifest) : page.variants;
  for (const keys of variants) {
    const seen = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk) return;
      if (seen.has(chunk.file)) return;
      seen.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    // A part missing from the manifest (a route not split, a language without a chunk) counts nothing:
    // what it would have held is then in a chunk already counted.
    for (const key of keys) visit(key);
    const files = [...seen].filter((file) => file.endsWith('.js'));
    const bytes = files.reduce((sum, file) => sum + gzipSize(resolve(root, page.dist, file)), 0);
    if (bytes > worst.bytes) worst = { bytes, files, keys };
  }
  const over = worst.bytes > page.budget * 1000;
  failed ||= over;
  console.log(
    `${over ? '✗' : '✓'} ${page.name}: ${kB(worst.bytes)} gzip — budget ${page.budget} kB, goal ${page.goal} kB` +
      `${worst.bytes > page.goal * 1000 ? ' (goal not met)' : ''}; ${worst.files.length} scripts, heaviest: ${worst.keys.slice(1).join(' + ')}`,
  );
  if (showChunks || over) {
    for (const file of worst.files.sort(
      (a, b) => gzipSize(resolve(root, page.dist, b)) - gzipSize(resolve(root, page.dist, a)),
    )) {
      console.log(`    ${kB(gzipSize(resolve(root, page.dist, file))).padStart(9)}  ${file}`);
    }
  }
}
if (failed) {
  console.error('\nA page is over its script budget (docs/performance.md "Script budgets"; ADR 0073).');
  process.exit(1);
}
