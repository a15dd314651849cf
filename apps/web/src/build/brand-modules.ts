import { join } from 'node:path';
import type * as Registry from '@nordloan/domain/brands/registry';
import type * as ResolveBrand from '@nordloan/domain/brands/resolve-brand';
import { type Plugin, runnerImport } from 'vite';

// A page is one brand's, but the registry holds all fifteen (and the pieces they are built from): in the
// entry script it was ≈ 4 kB gzip of brands the page never shows (issue 40, ADR 0086). This plugin makes,
// from the registry, at build time (and in the dev server and the tests alike):
//   `virtual:nordloan-brands`  which brand each host is (app/runtime.ts) and a loader per brand;
//   one module per brand       its configuration as data (JSON), a chunk of its own, loaded by the loader.
// The registry stays the one source; nothing generated is checked in. A brand module's id is a path under
// src/brands/generated/ (no such directory exists) so that the build's manifest names it
// `src/brands/generated/<id>.js`, as scripts/check-bundle-budget.mjs counts it.

export const BRANDS_MODULE = 'virtual:nordloan-brands';
const brandModulePrefix = 'virtual:nordloan-brand/';

interface Domain {
  brandIds: typeof Registry.brandIds;
  brands: typeof Registry.brands;
  defaultBrandId: string;
  brandHosts: typeof ResolveBrand.brandHosts;
}

/**
 * The registry, run by Vite's module runner: this config is loaded by Node, which cannot run the domain's
 * TypeScript (and a relative import of it would put the domain's files into this app's type-check project).
 */
async function loadDomain(): Promise<Domain> {
  const [registry, resolveBrand] = await Promise.all([
    runnerImport<typeof Registry>('@nordloan/domain/brands/registry'),
    runnerImport<typeof ResolveBrand>('@nordloan/domain/brands/resolve-brand'),
  ]);
  return {
    brandIds: registry.module.brandIds,
    brands: registry.module.brands,
    defaultBrandId: registry.module.DEFAULT_BRAND_ID,
    brandHosts: resolveBrand.module.brandHosts,
  };
}

/** Every host a brand answers to in the widest environment ('test', as the browser resolves), by host. */
function brandIdByHost({ brandIds, brands, brandHosts }: Domain): Record<string, string> {
  const table: Record<string, string> = {};
  for (const id of brandIds) for (const host of brandHosts(brands[id], 'test')) table[host] = id;
  return table;
}

function brandsModuleSource(domain: Domain): string {
  const cases = domain.brandIds
    .map((id) => `    case ${JSON.stringify(id)}: return import(${JSON.stringify(brandModulePrefix + id)});`)
    .join('\n');
  return [
    `export const brandIdByHost = ${JSON.stringify(brandIdByHost(domain))};`,
    `export const defaultBrandId = ${JSON.stringify(domain.defaultBrandId)};`,
    'export function loadBrandConfig(id) {',
    '  switch (id) {',
    cases,
    // An id from the table above always has a case; anything else is a programming error.
    "    default: return Promise.reject(new Error('No configuration for brand ' + id));",
    '  }',
    '}',
  ].join('\n');
}

export function brandModules(): Plugin {
  let generatedDir = join(process.cwd(), 'src/brands/generated');
  let domain: Promise<Domain> | undefined;
  const brandOf = (id: string): string | null =>
    id.startsWith(generatedDir) && id.endsWith('.js')
      ? id.slice(generatedDir.length + 1, -'.js'.length)
      : null;
  return {
    name: 'nordloan-brand-modules',
    configResolved(config) {
      generatedDir = join(config.root, 'src/brands/generated');
    },
    resolveId(source) {
      if (source === BRANDS_MODULE) return `\0${BRANDS_MODULE}`;
      if (source.startsWith(brandModulePrefix)) {
        return join(generatedDir, `${source.slice(brandModulePrefix.length)}.js`);
      }
      return null;
    },
    async load(id) {
      const brandId = brandOf(id);
      if (id !== `\0${BRANDS_MODULE}` && brandId === null) return null;
      domain ??= loadDomain();
      const { brands } = await domain;
      if (brandId === null) return brandsModuleSource(await domain);
      if (!Object.hasOwn(brands, brandId)) throw new Error(`No brand ${brandId} in the registry`);
      return `export default ${JSON.stringify(brands[brandId as Registry.BrandId])};`;
    },
  };
}
