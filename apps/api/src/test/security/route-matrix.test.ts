import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { buildRequest, handWrittenBodies, routeKey, testedRoutes } from './request-builder.ts';
import { type Expectation, expectationFor, routePolicies, seesOnlyOtherCountries } from './route-policy.ts';
import { buildWorld, type World } from './world.ts';

// Issue 15 item 1: every route the server registers × every kind of caller, each cell judged against the
// route's declared policy (route-policy.ts). A refused cell must be 401/403/404 in the §8 shape and carry
// none of the application's personal data; an allowed cell must get past the access check (and a list let
// through for staff of other markets only must carry none of it either).

// Routes whose allowed calls end or change the application for good: run last, so earlier cells still
// find it as the world built it. Co-applicant removal is the very last (it takes a caller off the case).
const lastRoutes = [
  'POST /loan-quote/:quoteId/accept',
  'POST /loan-quote/:quoteId/change',
  'POST /loan-application/:id/clone',
  'POST /loan-application/:id/resubmission',
  'POST /loan-application/:id/withdraw',
  'POST /backoffice/applications/:id/withdraw',
  'POST /loan-application/:id/block',
  'POST /loan-application/:id/status',
  'POST /loan-application/:id/archive',
  'DELETE /customer/:id/consent',
  'DELETE /loan-application/:id/co-applicant',
];

const DENIED = new Set([401, 403, 404]);

let t: TestApp;
let world: World;

beforeAll(async () => {
  // With an integration URL the v1 routes do their work in-process (docs/decisions/0007): nothing is called.
  t = await createTestApp({ config: { integrationUrl: 'http://127.0.0.1:9/integration' } });
  world = await buildWorld(t);
}, 600_000);
afterAll(async () => t?.close());

describe('route × caller matrix', () => {
  it('has a declared policy for every route the server registers (and none for routes that are gone)', () => {
    const keys = testedRoutes(t.app).map(routeKey);
    const undeclared = keys.filter((key) => !(key in routePolicies));
    const stale = Object.keys(routePolicies).filter((key) => !keys.includes(key));
    expect(
      undeclared,
      `routes without a policy: declare them in apps/api/src/test/security/route-policy.ts`,
    ).toEqual([]);
    expect(stale, 'policies of routes the server no longer has').toEqual([]);
  });

  it('holds in every cell: refused callers refused without personal data, allowed callers let through', async () => {
    const spec = t.app.swagger() as unknown as Record<string, unknown>;
    const bodies = handWrittenBodies(world);
    const routes = testedRoutes(t.app)
      .filter((route) => routeKey(route) in routePolicies)
      .sort((a, b) => lastRoutes.indexOf(routeKey(a)) - lastRoutes.indexOf(routeKey(b)));
    const callerNames = Object.keys(world.tokens);
    // Applicants last within a route: staff changes first, then the co-applicant, then the owner.
    const order = (name: string) =>
      ({ staff: 0, coApplicant: 1, owner: 2 })[world.callers[name]!.kind as string] ?? 0;
    const failures: string[] = [];
    const leaks: string[] = [];
    let cells = 0;
    for (const phase of ['deny', 'allow'] as Expectation[]) {
      for (const route of routes) {
        const key = routeKey(route);
        const policy = routePolicies[key]!;
        const names = callerNames
          .filter((name) => expectationFor(policy, world.callers[name]!) === phase)
          .sort((a, b) => order(a) - order(b));
        for (const name of names) {
          cells += 1;
          const request = buildRequest(route, world, spec, bodies);
          const token = world.tokens[name];
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            query: request.query,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
          });
          const status = response.statusCode;
          const cell = `${key} as ${name}: ${status} ${response.body.slice(0, 160)}`;
          if (status >= 500) failures.push(`5xx: ${cell}`);
          if (phase === 'deny') {
            if (!DENIED.has(status)) failures.push(`not refused: ${cell}`);
            else {
              const body = response.json() as { Bad?: unknown; Message?: unknown };
              if (body.Bad !== true || typeof body.Message !== 'string')
                failures.push(`not §8 shape: ${cell}`);
              const found = world.secrets.filter((secret) => response.body.includes(secret));
              if (found.length > 0) leaks.push(`${cell} contains ${found.length} secret(s)`);
            }
          } else if (status === 401 || status === 403) {
            const message = (response.json() as { Message?: string }).Message ?? '';
            if (!policy.allowedRefusals?.includes(message)) failures.push(`refused: ${cell}`);
          } else if (seesOnlyOtherCountries(policy, world.callers[name]!)) {
            // A list for staff of other markets only: let through, but with nothing of the world's.
            const found = world.secrets.filter((secret) => response.body.includes(secret));
            if (found.length > 0) leaks.push(`${cell} contains ${found.length} secret(s)`);
          }
        }
      }
    }
    console.log(
      `route × caller matrix: ${routes.length} routes × ${callerNames.length} callers = ${cells} cells checked, ` +
        `${failures.length} failures, ${leaks.length} leaks`,
    );
    expect(leaks).toEqual([]);
    expect(failures).toEqual([]);
  }, 300_000);
});
