import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getBrand } from '@nordloan/domain/brands/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { isStaffHost } from './staff-app.ts';

describe('isStaffHost', () => {
  it('is any host whose first label is backoffice', () => {
    expect(isStaffHost('backoffice.localhost:3000')).toBe(true);
    expect(isStaffHost('backoffice.localhost')).toBe(true);
    expect(isStaffHost('BACKOFFICE.nordloan.no')).toBe(true);
    expect(isStaffHost('backoffice')).toBe(false);
    expect(isStaffHost('no-main.localhost:3000')).toBe(false);
    expect(isStaffHost('mybackoffice.localhost')).toBe(false);
    expect(isStaffHost('www.backoffice.example')).toBe(false);
    expect(isStaffHost(undefined)).toBe(false);
  });
});

describe('the built staff app', () => {
  let dist: string;
  let webDist: string;
  let t: TestApp;
  const staffHost = { host: 'backoffice.localhost:3000' };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'nordloan-staff-dist-'));
    mkdirSync(join(dist, 'staff-assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>staff</title>');
    writeFileSync(join(dist, 'staff-assets', 'index-abc123.js'), 'console.log("staff")');
    webDist = mkdtempSync(join(tmpdir(), 'nordloan-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>applicant</title>');
    writeFileSync(join(webDist, 'assets', 'main-abc123.js'), 'console.log("applicant")');
    t = await createTestApp({ config: { staffDistDir: dist, webDistDir: webDist } });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers page requests on the back-office host with its index.html, never cached', async () => {
    for (const url of ['/', '/queue', '/applications/0b0f7a52-8c4e-4c55-9d43-6a8fd3d1f0aa/calls']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { ...staffHost, accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>staff</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('serves its assets for a year', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/staff-assets/index-abc123.js',
      headers: staffHost,
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('staff');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves the applicant hosts to the applicant app', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'no-main.localhost:3000', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    // The applicant app's shell, made the brand's by web-app.ts (its title is the brand's name).
    expect(page.body).toContain(`<title>${getBrand('no-main').name}</title>`);
    expect(page.body).not.toContain('staff');
  });

  it('keeps the API answering on the back-office host', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health', headers: staffHost });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-type']).toContain('application/json');

    const unknownApi = await t.app.inject({
      method: 'GET',
      url: '/backoffice/no-such-route',
      headers: { ...staffHost, accept: 'application/json' },
    });
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json().Message).toBe('This page could not be found');

    const post = await t.app.inject({
      method: 'POST',
      url: '/queue',
      headers: { ...staffHost, accept: 'text/html', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(post.statusCode).toBe(404);
    expect(post.body).not.toContain('<title>staff</title>');
  });

  it('says how to build it when there is no build', async () => {
    const bare = await createTestApp({ config: { staffDistDir: join(dist, 'missing') } });
    try {
      const page = await bare.app.inject({
        method: 'GET',
        url: '/',
        headers: { ...staffHost, accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
    // A second database: slow on a busy machine.
  }, 180_000);
});
