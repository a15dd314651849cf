import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RouteTableEntry } from '#src/plugins/route-table.ts';
import { type JsonSchema, type OpenApiOperation, openApiPath, sampleOf } from './openapi-sample.ts';
import type { World } from './world.ts';

// Turns a route of the server's route table into a concrete request on the world's application: path
// parameters filled with the world's ids, required query parameters and a valid body from the OpenAPI
// document (or a hand-written one where a sample cannot pass the route's own checks).

export interface RouteRequest {
  method: string;
  url: string;
  payload?: unknown;
  query: Record<string, string>;
}

/** The routes to test: Fastify's HEAD twins of GET routes run the GET handler, so they are left out. */
export function testedRoutes(app: FastifyInstance): RouteTableEntry[] {
  const gets = new Set(app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url));
  return app.routeTable.filter((route) => !(route.method === 'HEAD' && gets.has(route.url)));
}

export const routeKey = (route: { method: string; url: string }) =>
  `${route.method} ${route.url.replace(/\/$/, '') || '/'}`;

/** Bodies a schema sample cannot stand in for (the route checks more than its schema says). */
export function handWrittenBodies(world: World): Record<string, unknown> {
  return {
    'POST /loan-application': {
      Product: 'UnsecuredLoan',
      Brand: 'no-main',
      Amount: 150_000,
      Duration: 5,
      CustomerID: world.customerId,
    },
    'POST /v1/loan-application': {
      application: { Product: 'UnsecuredLoan', Brand: 'no-main', Amount: 150_000, Duration: 5 },
      customer: { ID: world.customerId },
    },
    'PATCH /loan-application/:id': { Revision: 1, Amount: 160_000 },
    'POST /loan-application/:id/status': { Status: 200, Reason: 'matrix' },
    'POST /loan-application/:id/block': { Reason: 'sanctions' },
    'POST /loan-quote/:quoteId/change': { Amount: 100_000 },
    'POST /loan-application/:id/re-quote': { Amount: 100_000 },
    'PATCH /loan-application/:id/documents/:documentId': { Filename: 'matrix.pdf' },
    'POST /person': { Country: 'NO', NationalID: world.freshNationalId() },
    ...Object.fromEntries(
      ['car', 'child', 'debt', 'expense'].map((kind) => [
        `DELETE /loan-application/:id/${kind}`,
        { ID: randomUUID() },
      ]),
    ),
    'PATCH /customer/:id': { Email: 'matrix@example.com' },
    // At least one address (ADR 0038), so callers are refused by the access check, not by 400.
    'POST /loan-application/:id/co-applicant-invite': { Email: 'matrix-co@example.com' },
    // A property past the schema (ADR 0027), so callers are refused by the access check, not by 400.
    'PUT /loan-application/:id/property': {
      Street: 'Storgata',
      StreetNumber: '1',
      Postcode: '0155',
      Municipality: 'Oslo',
      PropertyType: 'Apartment building',
      OwnershipType: 'Freehold',
      EstimatedValue: 4_000_000,
      ExistingMortgage: 1_000_000,
    },
    'PATCH /person/:id': { FirstName: 'Matrix' },
    // Back office: bodies past each route's schema, so staff are refused by the access check, not by 400.
    'POST /backoffice/regulatory-figures': {
      Country: 'SE',
      Figure: 'referenceRate',
      Value: 2,
      ValidFrom: '2099-01-01',
      ValidTo: '2099-06-30',
      Source: 'matrix',
    },
    'POST /backoffice/buckets': { Name: `Matrix bucket ${randomUUID()}`, Priority: 1 },
    'PATCH /backoffice/buckets/:id': { Priority: 2 },
    'POST /backoffice/assignments/next': { BucketID: randomUUID() },
    'POST /backoffice/assignments/:id/assign': { AssigneeID: randomUUID(), Revision: 1 },
    'POST /backoffice/assignments/:id/processed': { Revision: 1 },
    'POST /backoffice/applications/:id/notes': { Text: 'matrix' },
    'POST /backoffice/applications/:id/withdraw': { Reason: 'matrix' },
    'POST /backoffice/applications/:id/magic-link': { Channel: 'email' },
    'POST /backoffice/call-orders': { LoanApplicationID: world.applicationId, OutboundNumberType: 'agent' },
    'POST /backoffice/call-records/:id/wrap-up': { Outcome: 'reached' },
    'PATCH /backoffice/agents/:id': { Disabled: false },
    'POST /backoffice/person-checks/:id/decision': { Decision: 'clear', Reason: 'matrix' },
    'POST /loan-application/:id/human-review': { View: 'The matrix asks for a human review.' },
    'POST /backoffice/human-reviews/:id/answer': {
      Outcome: 'upheld',
      Explanation: 'The matrix answers the review.',
    },
    'POST /backoffice/lenders': {
      ID: 'no-matrix-portal',
      Name: 'Matrix Portal Bank',
      Country: 'NO',
      OrganisationNumber: '919999999',
      Products: ['UnsecuredLoan'],
      Channel: 'portal',
      CommissionPercent: 1,
    },
    'PATCH /backoffice/lenders/:lenderId': { TimeoutMs: 4000 },
    'POST /backoffice/lenders/:lenderId/pause': { Reason: 'matrix' },
    'POST /backoffice/lenders/:lenderId/users': {
      Name: 'Matrix Lender User',
      Email: 'matrix-lender@example.com',
    },
  };
}

