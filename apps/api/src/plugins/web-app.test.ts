import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { brands } from '@nordloan/domain/brands/registry';
import { describe, expect, it } from 'vitest';
import { brandShell, negotiateEncoding } from './web-app.ts';

const template = `<!doctype html>
<html lang="sv-SE">
  <head>
    <meta charset="utf-8" />
    <title>nordloan</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the HTML shell per brand (issue 12)', () => {
  const shell = brandShell({
    template,
    brand: brands['no-main'],
    fontFile: 'inter-latin-400-normal-x1.woff2',
    preload: { js: ['assets/apply-page-1.js'], css: ['assets/apply-page-2.css'] },
  });
  const html = shell.html.toString('utf8');

  it("has the brand's language, name and theme colour before any script runs", () => {
    expect(html).toContain('<html lang="nb-NO" data-brand="no-main" data-theme="norway-main">');
    expect(html).toContain(`<title>${brands['no-main'].name}</title>`);
    expect(html).toContain(`<meta name="theme-color" content="${brands['no-main'].theme.primary}" />`);
    expect(html).not.toContain('sv-SE');
  });

  it('carries the brand colours and font stack, allowed by the style hash it reports', () => {
    const style = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain(`--color-primary:${brands['no-main'].theme.primary}`);
    expect(style).toContain("--font-family:'Inter'");
    expect(shell.styleHash).toBe(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it("preloads the brand font and the page's chunks", () => {
    expect(html).toContain(
      '<link rel="preload" href="/assets/inter-latin-400-normal-x1.woff2" as="font" type="font/woff2" crossorigin />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/apply-page-1.js" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/apply-page-2.css" />');
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
    expect(swedish.styleHash).not.toBe(shell.styleHash);
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
