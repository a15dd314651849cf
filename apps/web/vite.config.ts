import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  plugins: [react()],
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
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    passWithNoTests: true,
  },
});
