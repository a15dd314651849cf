import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveSite } from '#src/app/runtime.ts';

afterEach(() => vi.restoreAllMocks());

describe('which site a host is', () => {
  it('plain localhost, 127.0.0.1 and [::1] show the brand index', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(resolveSite(host)).toEqual({ kind: 'brand-index' });
    }
  });

  it('<id>.localhost is that brand', () => {
    const site = resolveSite('no-compare.localhost:3000');
    expect(site.kind === 'brand' && site.brand.brand).toBe('no-compare');
  });

  it('a production domain is its brand', () => {
    const site = resolveSite('lan-norge.example');
    expect(site.kind === 'brand' && site.brand.brand).toBe('no-main');
  });

  it('mine.<id>.localhost is the brand on its personal-page host', () => {
    const site = resolveSite('mine.fi-main.localhost:3000');
    expect(site).toMatchObject({ kind: 'brand', isMyPageHost: true });
  });

  it("an unknown host falls back to se-main with the §8 warning 'Invalid brand detected. Defaulting to the Swedish brand'", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const site = resolveSite('unknown.example');
    expect(site).toMatchObject({ kind: 'brand', isFallback: true });
    expect(site.kind === 'brand' && site.brand.brand).toBe('se-main');
    expect(warn).toHaveBeenCalledWith('Invalid brand detected. Defaulting to the Swedish brand');
  });
});
