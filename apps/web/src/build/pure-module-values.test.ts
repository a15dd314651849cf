import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Rollup, build as viteBuild } from 'vite';
import { describe, expect, it } from 'vitest';
import { markModuleValuesPure, pureModuleValues } from './pure-module-values.ts';

describe('markModuleValuesPure', () => {
  it('marks every call a module-level declaration runs, arguments and chains included', () => {
    const code = [
      "export const aSchema = z.string().min(1, 'é');",
      'const table = new Map(rows.map((row) => [row.code, row.name]));',
      'export const bSchema = z.object({ a: aSchema.optional() });',
    ].join('\n');
    expect(markModuleValuesPure(code)?.code).toBe(
      [
        "export const aSchema = /* @__PURE__ */ z.string().min(1, 'é');",
        'const table = /* @__PURE__ */ new Map(/* @__PURE__ */ rows.map((row) => [row.code, row.name]));',
        'export const bSchema = /* @__PURE__ */ z.object({ a: /* @__PURE__ */ aSchema.optional() });',
      ].join('\n'),
    );
  });

  it('leaves statements made for their effect, and what functions run later, unmarked', () => {
    const code = [
      'register(plugin);',
      'export function build() { return z.object({}); }',
      'const later = () => table.get(1);',
      'class Store { items = new Map(); }',
    ].join('\n');
    expect(markModuleValuesPure(code)).toBeNull();
  });

  it('maps each token back to where it was', () => {
    const result = markModuleValuesPure('const a = f(1);\nconst b = g();')!;
    const lines = result.map.mappings.split(';');
    expect(lines).toHaveLength(2);
    // `const`, `a`, `=`, then `f` moved right by the mark's 16 characters: generated 26, source column 10.
    expect(lines[0]!.split(',')[3]).toBe('kBAAE');
  });
});

describe('the plugin in a build', () => {
  it('drops the values no module reads and keeps the ones it does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pure-module-values-'));
    writeFileSync(
      join(dir, 'values.js'),
      [
        'const make = (name) => { globalThis.built = (globalThis.built ?? 0) + 1; return { name, also: () => name }; };',
        "export const used = make('used-value');",
        "export const unused = { inner: make('unused-value').also() };",
      ].join('\n'),
    );
    writeFileSync(join(dir, 'main.js'), "import { used } from './values.js';\nconsole.log(used.name);\n");
    const build = async (plugins: ReturnType<typeof pureModuleValues>[]) => {
      const result = (await viteBuild({
        configFile: false,
        logLevel: 'silent',
        plugins,
        build: { write: false, minify: false, rollupOptions: { input: join(dir, 'main.js') } },
      })) as Rollup.RollupOutput;
      return result.output[0].code;
    };
    const without = await build([]);
    const marked = await build([pureModuleValues(/values\.js$/)]);
    expect(without).toContain('unused-value');
    expect(marked).not.toContain('unused-value');
    expect(marked).toContain('used-value');
  });
});
