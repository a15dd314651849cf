import { describe, expect, it } from 'vitest';
import { brands } from './registry.ts';
import {
  brandHosts,
  brandPathList,
  INVALID_BRAND_WARNING,
  isLocalHost,
  normalizeHost,
  resolveBrandFromHost,
  resolveBrandId,
} from './resolve-brand.ts';

describe('isLocalHost', () => {
  it.each(['localhost', 'localhost:5173', '127.0.0.1', '127.0.0.1:3000', '[::1]', '[::1]:3000', 'LOCALHOST'])(
    '%s is a local host',
    (host) => expect(isLocalHost(host)).toBe(true),
  );
  it.each(['no-main.localhost', 'lan-norge.example', '127.0.0.2', '', 'localhost.evil.example'])(
    '%s is not',
    (host) => expect(isLocalHost(host)).toBe(false),
  );
});

describe('normalizeHost', () => {
  it('lower-cases and drops the port and a trailing dot', () => {
    expect(normalizeHost(' WWW.Lan-Norge.Example.:443 ')).toBe('www.lan-norge.example');
    expect(normalizeHost('[::1]:8080')).toBe('[::1]');
  });
});

describe('resolveBrandFromHost', () => {
  it('resolves <id>.localhost with and without a port outside production', () => {
    expect(resolveBrandFromHost('no-main.localhost:3000', 'development')).toMatchObject({
      brand: { brand: 'no-main' },
      isFallback: false,
    });
    expect(resolveBrandFromHost('dk-main.localhost', 'test').brand.brand).toBe('dk-main');
    expect(resolveBrandFromHost('FI-GROUP-B.LOCALHOST:5173', 'development').brand.brand).toBe('fi-group-b');
    expect(resolveBrandFromHost('no-main.localhost:3000', 'development').warning).toBeUndefined();
  });

  it('resolves the configured domain, www. and upper case in production', () => {
    expect(resolveBrandFromHost('lan-norge.example', 'production').brand.brand).toBe('no-main');
    expect(resolveBrandFromHost('www.lan-sverige.example:443', 'production').brand.brand).toBe('se-main');
    expect(resolveBrandFromHost('LAINAVERTAILU.EXAMPLE', 'production').brand.brand).toBe('fi-compare');
  });

  it('resolves the separate personal-page host of no-alt1, no-alt3 and fi-main', () => {
    for (const id of ['no-alt1', 'no-alt3', 'fi-main'] as const) {
      const resolved = resolveBrandFromHost(`mine.${brands[id].domain}`, 'production');
      expect(resolved).toMatchObject({ brand: { brand: id }, isFallback: false, isMyPageHost: true });
      expect(resolveBrandFromHost(`mine.${id}.localhost:3000`, 'development').isMyPageHost).toBe(true);
    }
    // A same-host brand has no mine. host.
    expect(resolveBrandFromHost('mine.lan-norge.example', 'production')).toMatchObject({
      isFallback: true,
      warning: INVALID_BRAND_WARNING,
    });
  });

  it('serves the test environment on test.<domain>', () => {
    expect(resolveBrandFromHost('test.lan-danmark.example', 'test').brand.brand).toBe('dk-main');
    expect(resolveBrandFromHost('test.lan-danmark.example', 'production').isFallback).toBe(true);
  });

  it.each([
    ['unknown.example', 'production'],
    ['no-main.localhost', 'production'],
    ['xx-main.localhost:3000', 'development'],
    ['', 'production'],
    ['lan-norge.example.evil.example', 'production'],
    ['%%%', 'development'],
  ] as const)('falls back to se-main with the §8 warning for %s (%s)', (host, env) => {
    expect(resolveBrandFromHost(host, env)).toEqual({
      brand: brands['se-main'],
      isFallback: true,
      isMyPageHost: false,
      warning: 'Invalid brand detected. Defaulting to the Swedish brand',
    });
  });

  it('treats a plain local host as the brand index: default brand, no warning', () => {
    const resolved = resolveBrandFromHost('localhost:3000', 'development');
    expect(resolved).toMatchObject({ brand: { brand: 'se-main' }, isFallback: true });
    expect(resolved.warning).toBeUndefined();
  });

  it('gives every brand its own hosts in every environment', () => {
    for (const env of ['development', 'test', 'production'] as const) {
      const hosts = Object.values(brands).flatMap((brand) => brandHosts(brand, env));
      expect(new Set(hosts).size).toBe(hosts.length);
    }
  });
});

describe('resolveBrandId', () => {
  it('accepts a known id, trimmed and case-insensitive', () => {
    expect(resolveBrandId(' NO-ALT2 ')).toMatchObject({ brand: { brand: 'no-alt2' }, isFallback: false });
  });
  it.each([undefined, '', 'xx', 'constructor'])('falls back for %s', (value) => {
    expect(resolveBrandId(value)).toMatchObject({
      brand: { brand: 'se-main' },
      isFallback: true,
      warning: INVALID_BRAND_WARNING,
    });
  });
});

describe('brandPathList', () => {
  it('lists every path of the Norway main style for no-main', () => {
    expect(brandPathList(brands['no-main'])).toEqual([
      '/mine-tilbud',
      '/mine-tilbud/forbrukslan',
      '/mine-tilbud/kredittkort',
      '/mine-tilbud/lan-med-sikkerhet',
      '/soknad/forbrukslan',
      '/soknad/forhandssjekk',
      '/soknad/forsikring',
      '/soknad/lan',
      '/soknad/lan-med-sikkerhet',
    ]);
  });

  it('leaves out the paths of dropped products', () => {
    expect(brandPathList(brands['no-alt4'])).not.toContain('/soknad/forsikring');
    expect(brandPathList(brands['no-alt4'])).not.toContain('/soknad/forhandssjekk');
  });

  it('splits paths by host for a separate personal-page host', () => {
    expect(brandPathList(brands['fi-main'], { host: 'main' })).toEqual([
      '/hae/kulutusluotto',
      '/hae/matsurvaraus',
    ]);
    expect(brandPathList(brands['fi-main'], { host: 'myPage' })).toEqual(['/omat-sivut']);
    expect(brandPathList(brands['dk-main'], { host: 'main' })).toEqual(['/loans/apply', '/mypage']);
    expect(brandPathList(brands['dk-main'], { host: 'myPage' })).toEqual([]);
  });
});
