import { brandIds, brands } from '@nordloan/domain/brands/registry';
import { describe, expect, it } from 'vitest';
import { brandPages, myPageHref, primaryApplyPage } from '#src/brands/brand-pages.ts';
import { applyBrandToDocument, themeVariables } from '#src/brands/theme.ts';

describe('brand pages (§2 paths by purpose)', () => {
  it('no-main serves the whole Norway main path style on one host', () => {
    expect(
      brandPages(brands['no-main']).map((page) => [page.path, page.kind, page.product, page.view]),
    ).toEqual([
      ['/soknad/forbrukslan', 'apply', 'UnsecuredLoan', 'applying'],
      ['/soknad/lan-med-sikkerhet', 'apply', 'SecuredLoan', 'applying'],
      ['/soknad/forsikring', 'insurance', null, null],
      ['/soknad/forhandssjekk', 'apply', 'DiscoveryLoan', 'applying'],
      ['/soknad/lan', 'apply', null, 'applying'],
      ['/mine-tilbud', 'my-page', null, 'overview'],
      ['/mine-tilbud/forbrukslan', 'my-page', 'UnsecuredLoan', 'results'],
      ['/mine-tilbud/kredittkort', 'my-page', 'CreditCard', 'results'],
      ['/mine-tilbud/lan-med-sikkerhet', 'my-page', 'SecuredLoan', 'results'],
    ]);
  });

  it('a brand with the personal page on a separate host splits its paths between the hosts', () => {
    const brand = brands['no-alt1'];
    expect(brandPages(brand, 'main').every((page) => page.kind !== 'my-page')).toBe(true);
    expect(brandPages(brand, 'myPage').every((page) => page.kind === 'my-page')).toBe(true);
  });

  it('every brand has an unsecured apply page first on its front page', () => {
    for (const id of brandIds)
      expect(primaryApplyPage(brands[id]).path).toBe(brands[id].paths.applyUnsecured);
  });

  it('the personal page is a path on the same host…', () => {
    expect(myPageHref(brands['se-main'], { protocol: 'http:', host: 'se-main.localhost:3000' })).toBe(
      '/mina-sidor',
    );
  });

  it('…or a URL on mine.<host> when it is separate (locally mine.<id>.localhost)', () => {
    const brand = brands['fi-main'];
    expect(myPageHref(brand, { protocol: 'http:', host: 'fi-main.localhost:3000' })).toBe(
      `http://mine.fi-main.localhost:3000${brand.paths.myPage}`,
    );
    expect(myPageHref(brand, { protocol: 'https:', host: `www.${brand.domain}` })).toBe(
      `https://mine.${brand.domain}${brand.paths.myPage}`,
    );
    expect(myPageHref(brand, { protocol: 'https:', host: `mine.${brand.domain}` })).toBe(
      `https://mine.${brand.domain}${brand.paths.myPage}`,
    );
  });
});

describe('brand theme', () => {
  it('maps every theme colour and the font to a CSS variable', () => {
    const theme = brands['no-compare'].theme;
    expect(themeVariables(theme)).toMatchObject({
      '--color-primary': theme.primary,
      '--color-primary-contrast': theme.primaryContrast,
      '--color-accent': theme.accent,
      '--color-background': theme.background,
      '--color-surface': theme.surface,
      '--color-text': theme.text,
      '--color-muted': theme.muted,
      '--color-danger': theme.danger,
    });
    expect(themeVariables(theme)['--font-family']).toContain(`'${theme.fontFamily}'`);
  });

  it('puts the theme, the language and the theme colour on the document', () => {
    const brand = brands['dk-main'];
    applyBrandToDocument(brand);
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--color-primary')).toBe(brand.theme.primary);
    expect(root.lang).toBe('da-DK');
    expect(root.dataset.brand).toBe('dk-main');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      brand.theme.primary,
    );
  });
});
