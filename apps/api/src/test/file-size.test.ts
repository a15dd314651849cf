import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run lint` runs scripts/check-file-size.mjs (issue 32): no source file over 500 lines but the declared
// data listed in scripts/file-size-exceptions.json. Here it runs on small made-up repositories, and on this one.

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const script = join(repositoryRoot, 'scripts', 'check-file-size.mjs');
const exceptionsFile = 'scripts/file-size-exceptions.json';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A source text of `count` lines, each ending in a newline. */
const lines = (count: number) => 'export const x = 1;\n'.repeat(count);

/** Runs the check on a repository made of `files` (path → source). */
function check(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'file-size-'));
  roots.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const result = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the file-size check', () => {
  it('passes on this repository', () => {
    const result = spawnSync(process.execPath, [script, repositoryRoot], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('passes 500 lines and fails 501, naming the file and its length', () => {
    expect(check({ 'apps/api/src/a.ts': lines(500) }).status).toBe(0);
    // A last line without its newline counts as a line.
    expect(check({ 'apps/api/src/a.ts': `${lines(500)}export const y = 2;` }).status).toBe(1);
    const result = check({ 'apps/api/src/a.ts': lines(501) });
    expect(result.status).toBe(1);
    expect(result.output).toContain('apps/api/src/a.ts');
    expect(result.output).toContain('501 lines');
  });

  it.each([
    'apps/web/src/features/apply/components/step.tsx',
    'packages/domain/src/rules.ts',
    'scripts/build.mjs',
    'bench/load.bench.ts',
    'e2e/support/server.js',
  ])('counts %s', (file) => {
    const result = check({ [file]: lines(501) });
    expect(result.status).toBe(1);
    expect(result.output).toContain(file);
  });

  it('does not count tests, installed or built files, or files outside the source folders', () => {
    const result = check({
      'apps/api/src/a.test.ts': lines(900),
      'apps/web/src/b.test.tsx': lines(900),
      'e2e/apply.e2e.ts': lines(900),
      'node_modules/x/index.js': lines(900),
      'apps/web/dist/assets/app.js': lines(900),
      'apps/web/dist-prerender/entry.js': lines(900),
      'docs/example.ts': lines(900),
      'apps/api/src/db/migrations/0001.sql': lines(900),
    });
    expect(result.output).toContain('file sizes: ok');
    expect(result.status).toBe(0);
  });

  it('lets a listed data file be longer', () => {
    const result = check({
      'packages/domain/src/panel.ts': lines(700),
      [exceptionsFile]: JSON.stringify({ 'packages/domain/src/panel.ts': 'Declared data: the lenders.' }),
    });
    expect(result.output).toContain('file sizes: ok');
    expect(result.status).toBe(0);
  });

  it.each([
    [
      'an entry whose file is no longer over the limit',
      { 'packages/domain/src/panel.ts': lines(500) },
      'no longer over 500: delete its entry',
    ],
    ['an entry whose file is gone', {}, 'not a counted source file'],
    [
      'an entry for a test file',
      { 'packages/domain/src/panel.test.ts': lines(700) },
      'not a counted source file',
    ],
  ])('fails on %s', (_name, files, problem) => {
    const file = Object.keys(files)[0] ?? 'packages/domain/src/panel.ts';
    const result = check({ ...files, [exceptionsFile]: JSON.stringify({ [file]: 'Declared data.' }) });
    expect(result.status).toBe(1);
    expect(result.output).toContain(file);
    expect(result.output).toContain(problem);
  });

  it('fails on an entry without its reason', () => {
    const result = check({
      'packages/domain/src/panel.ts': lines(700),
      [exceptionsFile]: JSON.stringify({ 'packages/domain/src/panel.ts': ' ' }),
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('gives no reason');
  });
});