export function paramValue(name: string, url: string, world: World): string {
  switch (name) {
    case 'id':
      if (url.startsWith('/customer')) return world.customerId;
      if (url.startsWith('/person')) return world.personId;
      // Back-office records other than the application (bucket, assignment, call order or record, agent,
      // person check): none in the world, so an allowed caller gets 404 past the access check.
      if (url.startsWith('/backoffice/') && !url.startsWith('/backoffice/applications/')) return randomUUID();
      return world.applicationId;
    case 'applicationId':
      return world.applicationId;
    case 'customerID':
      return world.customerId;
    case 'country':
      return 'NO';
    case 'quoteId':
      return world.quoteId;
    case 'lenderId':
      return world.lenderId;
    case 'revision':
      return '1';
    case 'magicToken':
      return `mt-${randomUUID()}`;
    default:
      return randomUUID();
  }
}

export function operationOf(
  spec: Record<string, unknown>,
  route: RouteTableEntry,
): OpenApiOperation | undefined {
  const paths = (spec as { paths?: Record<string, Record<string, OpenApiOperation>> }).paths ?? {};
  const path = openApiPath(route.url);
  const entry = paths[path] ?? paths[`${path}/`] ?? paths[path.replace(/\/$/, '')];
  return entry?.[route.method.toLowerCase()];
}

export function bodySchemaOf(operation: OpenApiOperation | undefined): JsonSchema | undefined {
  const content = operation?.requestBody?.content;
  return content?.['application/json']?.schema;
}

/** Query parameters a schema sample cannot stand in for. */
const handWrittenQueries = (world: World): Record<string, Record<string, string>> => ({
  'GET /customer': { email: 'matrix@example.com' },
  // Finds the world's application for staff who may read Norway, and must find nothing for the others.
  'GET /backoffice/search': { q: world.humanReadableId },
});

export function buildRequest(
  route: RouteTableEntry,
  world: World,
  spec: Record<string, unknown>,
  bodies: Record<string, unknown>,
): RouteRequest {
  const url = route.url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(paramValue(name, route.url, world)))
    .replace(/\*$/, 'index.css');
  const operation = operationOf(spec, route);
  const query: Record<string, string> = {};
  for (const parameter of operation?.parameters ?? []) {
    if (parameter.in === 'query' && parameter.required)
      query[parameter.name] = String(sampleOf(parameter.schema));
  }
  const key = routeKey(route);
  Object.assign(query, handWrittenQueries(world)[key]);
  const request: RouteRequest = { method: route.method, url, query };
  if (key in bodies) request.payload = bodies[key];
  else if (['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method)) {
    const schema = bodySchemaOf(operation);
    if (schema) request.payload = sampleOf(schema);
  }
  return request;
}
