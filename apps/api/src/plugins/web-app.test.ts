import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { brands } from '@nordloan/domain/brands/registry';
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER, brandShell, negotiateEncoding } from './web-app.ts';

const template = `<!doctype html>
<html lang="sv-SE">
  <head>
    <meta charset="utf-8" />
    <title>nordloan</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the HTML shell per brand (issue 12)', () => {
  const shell = brandShell({
    template,
    brand: brands['no-main'],
    fontFile: 'inter-latin-400-normal-x1.woff2',
    preload: { js: ['assets/apply-page-1.js'], css: ['assets/apply-page-2.css'] },
    styleSheets: new Map([
      ['assets/index-abc.css', 'body{margin:0}'],
      ['assets/apply-page-2.css', '.apply{color:red}'],
    ]),
  });
  const html = shell.html.toString('utf8');
  const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

  it("has the brand's language, name and theme colour before any script runs", () => {
    expect(html).toContain('<html lang="nb-NO" data-brand="no-main" data-theme="norway-main">');
    expect(html).toContain(`<title>${brands['no-main'].name}</title>`);
    expect(html).toContain(`<meta name="theme-color" content="${brands['no-main'].theme.primary}" />`);
    expect(html).not.toContain('sv-SE');
  });

  it('carries the brand colours and font stack, allowed by the style hash it reports', () => {
    const style = /<style>(:root[^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain(`--color-primary:${brands['no-main'].theme.primary}`);
    expect(style).toContain("--font-family:'Inter'");
    expect(shell.styleHashes[0]).toBe(hash(style));
  });

  it("preloads the brand font and the page's chunks", () => {
    expect(html).toContain(
      '<link rel="preload" href="/assets/inter-latin-400-normal-x1.woff2" as="font" type="font/woff2" crossorigin />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/apply-page-1.js" />');
  });

  it("puts the app's and the page's style sheets into the HTML, each allowed by its hash", () => {
    expect(html).toContain('<style>body{margin:0}</style>');
    // Both sheets stay linked but disabled (not fetched), so the app's chunk loader does not fetch either again
    // when a lazy chunk lists it.
    expect(html).toContain(
      '<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled />',
    );
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    // The page chunk's sheet stays linked but disabled, so the app's chunk loader does not fetch it again.
    expect(html).toContain(
      '<style>.apply{color:red}</style><link rel="stylesheet" crossorigin href="/assets/apply-page-2.css" disabled />',
    );
    expect(shell.styleHashes).toEqual(
      expect.arrayContaining([hash('body{margin:0}'), hash('.apply{color:red}')]),
    );
  });

  it('links a sheet it does not know or that could close the <style> element', () => {
    const linked = brandShell({
      template,
      brand: brands['no-main'],
      fontFile: undefined,
      preload: { js: [], css: ['assets/apply-page-2.css'] },
      styleSheets: new Map([['assets/apply-page-2.css', 'a{content:"</style><script>"}']]),
    }).html.toString('utf8');
    expect(linked).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(linked).toContain('<link rel="stylesheet" crossorigin href="/assets/apply-page-2.css" />');
    expect(linked).not.toContain('<script>"');
  });

  it('loads the modules at once on a page without a first view', () => {
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).not.toContain(AFTER_PAINT_LOADER);
    expect(shell.scriptHashes).toEqual([]);
  });

  it('loads them after the first paint on a page with a first view, the loader allowed by its hash', () => {
    const painted = brandShell({
      template,
      brand: brands['no-main'],
      fontFile: undefined,
      preload: { js: ['assets/apply-page-1.js'], css: [] },
      firstView: '<h1 id="apply-title">Søk</h1>',
    });
    const text = painted.html.toString('utf8');
    expect(text).toContain('<div id="root" data-first-view inert><h1 id="apply-title">Søk</h1></div>');
    expect(text).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(text).toContain(
      `<script data-modules="/assets/index-abc.js /assets/react-abc.js /assets/apply-page-1.js">${AFTER_PAINT_LOADER}</script>`,
    );
    expect(painted.scriptHashes).toEqual([hash(AFTER_PAINT_LOADER)]);
  });

  it('keeps brotli and gzip copies of the same page', () => {
    expect(brotliDecompressSync(shell.br).equals(shell.html)).toBe(true);
    expect(gunzipSync(shell.gzip).equals(shell.html)).toBe(true);
  });

  it('differs per brand', () => {
    const swedish = brandShell({
      template,
      brand: brands['se-main'],
      fontFile: undefined,
      preload: { js: [], css: [] },
    });
    const text = swedish.html.toString('utf8');
    expect(text).toContain('lang="sv-SE" data-brand="se-main"');
    expect(text).not.toContain('rel="preload"');
    expect(swedish.styleHashes[0]).not.toBe(shell.styleHashes[0]);
  });
});

describe('content coding by Accept-Encoding', () => {
  it('prefers brotli, then gzip, honours q=0, and sends plain text otherwise', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
