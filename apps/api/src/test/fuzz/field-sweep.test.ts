import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteTableEntry } from '#src/plugins/route-table.ts';
import { type JsonSchema, sampleOf } from '#src/test/security/openapi-sample.ts';
import {
  bodySchemaOf,
  buildRequest,
  handWrittenBodies,
  operationOf,
  paramValue,
  routeKey,
  testedRoutes,
} from '#src/test/security/request-builder.ts';
import { expectationFor, type RoutePolicy, routePolicies } from '#src/test/security/route-policy.ts';
import { buildWorld, type World } from '#src/test/security/world.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { encode, keepWorldEditable } from './fuzz-support.ts';
import { deeplyNested } from './hostile-inputs.ts';

// Issue 32: every body, query and path field of every operation of the OpenAPI document, one at a time,
// through the edge values below (the rest of a valid request kept), sent as the resource's owner, as a
// stranger (another customer) and anonymously. Found what 10,000 random requests of openapi-fuzz.test.ts
// did not: a field set to one edge value while everything around it stays valid reaches the service.
// Checked: no 5xx and no hang; every error in the §8 shape; a route that needs a token answers an
// anonymous caller 401 whatever the input; a stranger is never let through to another's resource and never
// reaches an integration (sent with the integration URL unset: a 503 then means it was called before the
// ownership check), and gets none of the owner's data.
//
// Size: SWEEP_VALUES edge values per field for the owner and one for the stranger and the anonymous caller
// (SWEEP_VALUES=2 in `npm test`, about 3,500 requests), or every value for every caller with
// SWEEP_VALUES=all (`npm run test:deep`, about 29,000); which values a field gets is picked from SWEEP_SEED,
// fixed unless given, so a run is replayed by its seed and size. SWEEP_ROUTE='POST /x' narrows a replay to
// the routes whose key contains it.

const SEED = Number(process.env.SWEEP_SEED ?? 32);
const VALUES_PER_FIELD = process.env.SWEEP_VALUES ?? '2';
const ONLY = process.env.SWEEP_ROUTE;
/** A request not answered in this time is a hang. */
const HANG_MS = 20_000;
const DEEP = 10_000;
/** Stands for the deep value in a body until the JSON text is written (too deep to stringify). */
const DEEP_MARK = '\u0001deep-nesting\u0001';

type Where = 'body' | 'query' | 'path';

interface Field {
  where: Where;
  /** Property names and array indexes from the body's root; one name for query and path fields. */
  path: (string | number)[];
  /** The schema of each step of the path (to build a missing parent from a valid sample). */
  schemas: JsonSchema[];
}

interface EdgeValue {
  name: string;
  /** The value in a JSON body; a function of the field's schema for the wrong type. */
  json: (schema: JsonSchema) => unknown;
  /** The value in a query string or path: text, a key sent twice, or a key without `=`. */
  text: string | { repeated: true } | { bare: true } | null;
}

const typeOf = (schema: JsonSchema): string | undefined => {
  const resolved = nonNull(schema);
  const type = Array.isArray(resolved.type) ? resolved.type.find((t) => t !== 'null') : resolved.type;
  return type ?? (resolved.properties ? 'object' : undefined);
};

const edgeValues: EdgeValue[] = [
  { name: 'empty string', json: () => '', text: '' },
  { name: 'whitespace', json: () => ' \t\n ', text: ' \t\n ' },
  { name: 'NUL', json: () => '\u0000', text: '\u0000' },
  { name: 'lone surrogate', json: () => '\ud800', text: '\ud800' },
  { name: '10⁶ characters', json: () => 'x'.repeat(1_000_000), text: 'x'.repeat(1_000_000) },
  { name: '-1', json: () => -1, text: '-1' },
  { name: '0', json: () => 0, text: '0' },
  { name: '2⁵³', json: () => 2 ** 53, text: String(2 ** 53) },
  { name: 'NaN as text', json: () => 'NaN', text: 'NaN' },
  {
    name: 'wrong type',
    // A number where text is expected and text where a number is: the sneaky kinds (a numeric string).
    json: (schema) =>
      ({ string: true, number: '1', integer: '1', boolean: 'true', object: 'x', array: 'x' })[
        typeOf(schema) ?? ''
      ] ?? true,
    text: { repeated: true },
  },
  { name: 'null', json: () => null, text: { bare: true } },
  { name: 'deep nesting', json: () => DEEP_MARK, text: deeplyNested(DEEP, true) },
];

