import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The web app's first script reads the brand registry and a few value lists, and must not load zod
// (ADR 0043: zod is a quarter of the budget, and a module in the first script keeps every schema it
// defines, since later pages use them). These modules, and everything they import at run time, stay
// free of zod; `import type` and `export type … from` do not count, they leave nothing at run time.
const firstScriptModules = [
  'brands/registry.ts',
  'brands/resolve-brand.ts',
  'brands/theme-variables.ts',
  'brands/brand-ids.ts',
  'enum-values.ts',
  'errors.ts',
];

const runtimeImport = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)';/gms;

/** Every module `entry` imports at run time, directly or not, as paths under src/ (packages by name). */
function runtimeImports(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  if (!entry.endsWith('.ts')) return seen; // a package
  const source = readFileSync(join(import.meta.dirname, entry), 'utf8');
  for (const [, specifier] of source.matchAll(runtimeImport)) {
    const target = specifier!.startsWith('.') ? join(dirname(entry), specifier!) : specifier!;
    runtimeImports(target, seen);
  }
  return seen;
}

describe('modules of the web app’s first script', () => {
  it.each(firstScriptModules)('%s loads no zod', (entry) => {
    const imported = runtimeImports(entry);
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((module) => module === 'zod' || module.startsWith('zod/'))).toEqual([]);
  });

  it('sees a run-time zod import (the check can fail)', () => {
    expect(runtimeImports('enums.ts')).toContain('zod');
  });
});

// Building a schema at module level looks like a side effect to a bundler, so a page that imports a module
// for one schema would carry, and build at load, every other schema of it. Each one is marked pure, and the
// web build drops those no page reads (ADR 0043). The pattern is the domain's: `const xSchema = z…` or
// `= otherSchema.extend(…)`.
describe('module-level schemas', () => {
  const unmarked = /^(?:export )?const \w+(?:: [^=]+)? = (?!\/\* @__PURE__ \*\/)(?:z|\w+Schema)(?:\.|$)/m;
  const sources = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );

  it.each(sources)('%s marks each schema it builds as pure', (file) => {
    const source = readFileSync(join(import.meta.dirname, file), 'utf8');
    expect(unmarked.exec(source)?.[0]).toBeUndefined();
  });

  it('finds an unmarked schema (the check can fail)', () => {
    expect(unmarked.test("export const fooSchema = z.enum(['a']);")).toBe(true);
    expect(unmarked.test("export const fooSchema = /* @__PURE__ */ z.enum(['a']);")).toBe(false);
  });
});
