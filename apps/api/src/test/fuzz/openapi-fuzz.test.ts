import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteTableEntry } from '#src/plugins/route-table.ts';
import { type JsonSchema, sampleOf } from '#src/test/security/openapi-sample.ts';
import {
  bodySchemaOf,
  handWrittenBodies,
  operationOf,
  paramValue,
  routeKey,
  testedRoutes,
} from '#src/test/security/request-builder.ts';
import { buildWorld, type World } from '#src/test/security/world.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { encode, keepWorldEditable } from './fuzz-support.ts';
import {
  deeplyNested,
  hostileJson,
  hostileNumber,
  hostileString,
  malformedJson,
  wrongContentTypes,
} from './hostile-inputs.ts';

// Issue 15 item 2: requests generated from the OpenAPI document (app.swagger()) with fast-check, sent
// as the owner of an application: wrong types, missing and extra fields, huge and unicode strings, NUL and
// control characters, lone surrogates, boundary numbers, deep nesting, malformed JSON, wrong content
// types, non-uuid and empty ids, injection strings. Every answer must be < 500; every 4xx the §8 JSON
// shape; and a refused request must change nothing (every table's rows, revisions and update times).
// FUZZ_RUNS sets the size: 1,500 in `npm test`, 10,000 in `npm run test:deep`. FUZZ_SEED replays a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 1_500);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

let t: TestApp;
let world: World;
let spec: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ config: { integrationUrl: 'http://127.0.0.1:9/integration' } });
  // An editable application (status 100): a refused write then has something it could have changed.
  world = await buildWorld(t, { offers: false });
  spec = t.app.swagger() as unknown as Record<string, unknown>;
}, 600_000);
afterAll(async () => t?.close());

interface FuzzRequest {
  route: RouteTableEntry;
  params: Record<string, string>;
  query: Record<string, string>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string; contentType: string };
}

const idLike = fc.constantFrom(
  '',
  ' ',
  'abc',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123',
  '-1',
  '1.5',
  '9999999999999999999999',
  'null',
  '%',
  '..',
);

function paramArbitrary(name: string, url: string): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.constant('__valid__') },
      { weight: 2, arbitrary: idLike },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: hostileString.map((value) => value.slice(0, 3000)) },
    )
    .map((value) => (value === '__valid__' ? `__valid__:${name}:${url}` : value));
}

function queryArbitrary(route: RouteTableEntry): fc.Arbitrary<Record<string, string>> {
  const parameters = (operationOf(spec, route)?.parameters ?? []).filter((p) => p.in === 'query');
  const names = parameters.map((p) => p.name);
  const valid = Object.fromEntries(
    parameters.filter((p) => p.required).map((p) => [p.name, String(sampleOf(p.schema))]),
  );
  const anyValue = fc.oneof(
    hostileString.map((value) => value.slice(0, 2000)),
    hostileNumber.map(String),
    idLike,
  );
  return fc.oneof(
    fc.constant(valid),
    names.length > 0
      ? fc.tuple(fc.constantFrom(...names), anyValue).map(([name, value]) => ({ ...valid, [name]: value }))
      : fc.constant(valid),
    fc
      .dictionary(fc.oneof(fc.constantFrom(...names, 'x'), fc.string({ maxLength: 8 })), anyValue, {
        maxKeys: 3,
      })
      .map((extra) => ({ ...valid, ...extra })),
  );
}

function mutate(sample: unknown): fc.Arbitrary<unknown> {
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return hostileJson;
  const keys = Object.keys(sample);
  const object = sample as Record<string, unknown>;
  const options: fc.Arbitrary<unknown>[] = [
    fc.constant(sample),
    hostileJson,
    fc.tuple(fc.string({ maxLength: 12 }), hostileJson).map(([key, value]) => ({ ...object, [key]: value })),
  ];
  if (keys.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...keys), hostileJson).map(([key, value]) => ({ ...object, [key]: value })),
      fc.constantFrom(...keys).map((key) => {
        const { [key]: _removed, ...rest } = object;
        return rest;
      }),
    );
  }
  return fc.oneof(...options);
}