function nonNull(schema: JsonSchema): JsonSchema {
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return nonNull(union.find((option) => option.type !== 'null') ?? union[0]!);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map(nonNull));
  return schema;
}

/** Every property of a body schema, nested objects and the first item of arrays included. */
function bodyFields(schema: JsonSchema, path: Field['path'] = [], schemas: JsonSchema[] = []): Field[] {
  if (path.length > 6) return [];
  const resolved = nonNull(schema);
  const fields: Field[] = [];
  for (const [key, property] of Object.entries(resolved.properties ?? {})) {
    const field = { where: 'body' as const, path: [...path, key], schemas: [...schemas, property] };
    fields.push(field, ...bodyFields(property, field.path, field.schemas));
  }
  if (resolved.items) {
    const field = { where: 'body' as const, path: [...path, 0], schemas: [...schemas, resolved.items] };
    fields.push(field, ...bodyFields(resolved.items, field.path, field.schemas));
  }
  return fields;
}

/** The sample with one field set; parents the sample lacks are built from their own valid sample. */
function withField(root: unknown, field: Field, value: unknown, depth = 0): unknown {
  if (depth === field.path.length) return value;
  const key = field.path[depth]!;
  const container = (
    typeof key === 'number'
      ? Array.isArray(root)
        ? [...root]
        : []
      : root !== null && typeof root === 'object' && !Array.isArray(root)
        ? { ...root }
        : {}
  ) as Record<string | number, unknown>;
  const current = container[key] ?? sampleOf(field.schemas[depth]);
  container[key] = withField(current, field, value, depth + 1);
  return container;
}

const fieldName = (field: Field) => `${field.where}:${field.path.join('.') || '(body)'}`;

/** A small deterministic generator (mulberry32): the same seed picks the same values. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Which edge values a field gets for one caller: all of them, or `count` of them picked by the seed. */
function pick(values: EdgeValue[], next: () => number, asOwner: boolean): EdgeValue[] {
  if (VALUES_PER_FIELD === 'all') return values;
  const count = Math.min(values.length, asOwner ? Math.max(1, Number(VALUES_PER_FIELD)) : 1);
  const start = Math.floor(next() * values.length);
  return Array.from({ length: count }, (_, i) => values[(start + i) % values.length]!);
}

// The callers. The owner is whoever the route's policy lets through: the applicant, else staff of every
// role (Super), else the lender's service account.
const STRANGER = 'other customer';
const ANONYMOUS = 'anonymous';
function ownerOf(policy: RoutePolicy, world: World): string | undefined {
  return ['owner', 'staff Super (NO)', 'staff Lender (NO)'].find(
    (name) => expectationFor(policy, world.callers[name]!) === 'allow',
  );
}

/** An answer a refused caller may get: a refusal, or a complaint about the input that names nothing. */
const REFUSALS = new Set([400, 401, 403, 404, 405, 406, 413, 414, 415, 429]);

let t: TestApp;
let world: World;
const errorLog: string[] = [];
let spec: Record<string, unknown>;

beforeAll(async () => {
  // With an integration URL the v1 routes do their work in-process (docs/decisions/0007).
  t = await createTestApp({
    config: { integrationUrl: 'http://127.0.0.1:9/integration', logLevel: 'error' },
    // The error a 5xx logged goes into its failure line.
    deps: { logStream: { write: (line: string) => errorLog.push(line) } },
  });
  world = await buildWorld(t, { offers: false });
  spec = t.app.swagger() as unknown as Record<string, unknown>;
}, 600_000);
afterAll(async () => t?.close());

interface Case {
  route: RouteTableEntry;
  caller: string;
  field?: Field;
  value?: EdgeValue;
}

