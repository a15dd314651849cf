#!/usr/bin/env node
// The import-boundary rules of docs/decisions/0017-module-boundaries.md, run by `npm run lint`.
// Biome's noRestrictedImports matches import strings, not what they resolve to, and cannot say "another
// module than the one this file is in"; so the rules are checked here, on resolved paths:
//   1. packages/domain imports nothing of ours (no other workspace, no app).
//   2. An API module (apps/api/src/modules/<m>/) imports another module only through its `*.service.ts`
//      or `*.repository.ts` — never its routes, mappers, schemas or helpers; its tests may also use
//      another module's `test-fixtures.ts`.
//   3. apps/api/src/{lib,plugins,db,jobs}/ import no module: they sit below the modules.
//   4. A web feature (apps/<app>/src/features/<f>/) does not import another feature; what two features
//      share lives in shared/ (or session/, brands/).
//   5. API modules have ranks (apps/api/src/modules/layers.json, lowest layer first; docs/decisions/0055):
//      a module's code imports only modules of a LOWER layer, so no two modules depend on each other and
//      no cycle can form. Every module has a layer. Tests may use any module's fixtures to set up.
// `node scripts/check-import-boundaries.mjs [root]` prints each violation and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', '.data', 'coverage']);

function listFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const files = [];
  for (const entry of entries) {
    if (SKIP.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...listFiles(full));
    else if (SOURCE.test(entry)) files.push(full);
  }
  return files;
}

/** Every module specifier a file imports or re-exports, static or dynamic, with its line. */
export function importsOf(text) {
  const found = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      found.push({ specifier: match[1], line: text.slice(0, match.index).split('\n').length });
    }
  }
  return found;
}

/** The repository-relative path an import points to, or undefined for a package outside the repo. */
export function resolveImport(fromFile, specifier) {
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  if (specifier.startsWith('#src/')) {
    // `#src/*` is each workspace's own src/ (package.json "imports").
    const workspace = /^(apps\/[^/]+|packages\/[^/]+)\//.exec(fromFile)?.[1];
    return workspace ? `${workspace}/src/${specifier.slice('#src/'.length)}` : undefined;
  }
  const workspacePackage = /^@nordloan\/([^/]+)/.exec(specifier);
  if (workspacePackage) return `packages/${workspacePackage[1]}`;
  return undefined;
}

/**
 * The module → layer index of a repository's `apps/api/src/modules/layers.json`
 * (`{ "layers": [{ "modules": [...], "why": "..." }, ...] }`, lowest first), or undefined when it has none.
 */
export function readModuleLayers(root) {
  const file = path.join(root, 'apps/api/src/modules/layers.json');
  if (!existsSync(file)) return undefined;
  const ranks = new Map();
  JSON.parse(readFileSync(file, 'utf8')).layers.forEach((layer, index) => {
    for (const name of layer.modules) {
      if (ranks.has(name)) throw new Error(`layers.json: module ${name} is in two layers`);
      ranks.set(name, index);
    }
  });
  return ranks;
}

/** The direction rule (5) for a `from → to` import between two modules, or undefined. */
export function directionViolation(from, to, ranks) {
  if (!ranks || /\.test\.tsx?$/.test(from) || /\/test-(fixtures|helpers)\.ts$/.test(from)) return undefined;
  const fromModule = /^apps\/api\/src\/modules\/([^/]+)\//.exec(from)?.[1];
  const toModule = /^apps\/api\/src\/modules\/([^/]+)\//.exec(to)?.[1];
  if (!fromModule || !toModule || fromModule === toModule) return undefined;
  for (const name of [fromModule, toModule]) {
    if (!ranks.has(name)) return `module ${name} has no layer in apps/api/src/modules/layers.json`;
  }
  if (ranks.get(toModule) >= ranks.get(fromModule)) {
    return `module ${fromModule} (layer ${ranks.get(fromModule)}) imports module ${toModule} (layer ${ranks.get(toModule)}): a module imports only lower layers`;
  }
  return undefined;
}

