import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The staff web app. The API serves the build (apps/backoffice/dist) for hosts whose first label is
// `backoffice` (apps/api/src/plugins/staff-app.ts). Its assets live under /staff-assets/, a path the
// applicant app never uses, so both builds are served by one server without their files colliding.
// In development `vite` serves it with hot reload and forwards the API paths to NORDLOAN_API_URL.
const apiTarget = process.env.NORDLOAN_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
  },
  test: {
    name: 'backoffice',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
