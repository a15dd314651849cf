import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSigningKey } from './token.service.ts';

// Instances started together on one empty DATA_DIR (npm run start:cluster, ADR 0035) must sign with one key.
describe('the signing key kept in DATA_DIR', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is one key when several loaders create it at once, and no draft file is left behind', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nordloan-key-'));
    dirs.push(dataDir);
    const keys = await Promise.all(Array.from({ length: 6 }, () => loadSigningKey({ dataDir })));
    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    expect(readdirSync(join(dataDir, 'keys'))).toEqual(['jwt-es256.pkcs8.pem']);
    expect((await loadSigningKey({ dataDir })).kid).toBe(keys[0]!.kid);
  });
});
