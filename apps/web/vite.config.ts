import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { brandModules } from './src/build/brand-modules.ts';
import { pureModuleValues } from './src/build/pure-module-values.ts';

// The API serves the built app (apps/web/dist) with an SPA fallback. In development, `vite` serves the
// app with hot reload and forwards every API path to the API server (NORDLOAN_API_URL, default :3000);
// the Host header is kept, so `<brand>.localhost:5173` reaches the API as that brand.
const apiTarget = process.env.NORDLOAN_API_URL ?? 'http://localhost:3000';
const apiPaths = [
  '/auth',
  '/loan-application',
  '/v1',
  '/loan-quote-presentation',
  '/customer',
  '/person',
  '/consent',
  '/lead',
  '/insurance',
  '/insurance-payment-mandate',
  '/api',
  '/health',
  '/docs',
  '/openapi.json',
  '/.well-known',
];

// Text files worth compressing; fonts (woff2 is brotli inside) and images are already compressed.
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of every compressible file of the build, made once here
 * rather than per request, so the API serves `file.br` / `file.gz` by Accept-Encoding (issue 12). A copy is
 * kept only when it is smaller than the file.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let skip = false;
  return {
    name: 'nordloan-precompress',
    apply: 'build',
    configResolved(config) {
      // The Node build of the pre-rendering (scripts/prerender.mjs) is not served.
      if (config.build.ssr) skip = true;
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      if (skip) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!compressible.test(file) || statSync(file).size < 512) continue;
        const content = readFileSync(file);
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gzip = gzipSync(content, { level: 9 });
        if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

// The shipped app runs on Preact's React layer (issue 12 goal 3, ADR 0043): react-dom is ≈ 65 kB gzip of
// the apply page's entry, preact/compat ≈ 11 kB. The order matters: the longer specifiers first.
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // The part of react-router the app uses, ≈ 3 kB gzip for ≈ 28 kB (issue 40, ADR 0082); the tests run on
  // it too (src/router-runtime/react-router.test.tsx).
  { find: /^react-router$/, replacement: join(import.meta.dirname, 'src/router-runtime/react-router.tsx') },
  // Testing Library's Node entry is CommonJS, whose require() of react-dom no alias reaches: its ES build.
  {
    find: /^@testing-library\/react$/,
    replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
  },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  // react-i18next's shim for React < 18 is CommonJS requiring react; preact/compat has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  // The part of i18next and react-i18next the app uses, ≈ 1 kB gzip for ≈ 15 kB (issue 40, ADR 0073);
  // the tests run on it too.
  { find: /^i18next$/, replacement: join(import.meta.dirname, 'src/i18n/runtime/i18next.ts') },
  { find: /^react-i18next$/, replacement: join(import.meta.dirname, 'src/i18n/runtime/react-i18next.tsx') },
  // zod's classic API over zod/mini, ≈ 12 kB gzip less (issue 40, ADR 0082); the tests run on it too
  // (src/zod-runtime/zod.test.ts checks it against the classic build).
  { find: /^zod$/, replacement: join(import.meta.dirname, 'src/zod-runtime/index.ts') },
];

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    // The domain's module-level values marked pure, so that a page keeps only those it reads, and each
    // brand's configuration a chunk of its own (ADR 0086).
    pureModuleValues(/[\\/]packages[\\/]domain[\\/]src[\\/]/),
    brandModules(),
  ],
  resolve: { alias: preactAliases },
  server: {
    // `<brand>.localhost` hosts (architecture.md "Brands and hosts").
    allowedHosts: ['.localhost'],
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps for error tracking, not referenced from the bundles.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the API reads it to preload the chunk of the requested page (web-app.ts).
    manifest: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports statically is in the entry's chunk. Left alone, the bundler
          // made a chunk of each set of them another chunk shares too (preact, compat, the auth store …:
          // ten), each compressed on its own — ≈ 4 kB gzip more than the same code in one file, for
          // scripts that every page loads before anything else anyway (issue 40, ADR 0086).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/app/test-setup.ts'],
    // A page's first render imports its lazily loaded module graph (routes.tsx); on the shared 2-core box
    // that alone can pass vitest's default 5 s.
    testTimeout: 20_000,
    passWithNoTests: true,
    // The tests run on what ships: the libraries that import `react` are transformed by Vite (not loaded
    // by Node from node_modules) so that they meet the alias to preact/compat too.
    server: {
      deps: {
        inline: [
          '@testing-library/react',
          'react-router',
          '@tanstack/react-query',
          'react-i18next',
          'react-hook-form',
          '@hookform/resolvers',
          'zustand',
          'use-sync-external-store',
          '@sentry/react',
        ],
      },
    },
  },
});
