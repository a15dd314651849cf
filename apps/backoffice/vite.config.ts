import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The staff web app. The API serves the build (apps/backoffice/dist) for hosts whose first label is
// `backoffice` (apps/api/src/plugins/staff-app.ts). Its assets live under /staff-assets/, a path the
// applicant app never uses, so both builds are served by one server without their files colliding.
// In development `vite` serves it with hot reload and forwards the API paths to NORDLOAN_API_URL.
const apiTarget = process.env.NORDLOAN_API_URL ?? 'http://localhost:3000';

// The shipped staff app runs on Preact's React layer like the applicant app (ADR 0043; issue 40, ADR 0073):
// react-dom was 207 kB of the first screen's 347 kB script. The same aliases as apps/web/vite.config.ts, in
// the build only: the component tests drive inputs with fireEvent.change, which React's onChange hears and
// preact/compat's (an input listener, as a browser's typing fires) does not; the browser suite (e2e/)
// runs the built app, on Preact.
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // The applicant app's small react-router (issue 40, ADR 0082; tested there): ≈ 25 kB gzip less.
  {
    find: /^react-router$/,
    replacement: join(import.meta.dirname, '../web/src/router-runtime/react-router.tsx'),
  },
  {
    find: /^@testing-library\/react$/,
    replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
  },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  // zod's classic API over zod/mini, the applicant app's (issue 40, ADR 0082; tested there).
  { find: /^zod$/, replacement: join(import.meta.dirname, '../web/src/zod-runtime/index.ts') },
];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: { alias: command === 'build' ? preactAliases : [] },
  server: {
    port: 5174,
    allowedHosts: ['.localhost'],
    proxy: Object.fromEntries(
      ['/backoffice/', '/auth/', '/loan-quote/', '/health'].map((path) => [
        path,
        { target: apiTarget, changeOrigin: false },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'staff-assets',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: scripts/check-bundle-budget.mjs counts the first screen's chunks from it.
    manifest: true,
  },
  test: {
    name: 'backoffice',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
  },
}));