/** The rule a `from → to` import breaks, or undefined. Paths are repository-relative with forward slashes. */
export function boundaryViolation(from, to) {
  if (from.startsWith('packages/domain/')) {
    if (to.startsWith('apps/') || (to.startsWith('packages/') && !to.startsWith('packages/domain')))
      return 'packages/domain imports nothing of ours';
    return undefined;
  }
  const apiLayer = /^apps\/api\/src\/(lib|plugins|db|jobs)\//.exec(from);
  if (apiLayer && to.startsWith('apps/api/src/modules/'))
    return `apps/api/src/${apiLayer[1]}/ imports no module (it sits below them)`;
  const fromModule = /^apps\/api\/src\/modules\/([^/]+)\//.exec(from)?.[1];
  const toModule = /^apps\/api\/src\/modules\/([^/]+)\//.exec(to)?.[1];
  // A test may also use another module's test fixtures (how to make its records in a test).
  const facade = /\.test\.tsx?$/.test(from)
    ? /(\.(service|repository)|\/test-fixtures)\.ts$/
    : /\.(service|repository)\.ts$/;
  if (fromModule && toModule && fromModule !== toModule && !facade.test(to))
    return `module ${fromModule} imports module ${toModule} only through its *.service.ts or *.repository.ts`;
  const fromFeature = /^apps\/([^/]+)\/src\/features\/([^/]+)\//.exec(from);
  const toFeature = /^apps\/([^/]+)\/src\/features\/([^/]+)\//.exec(to);
  if (fromFeature && toFeature && fromFeature[1] === toFeature[1] && fromFeature[2] !== toFeature[2])
    return `web feature ${fromFeature[2]} does not import feature ${toFeature[2]} (share through shared/)`;
  return undefined;
}

// Imports that break a rule and are being removed on another branch. Each entry must still occur: once
// the import is gone the check fails until the entry is deleted, so none outlives its fix.
export const pendingRemovals = [];

export function checkRepository(root, pending = pendingRemovals) {
  const violations = [];
  const seen = new Set();
  const ranks = readModuleLayers(root);
  const roots = ['packages', 'apps'].map((dir) => path.join(root, dir));
  for (const file of roots.flatMap(listFiles)) {
    const from = path.relative(root, file).split(path.sep).join('/');
    for (const { specifier, line } of importsOf(readFileSync(file, 'utf8'))) {
      const to = resolveImport(from, specifier);
      const rule = to && (boundaryViolation(from, to) ?? directionViolation(from, to, ranks));
      if (!rule) continue;
      const known = pending.find((entry) => entry.file === from && entry.to === to);
      if (known) seen.add(known);
      else violations.push({ file: from, line, specifier, rule });
    }
  }
  if (ranks) {
    const modulesDir = path.join(root, 'apps/api/src/modules');
    const modules = readdirSync(modulesDir).filter((name) =>
      statSync(path.join(modulesDir, name)).isDirectory(),
    );
    for (const name of modules.filter((name) => !ranks.has(name)))
      violations.push({
        file: `apps/api/src/modules/${name}/`,
        line: 0,
        specifier: '',
        rule: `module ${name} has no layer in layers.json`,
      });
    for (const name of [...ranks.keys()].filter((name) => !modules.includes(name)))
      violations.push({
        file: 'apps/api/src/modules/layers.json',
        line: 0,
        specifier: name,
        rule: `layers.json names module ${name}, which does not exist`,
      });
  }
  for (const entry of pending) {
    if (!seen.has(entry) && existsSync(path.join(root, entry.file)))
      violations.push({
        file: entry.file,
        line: 0,
        specifier: entry.to,
        rule: 'fixed: delete it from pendingRemovals',
      });
  }
  return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const violations = checkRepository(root);
  for (const v of violations) console.error(`${v.file}:${v.line}  '${v.specifier}'  — ${v.rule}`);
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} import(s) cross a boundary (docs/decisions/0017-module-boundaries.md).`,
    );
    process.exit(1);
  }
  console.log('import boundaries: ok');
}
