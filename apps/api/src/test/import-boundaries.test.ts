import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run lint` runs scripts/check-import-boundaries.mjs (ADR 0017). Here it runs on small made-up
// repositories: each wrong-direction import fails it, the allowed ones pass; and on this repository.

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const script = join(repositoryRoot, 'scripts', 'check-import-boundaries.mjs');

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Runs the check on a repository made of `files` (path → source). */
function check(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const result = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const api = 'apps/api/src';

describe('the import-boundary check', () => {
  it('passes on this repository', () => {
    const result = spawnSync(process.execPath, [script, repositoryRoot], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('passes the directions the rules allow', () => {
    const result = check({
      'packages/domain/src/a.ts': "import { z } from 'zod';\nimport { b } from './b.ts';",
      'packages/domain/src/b.ts': 'export const b = 1;',
      [`${api}/lib/caller.ts`]: "import type { Db } from '#src/db/client.ts';",
      [`${api}/modules/a/a.service.ts`]:
        "import { b } from '#src/modules/b/b.service.ts';\nimport { findB } from '#src/modules/b/b.repository.ts';\nimport { x } from './a-helper.ts';",
      [`${api}/modules/a/a.routes.ts`]: "import type { LenderPanel } from '#src/modules/b/sub/b.service.ts';",
      [`${api}/modules/a/a.test.ts`]: "import { makeB } from '#src/modules/b/test-fixtures.ts';",
      'apps/web/src/features/apply/api/x.ts':
        "import { http } from '#src/shared/api/http.ts';\nimport { y } from '#src/features/apply/model/y.ts';",
    });
    expect(result.output).toContain('import boundaries: ok');
    expect(result.status).toBe(0);
  });

  it.each([
    [
      'the domain importing an app',
      'packages/domain/src/a.ts',
      "import { buildApp } from '../../../apps/api/src/app.ts';",
      'packages/domain imports nothing of ours',
    ],
    [
      'the domain importing another workspace',
      'packages/domain/src/a.ts',
      "import { x } from '@nordloan/api/x';",
      'packages/domain imports nothing of ours',
    ],
    [
      'lib/ importing a module',
      `${api}/lib/module-options.ts`,
      "import type { TokenService } from '#src/modules/auth/token.service.ts';",
      'lib/ imports no module',
    ],
    [
      'plugins/ importing a module',
      `${api}/plugins/auth.ts`,
      "import { x } from '../modules/auth/token.service.ts';",
      'plugins/ imports no module',
    ],
    [
      'jobs/ importing a module',
      `${api}/jobs/worker.ts`,
      "import { runIntake } from '#src/modules/lending/intake/intake.service.ts';",
      'jobs/ imports no module',
    ],
    [
      'db/ importing a module',
      `${api}/db/seed.ts`,
      "const m = await import('#src/modules/persons/person.repository.ts');",
      'db/ imports no module',
    ],
    [
      'a module importing another module’s routes',
      `${api}/modules/lending/lending.routes.ts`,
      "import { routes } from '#src/modules/loan-applications/loan-application.routes.ts';",
      'module lending imports module loan-applications only through its *.service.ts or *.repository.ts',
    ],
    [
      'a module importing another module’s helper (type only, re-exported too)',
      `${api}/modules/consent/consent.service.ts`,
      "export type { X } from '#src/modules/customers/customer-access.ts';",
      'module consent imports module customers only through',
    ],
    [
      'a module’s code (not a test) importing another module’s test fixtures',
      `${api}/modules/audit/audit.service.ts`,
      "import { makeAgent } from '#src/modules/backoffice/test-fixtures.ts';",
      'module audit imports module backoffice only through',
    ],
    [
      'a web feature importing another feature',
      'apps/web/src/features/apply/components/step.tsx',
      "import { OfferCard } from '#src/features/my-page/components/offer-card.tsx';",
      'web feature apply does not import feature my-page',
    ],
  ])('fails on %s', (_name, file, source, rule) => {
    const result = check({ [file]: source });
    expect(result.status).toBe(1);
    expect(result.output).toContain(file);
    expect(result.output).toContain(rule);
  });

  describe('module ranks (apps/api/src/modules/layers.json, ADR 0055)', () => {
    const layers = JSON.stringify({
      layers: [
        { modules: ['records'], why: 'lowest' },
        { modules: ['journey', 'other'], why: 'on top of records' },
      ],
    });
    const modules = {
      [`${api}/modules/layers.json`]: layers,
      [`${api}/modules/records/records.repository.ts`]: 'export const r = 1;',
      [`${api}/modules/other/other.service.ts`]: 'export const o = 1;',
    };

    it('lets a module import a lower layer, and any module set up its tests', () => {
      const result = check({
        ...modules,
        [`${api}/modules/journey/journey.service.ts`]:
          "import { r } from '#src/modules/records/records.repository.ts';",
        [`${api}/modules/records/records.test.ts`]:
          "import { j } from '#src/modules/journey/journey.service.ts';",
      });
      expect(result.output).toContain('import boundaries: ok');
      expect(result.status).toBe(0);
    });

    it.each([
      [
        'a lower module importing a higher one',
        `${api}/modules/records/records.service.ts`,
        "import { j } from '#src/modules/journey/journey.service.ts';",
        'module records (layer 0) imports module journey (layer 1): a module imports only lower layers',
      ],
      [
        'two modules of one layer (a cycle could form)',
        `${api}/modules/journey/journey.service.ts`,
        "import { o } from '#src/modules/other/other.service.ts';",
        'module journey (layer 1) imports module other (layer 1)',
      ],
      [
        'a module without a layer',
        `${api}/modules/newcomer/newcomer.service.ts`,
        'export const n = 1;',
        'module newcomer has no layer in layers.json',
      ],
    ])('fails on %s', (_name, file, source, rule) => {
      const result = check({ ...modules, [`${api}/modules/journey/journey.service.ts`]: '', [file]: source });
      expect(result.status).toBe(1);
      expect(result.output).toContain(rule);
    });

    it('fails when layers.json names a module that does not exist', () => {
      const result = check({
        ...modules,
        [`${api}/modules/journey/journey.service.ts`]: '',
        [`${api}/modules/layers.json`]: layers.replace("'other'", "'other'").replace('"other"', '"gone"'),
      });
      expect(result.status).toBe(1);
      expect(result.output).toContain('layers.json names module gone, which does not exist');
    });

    it('ranks every module of this repository', () => {
      const result = spawnSync(process.execPath, [script, repositoryRoot], { encoding: 'utf8' });
      expect(result.stderr).not.toContain('has no layer');
    });
  });
});
