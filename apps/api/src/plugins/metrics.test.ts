import { makeTestNationalId } from '@nordloan/domain/national-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

// Who may read /metrics (ADR 0051): with a token only the scraper that bears it; in production without a
// token nobody (the route does not exist).

const token = 'scrape-secret-'.padEnd(40, 'x');

describe('/metrics with a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metrics: { served: true, token } } });
  });
  afterAll(async () => t.close());
  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers the scraper that bears it', async () => {
    const response = await scrape(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('http_request_duration_seconds');
  });

  it('counts every answer by route and status, those not yet handed to the histogram included', async () => {
    const countOf = (body: string) =>
      Number(
        /^http_request_duration_seconds_count\{method="GET",route="\/health\/live",status="200"\} (\d+)$/m.exec(
          body,
        )?.[1] ?? 0,
      );
    const before = countOf((await scrape(`Bearer ${token}`)).body);
    // More than one batch of noted answers (plugins/metrics.ts) and a part of the next.
    for (let index = 0; index < 700; index++) await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(countOf((await scrape(`Bearer ${token}`)).body)).toBe(before + 700);
  });

  it('refuses a request without it, with another secret, or with a valid sign-in token instead', async () => {
    const missing = await scrape();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ Message: 'Missing token' });
    for (const wrong of [`Bearer ${token}y`, `Bearer ${token.slice(0, -1)}`, 'Bearer x', `Basic ${token}`]) {
      const response = await scrape(wrong);
      expect(response.statusCode, wrong).toBe(401);
      expect(response.json(), wrong).toMatchObject({ Message: 'Invalid token' });
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
    const { token: customerToken } = await t.login({
      nationalId: makeTestNationalId('NO', '1985-06-15', 3),
      country: 'NO',
    });
    const asCustomer = await scrape(`Bearer ${customerToken}`);
    expect(asCustomer.statusCode).toBe(401);
  });

  it('is the only route that judges a bearer that is not a JWT itself', () => {
    // Any other route marked so would take a forged token as an anonymous caller (plugins/auth.ts).
    expect(
      t.app.routeTable
        .filter((route) => route.ownBearerSecret)
        .map((route) => `${route.method} ${route.url}`),
    ).toEqual(['GET /metrics', 'HEAD /metrics']);
  });

  it('still refuses a bad sign-in token on every other route', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/loan-application',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ Message: 'Invalid JWT' });
  });
});

describe('/metrics in production without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metrics: { served: false, token: undefined } } });
  });
  afterAll(async () => t.close());

  it('does not exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_request_duration_seconds');
  });
});
