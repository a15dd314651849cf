import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, testConfig } from '#src/config.ts';
import { registerErrorHandler } from './error-handler.ts';
import {
  allowedCorsOrigins,
  devLoginRateLimit,
  loginRateLimit,
  publicRateLimit,
  RATE_LIMIT_FALLBACK_SECONDS,
  registerSecurity,
} from './security.ts';

// The plugin on a bare Fastify, registered in app.ts's order (Swagger UI first, then security, then routes).
async function securedApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(swagger, { openapi: { info: { title: 't', version: '1' } } });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await registerSecurity(app, { config });
  app.get('/public', { config: publicRateLimit }, async () => ({ ok: true }));
  app.post('/login', { config: loginRateLimit }, async () => ({ ok: true }));
  app.post('/dev-login', { config: devLoginRateLimit }, async () => ({ ok: true }));
  app.get('/unlimited', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('rate limits (memory store)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await securedApp(testConfig());
  });
  afterAll(() => app.close());

  it('answers 429 Too many requests in the bad-result shape with Retry-After once the login limit is spent', async () => {
    const max = loginRateLimit.rateLimit.max as number;
    for (let index = 0; index < max; index++) {
      expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(200);
    }
    const refused = await app.inject({ method: 'POST', url: '/login' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ Bad: true, Errors: [], Message: 'Too many requests' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMIT_FALLBACK_SECONDS);
  });

  it('counts per client address: another client is still served', async () => {
    const other = await app.inject({ method: 'POST', url: '/login', remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(200);
  });

  it('counts per route: the public limit is a separate budget, and unlisted routes are not limited', async () => {
    expect((await app.inject({ method: 'GET', url: '/public' })).statusCode).toBe(200);
    for (let index = 0; index < 30; index++) {
      expect((await app.inject({ method: 'GET', url: '/unlimited' })).statusCode).toBe(200);
    }
  });

  it('counts the development login per identity, so different people from one address are not throttled', async () => {
    const max = devLoginRateLimit.rateLimit.max as number;
    for (let index = 0; index < max; index++) {
      const response = await app.inject({ method: 'POST', url: '/dev-login', payload: { nationalId: 'A' } });
      expect(response.statusCode).toBe(200);
    }
    const same = await app.inject({ method: 'POST', url: '/dev-login', payload: { nationalId: 'A' } });
    expect(same.statusCode).toBe(429);
    const other = await app.inject({ method: 'POST', url: '/dev-login', payload: { nationalId: 'B' } });
    expect(other.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await securedApp(testConfig({ env: 'production' }));
  });
  afterAll(() => app.close());

  it('sends a strict Content-Security-Policy: self only, no inline scripts, never framed', async () => {
    const response = await app.inject({ method: 'GET', url: '/unlimited' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('relaxes only styles for the Swagger UI at /docs (scripts stay self-only)', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/static/index.html' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("script-src 'self';");
  });
});

describe('CORS', () => {
  let app: FastifyInstance;
  const config = testConfig({ env: 'production', corsOrigins: ['https://partner.example'] });
  beforeAll(async () => {
    app = await securedApp(config);
  });
  afterAll(() => app.close());

  it('allows the brand domains and CORS_ORIGINS', async () => {
    const origins = allowedCorsOrigins(config);
    expect(origins.has('https://lan-norge.example')).toBe(true);
    expect(origins.has('https://partner.example')).toBe(true);
    for (const origin of ['https://lan-norge.example', 'https://partner.example']) {
      const response = await app.inject({ method: 'GET', url: '/unlimited', headers: { origin } });
      expect(response.headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('answers a preflight from a brand domain', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/login',
      headers: {
        origin: 'https://lan-sverige.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://lan-sverige.example');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('gives any other origin no CORS permission', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/unlimited',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the local brand hosts only outside production', () => {
    expect(allowedCorsOrigins(config).has('http://no-main.localhost:3000')).toBe(false);
    expect(allowedCorsOrigins(testConfig({ env: 'development' })).has('http://no-main.localhost:3000')).toBe(
      true,
    );
  });
});

// Shared across instances: two apps on one Redis share one budget. Needs a local redis-server.
const redisServer = '/usr/bin/redis-server';
describe.runIf(existsSync(redisServer))('rate limits (Redis store)', () => {
  let redis: ChildProcess;
  let port: number;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = spawn(redisServer, ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForPort(port);
    const config = testConfig({ redisUrl: `redis://127.0.0.1:${port}` });
    apps.push(await securedApp(config), await securedApp(config));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    redis?.kill();
  });

  it('shares one budget between two instances', async () => {
    const max = loginRateLimit.rateLimit.max as number;
    for (let index = 0; index < max; index++) {
      const app = apps[index % 2]!;
      expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(200);
    }
    const refused = await apps[0]!.inject({ method: 'POST', url: '/login' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets requests through when Redis is unreachable (limits off, service on)', async () => {
    const unreachable = await securedApp(testConfig({ redisUrl: 'redis://127.0.0.1:1' }));
    try {
      expect((await unreachable.inject({ method: 'POST', url: '/login' })).statusCode).toBe(200);
    } finally {
      await unreachable.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  const { Socket } = await import('node:net');
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not start on ${port}`);
}