/**
 * Valid requests where neither the schema's sample nor request-builder's hand-written bodies pass the
 * route's own checks: without them every edge value would stop at the same 400 and reach nothing.
 */
const sweepBodies = (world: World): Record<string, unknown> => ({
  'POST /auth/dev/login': { nationalId: world.freshNationalId(), country: 'NO' },
  'POST /calculator/loan-cost': {
    amount: 150_000,
    durationMonths: 60,
    nominalRate: 11.9,
    startupFee: 950,
    monthlyFee: 30,
    feeHandling: 'financed',
  },
  'POST /lead/:id': { Partner: 'nordisk-trygghet' },
  // The path's provider is the first of the enum (no), whose brand pages are Norwegian.
  'POST /auth/oidc/:provider/start': { returnTo: 'http://no-main.localhost/mine-tilbud' },
  'POST /insurance/v2/eligibility': {
    OptIn: true,
    InsuredMonthlyAmount: 2_500,
    EmploymentStatus: 'permanent',
    EmployedMonths: 24,
    HoursPerWeek: 37.5,
    ResidentInCountry: true,
    FitForWork: true,
  },
  'POST /backoffice/regulatory-figures': {
    ...(handWrittenBodies(world)['POST /backoffice/regulatory-figures'] as object),
    Source: 'Finansinspektionen, field sweep notice',
  },
});
const sweepQueries: Record<string, Record<string, string>> = {
  'POST /customer': { accepted_terms: 'true' },
  'GET /consent/v2/config/snapshot': { country: 'NO' },
  'GET /consent/v1/partner': { country: 'NO' },
};

/**
 * A dependency this test app does not run: the e-ID provider (oidc-login.test.ts starts one of its own), so a
 * valid login start is answered 503 with this message and nothing else.
 */
const unavailableHere = (key: string, status: number, body: string) =>
  key === 'POST /auth/oidc/:provider/start' &&
  status === 503 &&
  body === '{"Bad":true,"Errors":[],"Message":"The identity provider is not available"}';

/** A path parameter's valid value: the world's ids, or the first member of an enum the operation declares. */
function pathValue(route: RouteTableEntry, name: string): string {
  const declared = operationOf(spec, route)?.parameters?.find((p) => p.in === 'path' && p.name === name);
  const member = declared?.schema?.enum?.[0];
  return typeof member === 'string' ? member : paramValue(name, route.url, world);
}

let addressCounter = 0;
async function send(request: Case): Promise<{ status: number; body: string; ms: number; url: string }> {
  const key = routeKey(request.route);
  const base = buildRequest(request.route, world, spec, {
    ...handWrittenBodies(world),
    ...sweepBodies(world),
  });
  Object.assign(base.query, sweepQueries[key]);
  const { field, value } = request;
  // A PATCH is written at the Revision it read (ADR 0046): the current one, so a valid value gets through.
  if (
    request.caller !== STRANGER &&
    base.payload &&
    typeof base.payload === 'object' &&
    'Revision' in base.payload &&
    request.route.url.startsWith('/loan-application/:id')
  ) {
    const [row] = await t.database.withSession((session) =>
      session.query<{ revision: number }>('SELECT revision FROM loan_application WHERE id = $1', [
        world.applicationId,
      ]),
    );
    base.payload = { ...base.payload, Revision: row?.revision ?? 1 };
  }
  let path = request.route.url;
  let query = Object.entries(base.query).map(([name, text]) => `${encode(name)}=${encode(text)}`);
  let payloadText: string | undefined =
    base.payload === undefined ? undefined : (JSON.stringify(base.payload) ?? 'null');
  if (field && value) {
    const name = String(field.path[0]);
    if (field.where === 'body') {
      const body = withField(base.payload ?? {}, field, value.json(field.schemas.at(-1) ?? {}));
      payloadText = (JSON.stringify(body) ?? 'null').replace(
        JSON.stringify(DEEP_MARK),
        deeplyNested(DEEP, true),
      );
    } else if (field.where === 'query') {
      const others = Object.entries(base.query).filter(([other]) => other !== name);
      query = others.map(([other, text]) => `${encode(other)}=${encode(text)}`);
      const text = value.text;
      if (typeof text === 'string') query.push(`${encode(name)}=${encode(text)}`);
      else if (text && 'repeated' in text) query.push(`${encode(name)}=1`, `${encode(name)}=x`);
      else query.push(encode(name));
    } else if (typeof value.text === 'string') {
      const text = value.text;
      path = path.replace(`:${name}`, () => encode(text));
    }
  }
  const url = `${path
    .replace(/:([A-Za-z0-9_]+)/g, (_, param: string) => encode(pathValue(request.route, param)))
    .replace(/\*$/, 'index.css')}${query.length ? `?${query.join('&')}` : ''}`;
  const token = world.tokens[request.caller];
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (payloadText !== undefined) headers['content-type'] = 'application/json';
  // A fresh address per request: the per-address limits would otherwise answer most of a route's sweep 429.
  addressCounter += 1;
  const remoteAddress = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), HANG_MS);
  });
  const response = await Promise.race([
    t.app.inject({
      method: request.route.method as 'GET',
      url,
      headers,
      remoteAddress,
      ...(payloadText !== undefined ? { payload: payloadText } : {}),
    }),
    hang,
  ]);
  clearTimeout(timer);
  const ms = performance.now() - started;
  if (!response) return { status: 0, body: '', ms, url };
  return { status: response.statusCode, body: response.body, ms, url };
}

function badShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { Bad?: unknown; Errors?: unknown; Message?: unknown };
    return !(
      parsed.Bad === true &&
      typeof parsed.Message === 'string' &&
      Array.isArray(parsed.Errors) &&
      parsed.Errors.every(
        (error: { Field?: unknown; Message?: unknown }) =>
          typeof error?.Field === 'string' && typeof error?.Message === 'string',
      )
    );
  } catch {
    return true;
  }
}

describe('field sweep: every field of every operation through the edge values, as owner, stranger and anonymous', () => {
  it('never answers 5xx or hangs; refuses strangers and anonymous callers first; errors in the §8 shape', async () => {
    const routes = testedRoutes(t.app).filter(
      (route) =>
        route.method !== 'OPTIONS' &&
        !route.url.startsWith('/docs') &&
        routeKey(route) in routePolicies &&
        (!ONLY || routeKey(route).includes(ONLY)),
    );
    const next = random(SEED);
    const failures: { group: string; what: string }[] = [];
    const statuses = new Map<string, number>();
    let requests = 0;
    let fieldCount = 0;
    let slowest = { ms: 0, what: '' };
    const started = Date.now();
    const integrationUrl = t.config.integrationUrl;
    const samplesRefused: string[] = [];

    for (const route of routes) {
      const key = routeKey(route);
      const policy = routePolicies[key]!;
      const operation = operationOf(spec, route);
      const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      const bodySchema = hasBody ? bodySchemaOf(operation) : undefined;
      const fields: Field[] = [
        ...[...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({
          where: 'path' as const,
          path: [match[1]!],
          schemas: [{ type: 'string' }],
        })),
        ...(operation?.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({
            where: 'query' as const,
            path: [parameter.name],
            schemas: [parameter.schema ?? {}],
          })),
        ...(bodySchema ? [{ where: 'body' as const, path: [], schemas: [] }, ...bodyFields(bodySchema)] : []),
      ];
      fieldCount += fields.length;
      const owner = ownerOf(policy, world);
      const callers = [ANONYMOUS, STRANGER, ...(owner ? [owner] : [])];
      for (const caller of callers) {
        const profile = world.callers[caller]!;
        const mustBe401 = caller === ANONYMOUS && expectationFor(policy, profile) === 'deny';
        const mustRefuse = caller === STRANGER && expectationFor(policy, profile) === 'deny';
        const cases: Case[] = [{ route, caller }];
        for (const field of fields) {
          const values =
            field.where === 'path' ? edgeValues.filter((v) => typeof v.text === 'string') : edgeValues;
          for (const value of pick(values, next, caller === owner))
            cases.push({ route, caller, field, value });
        }
        // Neither the stranger nor an anonymous caller may reach an integration: with its URL unset, a 503
        // would show it was called before the ownership or token check.
        t.config.integrationUrl = caller === owner ? integrationUrl : undefined;
        for (const request of cases) {
          requests += 1;
          t.clock.advance(1);
          errorLog.length = 0;
          const { status, body, ms, url } = await send(request);
          const what = `${key} ${request.field ? `${fieldName(request.field)}=${request.value!.name}` : '(valid sample)'} as ${caller} → ${status || `no answer in ${HANG_MS} ms`} ${body.slice(0, 160)} [${url.slice(0, 120)}]`;
          const bucket = status === 0 ? 'hang' : `${Math.floor(status / 100)}xx`;
          statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
          if (ms > slowest.ms) slowest = { ms, what: what.slice(0, 200) };
          const fail = (kind: string) => failures.push({ group: `${kind}: ${key} as ${caller}`, what });
          if (status === 0) fail('hang');
          else if (status >= 500 && !unavailableHere(key, status, body)) {
            const logged = errorLog.map((line) => {
              const entry = JSON.parse(line) as { err?: { type?: string; message?: string } };
              return `${entry.err?.type}: ${entry.err?.message}`;
            });
            failures.push({
              group: `5xx: ${key} as ${caller}`,
              what: `${what} (logged: ${logged.join('; ').slice(0, 300)})`,
            });
          }
          if (status >= 400 && badShape(body)) fail('not §8 shape');
          // A path field set to an edge value may leave the route (404, router 400/414) before any hook.
          // A path field set to an edge value names no one's resource any more (and may leave the route:
          // 404, the router's 400/414, or another route such as the list at `/loan-application/`).
          const named = request.field?.where !== 'path';
          if (mustBe401 && named && status !== 401) fail('anonymous not 401');
          if ((mustRefuse || mustBe401) && named && status !== 0 && !REFUSALS.has(status))
            fail('not refused');
          if (caller === owner && !request.field && status === 400)
            samplesRefused.push(`${key} (${body.slice(0, 140)})`);
          if ((mustRefuse || mustBe401) && world.secrets.some((secret) => body.includes(secret)))
            fail('personal data in a refusal');
          if (caller === owner && status < 300 && route.method !== 'GET') await keepWorldEditable(t, world);
        }
      }
    }
    t.config.integrationUrl = integrationUrl;

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const figures = [...statuses]
      .sort()
      .map(([bucket, count]) => `${bucket} ${count}`)
      .join(', ');
    console.log(
      `field sweep: ${routes.length} operations, ${fieldCount} fields, ${edgeValues.length} edge values ` +
        `(${VALUES_PER_FIELD === 'all' ? 'all' : `${VALUES_PER_FIELD} for the owner, 1 for the others`} per field), 3 callers → ${requests} requests in ${seconds} s ` +
        `(${figures}; slowest ${slowest.ms.toFixed(0)} ms: ${slowest.what}); ${failures.length} failures. ` +
        `Replay: SWEEP_SEED=${SEED} SWEEP_VALUES=${VALUES_PER_FIELD} [SWEEP_ROUTE='POST /…'] ` +
        `npx vitest run --project api apps/api/src/test/fuzz/field-sweep.test.ts`,
    );
    // Where the owner's valid sample is itself a 400, a field's edge value never gets past validation.
    if (samplesRefused.length > 0)
      console.log(`valid sample refused (400) for the owner on:\n  ${samplesRefused.join('\n  ')}`);
    // One line per kind of failure, route and caller: how many, and the first in full.
    const groups = new Map<string, { count: number; first: string }>();
    for (const { group, what } of failures) {
      const entry = groups.get(group) ?? { count: 0, first: what };
      groups.set(group, { ...entry, count: entry.count + 1 });
    }
    for (const [group, { count, first }] of groups)
      console.log(`${count} × ${group}\n    ${first.slice(0, 400)}`);
    expect([...groups.keys()]).toEqual([]);
  }, 3_600_000);
});