function bodyArbitrary(route: RouteTableEntry, sample: unknown): fc.Arbitrary<FuzzRequest['body']> {
  if (route.method === 'GET' || route.method === 'HEAD') {
    return fc.oneof(
      { weight: 5, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: hostileJson.map((value) => ({ kind: 'json' as const, value })) },
    );
  }
  return fc.oneof(
    { weight: 6, arbitrary: mutate(sample).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...malformedJson)
        .map((text) => ({ kind: 'raw' as const, text, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...wrongContentTypes).map((contentType) => ({
        kind: 'raw' as const,
        text: JSON.stringify(sample ?? {}),
        contentType,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.boolean()).map(([depth, asArray]) => ({
        kind: 'raw' as const,
        text: deeplyNested(depth, asArray),
        contentType: 'application/json',
      })),
    },
  );
}

function requestArbitrary(
  routes: RouteTableEntry[],
  bodies: Record<string, unknown>,
): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((route) => {
    const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
    const key = routeKey(route);
    const sample =
      key in bodies ? bodies[key] : sampleOf(bodySchemaOf(operationOf(spec, route)) as JsonSchema);
    return fc.record({
      route: fc.constant(route),
      params: fc.record(Object.fromEntries(names.map((name) => [name, paramArbitrary(name, route.url)]))),
      query: queryArbitrary(route),
      body: bodyArbitrary(route, sample),
    }) as fc.Arbitrary<FuzzRequest>;
  });
}

function urlOf(request: FuzzRequest): string {
  const path = request.route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = request.params[name]!;
    return value.startsWith('__valid__:')
      ? encode(paramValue(name, request.route.url, world))
      : encode(value);
  });
  const query = Object.entries(request.query)
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

// Every table's row count, and where a table has them its latest update and its revisions: a refused
// request that wrote anything changes one of these (the clock moves 1 ms before each request).
let fingerprintSql: string | undefined;
async function fingerprint(): Promise<string> {
  if (!fingerprintSql) {
    const columns = await t.database.withSession((session) =>
      session.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = 'public' ORDER BY table_name, column_name`,
      ),
    );
    const tables = new Map<string, Set<string>>();
    for (const { table_name, column_name } of columns) {
      tables.set(table_name, (tables.get(table_name) ?? new Set()).add(column_name));
    }
    const parts = [...tables].flatMap(([table, cols]) => [
      `(SELECT count(*) FROM "${table}")::text`,
      ...(cols.has('updated_at') ? [`(SELECT max(updated_at) FROM "${table}")::text`] : []),
      ...(cols.has('revision') ? [`(SELECT sum(revision) FROM "${table}")::text`] : []),
    ]);
    // A SQL function takes at most 100 arguments: the parts in groups, each group one argument.
    const groups: string[] = [];
    for (let start = 0; start < parts.length; start += 90) {
      groups.push(`concat_ws('|', ${parts.slice(start, start + 90).join(', ')})`);
    }
    fingerprintSql = `SELECT concat_ws('|', ${groups.join(', ')}) AS f`;
  }
  const [row] = await t.database.withSession((session) => session.query<{ f: string }>(fingerprintSql!));
  return row?.f ?? '';
}

describe('OpenAPI fuzzing as an owner', () => {
  it(`answers ${RUNS} hostile requests without a 5xx, in the §8 shape, changing nothing when it refuses`, async () => {
    const routes = testedRoutes(t.app).filter(
      (route) => route.method !== 'OPTIONS' && !route.url.startsWith('/docs'),
    );
    const bodies = handWrittenBodies(world);
    const arbitrary = requestArbitrary(routes, bodies);
    const failures: string[] = [];
    const statusCounts = new Map<string, number>();
    let sent = 0;
    let before = await fingerprint();
    for (let batch = 0; sent < RUNS; batch++) {
      const requests = fc.sample(arbitrary, { numRuns: Math.min(250, RUNS - sent), seed: SEED + batch });
      for (const request of requests) {
        sent += 1;
        t.clock.advance(1);
        const url = urlOf(request);
        const headers: Record<string, string> = { ...bearer(world.tokens.owner!) };
        let payload: string | undefined;
        if (request.body.kind === 'json') {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(request.body.value) ?? 'null';
        } else if (request.body.kind === 'raw') {
          if (request.body.contentType) headers['content-type'] = request.body.contentType;
          payload = request.body.text;
        }
        const response = await t.app.inject({
          method: request.route.method as 'GET',
          url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        });
        const status = response.statusCode;
        const bucket = `${Math.floor(status / 100)}xx`;
        statusCounts.set(bucket, (statusCounts.get(bucket) ?? 0) + 1);
        const what = `${routeKey(request.route)} ${url.slice(0, 200)} body=${(payload ?? '').slice(0, 200)} → ${status} ${response.body.slice(0, 200)}`;
        if (status >= 500) failures.push(`5xx: ${what}`);
        const after = await fingerprint();
        if (status >= 400) {
          let shaped = false;
          try {
            const body = response.json() as { Bad?: unknown; Errors?: unknown; Message?: unknown };
            shaped = body.Bad === true && Array.isArray(body.Errors) && typeof body.Message === 'string';
          } catch {
            shaped = false;
          }
          if (!shaped) failures.push(`not §8 shape: ${what}`);
          if (after !== before) failures.push(`refused but changed state: ${what}`);
        } else if (request.route.method !== 'GET') {
          await keepWorldEditable(t, world);
        }
        before = request.route.method === 'GET' || status >= 400 ? after : await fingerprint();
      }
    }
    const figures = [...statusCounts]
      .sort()
      .map(([bucket, count]) => `${bucket} ${count}`)
      .join(', ');
    console.log(
      `OpenAPI fuzz: ${sent} requests over ${routes.length} routes (seed ${SEED}): ${figures}; ` +
        `${failures.length} failures`,
    );
    expect(failures.slice(0, 30)).toEqual([]);
    expect(sent).toBe(RUNS);
  }, 3_600_000);
});
