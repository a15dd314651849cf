import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run lint` runs scripts/check-status-literals.mjs (issue 32): application statuses by their names,
// groups and predicates in packages/domain/src/statuses.ts, not as three-digit numbers. Here it runs on small
// made-up repositories (with this repository's statuses.ts), and on this one.

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const script = join(repositoryRoot, 'scripts', 'check-status-literals.mjs');
const statusesFile = 'packages/domain/src/statuses.ts';
const statuses = readFileSync(join(repositoryRoot, statusesFile), 'utf8');

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Runs the check on a repository made of statuses.ts and `files` (path → source). */
function check(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'status-literals-'));
  roots.push(root);
  for (const [path, source] of Object.entries({ [statusesFile]: statuses, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const result = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const service = 'apps/api/src/modules/lending/some.service.ts';

describe('the status-literal check', () => {
  it('passes on this repository', () => {
    const result = spawnSync(process.execPath, [script, repositoryRoot], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.each([
    ['a status compared with a code', 'if (application.status !== 500) return;'],
    ['a threshold', 'const submitted = knownStatus >= 160 && knownStatus !== 169;'],
    ['a move compared with a code', 'if (to === 400 || to === 410) notify();'],
    ['an event payload’s status', 'if (Number(event.payload.To) !== 160) return;'],
    ['a code on the left', 'if (700 === paid.status) return;'],
    ['a bare status with a code HTTP does not use', 'if (status === 169) return;'],
    ['a list of statuses', 'if (![400, 410].includes(application.status)) throw conflict();'],
    ['a set of statuses', 'const stillApplying = new Set([100, 155, 161]);'],
    ['a one-status list of a transition', 'await transitionIfIn(tx, { onlyFrom: [500], to: 410 });'],
    ['a switch over a status', 'switch (application.status) {\n  case 160:\n    break;\n}'],
    ['SQL comparing a status', 'const q = sql`SELECT 1 FROM t WHERE t.to_status = 160`;'],
    ['SQL listing statuses', 'const q = sql`SELECT 1 FROM t WHERE t.status IN (300, 305, 310)`;'],
  ])('fails on %s', (_name, source) => {
    const result = check({ [service]: source });
    expect(result.status).toBe(1);
    expect(result.output).toContain(service);
  });

  it('passes what is not an application status', () => {
    const result = check({
      'apps/api/src/modules/a/a.routes.ts': [
        'reply.code(404).send(body);',
        'const schema = { response: { 200: answerSchema, 409: badResultSchema } };',
        'throw new AppError(500, "Failed");',
        'if (response.status >= 500 || error.status === 404) retry();',
        'if (status === 400) return refused;',
        'if (answer.status < 200 || answer.status >= 300) fail();',
        'if (code < 480) return "not-accepted";',
        'await transitionIfIn(tx, { onlyFrom: [applicationStatus.offerAccepted], to: 410 });',
        'const sizes = [320, 640, 1280];',
        'setTimeout(done, 500); const year = 2026;',
        '// a comment about 400 and [300, 305, 310]',
        "const text = 'moved to 400 (status 410)';",
      ].join('\n'),
      'apps/api/src/modules/b/b-client.ts':
        'const got = await fetch(url);\nif (got.status === 400) refuse();',
      'apps/api/src/modules/a/a.test.ts':
        'expect(application.status).toBe(410);\nif ([400, 410].includes(s)) x();',
      'apps/api/src/test/helpers.ts': 'if (row.status === 160) x();',
      'apps/web/src/features/x/steps.ts': "import { expect } from 'vitest';\nif (row.status === 160) x();",
      'packages/domain/src/status-machine.ts': 'const from = [300, 305, 310];',
      'bench/load.ts': 'const ends = [700, 190, 370];',
    });
    expect(result.output).toContain('status literals: ok');
    expect(result.status).toBe(0);
  });
});
