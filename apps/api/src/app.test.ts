import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

describe('the app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /health checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('answers an unknown route with 404 This page could not be found', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ Bad: true, Errors: [], Message: 'This page could not be found' });
  });

  it('answers a known path with the wrong method with 405 Method Not Allowed and Allow', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/health' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.json().Message).toBe('Method Not Allowed');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/dev/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"nationalId": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Bad).toBe(true);
  });

  it('publishes OpenAPI at /openapi.json and docs at /docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\./);
    expect(Object.keys(spec.json().paths)).toContain('/auth/me');
    const docs = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('exposes Prometheus metrics', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('http_request_duration_seconds');
    // The process's own, collected once per process (plugins/metrics.ts), in the same answer.
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('answers page requests with the web app (or a notice that it is not built)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('trailing slashes', () => {
  it('treat /x and /x/ as one route', async () => {
    const t = await createTestApp();
    try {
      const withSlash = await t.app.inject({ method: 'GET', url: '/health/' });
      expect(withSlash.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('page requests', () => {
  it('answer 200 for a brand page and 404 for an unknown path, both with the app', async () => {
    const t = await createTestApp();
    try {
      const page = (url: string, host: string) =>
        t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host } });
      expect((await page('/soknad/forbrukslan', 'no-main.localhost:3000')).statusCode).toBe(200);
      expect((await page('/mina-sidor', 'se-main.localhost:3000')).statusCode).toBe(200);
      expect((await page('/', 'localhost:3000')).statusCode).toBe(200);
      const unknown = await page('/no-such-page', 'no-main.localhost:3000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toContain('text/html');
      // A Swedish path on a Norwegian brand is not one of its pages.
      expect((await page('/mina-sidor', 'no-main.localhost:3000')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('empty JSON bodies (§7 helpers send a JSON content type with no body)', () => {
  it('are read as no body: validation answers, not the JSON parser', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/dev/login',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().Message).toBe('Validation failed');
    } finally {
      await t.close();
    }
  });
});

describe('the built web app', () => {
  it('is served: assets cached for a year, index.html for pages, never cached', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = mkdtempSync(join(tmpdir(), 'nordloan-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    const t = await createTestApp({ config: { webDistDir: dist } });
    try {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await t.app.inject({
        method: 'GET',
        url: '/soknad/forbrukslan',
        headers: { accept: 'text/html', host: 'no-main.localhost' },
      });
      expect(page.statusCode).toBe(200);
      // The brand's HTML shell (web-app.ts): index.html with the brand's title and language.
      expect(page.body).toContain('<title>Lån Norge</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    } finally {
      await t.close();
    }
  });
});
