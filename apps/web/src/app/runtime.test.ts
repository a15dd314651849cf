import { brandIds, brands } from '@nordloan/domain/brands/registry';
import { brandHosts, resolveBrandFromHost } from '@nordloan/domain/brands/resolve-brand';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBrand, resolveSite } from '#src/app/runtime.ts';

afterEach(() => vi.restoreAllMocks());

describe('which site a host is', () => {
  it('plain localhost, 127.0.0.1 and [::1] show the brand index', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(resolveSite(host)).toEqual({ kind: 'brand-index' });
    }
  });

  it('<id>.localhost is that brand', () => {
    expect(resolveSite('no-compare.localhost:3000')).toMatchObject({ kind: 'brand', brandId: 'no-compare' });
  });

  it('a production domain is its brand', () => {
    expect(resolveSite('lan-norge.example')).toMatchObject({ kind: 'brand', brandId: 'no-main' });
  });

  it('mine.<id>.localhost is the brand on its personal-page host', () => {
    const site = resolveSite('mine.fi-main.localhost:3000');
    expect(site).toMatchObject({ kind: 'brand', brandId: 'fi-main', isMyPageHost: true });
  });

  it("an unknown host falls back to se-main with the §8 warning 'Invalid brand detected. Defaulting to the Swedish brand'", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resolveSite('unknown.example')).toEqual({
      kind: 'brand',
      brandId: 'se-main',
      isMyPageHost: false,
      isFallback: true,
    });
    expect(warn).toHaveBeenCalledWith('Invalid brand detected. Defaulting to the Swedish brand');
  });

  it('answers as the domain’s resolveBrandFromHost for every host of every brand, upper case and port too', () => {
    for (const id of brandIds) {
      for (const host of brandHosts(brands[id], 'test')) {
        for (const asTyped of [host, `${host.toUpperCase()}:3000`]) {
          const domain = resolveBrandFromHost(asTyped, 'test');
          expect(resolveSite(asTyped), asTyped).toEqual({
            kind: 'brand',
            brandId: domain.brand.brand,
            isMyPageHost: domain.isMyPageHost,
            isFallback: false,
          });
        }
      }
    }
  });
});

describe('a brand’s configuration, a chunk of its own', () => {
  it.each(brandIds)('%s is the registry’s', async (id) => {
    expect(await loadBrand(id)).toEqual(brands[id]);
  });
});
