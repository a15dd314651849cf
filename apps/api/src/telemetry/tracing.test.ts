import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { createLenderHttpClient } from '#src/modules/lending/lender-api/lender-http-client.ts';
import { createCompleteApplication, settle, submit, testWorker } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { sanitizeStatement } from './database-tracing.ts';
import { initTelemetry, inSpan, shutdownTelemetry } from './tracing.ts';

// Issue 37 item 5: one application from PATCH …/application-complete to its stored offers is one trace —
// the request's span, the outbox events it wrote handed on in spans of its trace, each job those queued in
// a span linked to (and under) the span that queued it, the statements of each under them — and every log
// line about the request carries its trace id.

const exporter = new InMemorySpanExporter();
const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  initTelemetry({ exporter, env: {} });
  t = await createTestApp({
    config: { logLevel: 'info' },
    deps: { logStream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await t.close();
  await shutdownTelemetry();
});

const traceOf = (span: ReadableSpan) => span.spanContext().traceId;
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('OpenTelemetry traces', () => {
  it('follows one application from application-complete to its stored offers in one trace', async () => {
    const application = await createCompleteApplication(t);
    exporter.reset();
    logLines.length = 0;

    const completed = await submit(t, application);
    expect(completed.statusCode).toBe(200);
    await settle(t, testWorker(t));
    const quotes = await t.app.inject({
      url: `/loan-quote-presentation/application/${application.id}/quotes`,
      headers: bearer(application.token),
    });
    expect((quotes.json() as unknown[]).length).toBeGreaterThan(0);

    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'PATCH /loan-application/:id/application-complete');
    expect(request).toBeDefined();
    expect(request!.attributes).toMatchObject({
      'http.request.method': 'PATCH',
      'http.route': '/loan-application/:id/application-complete',
      'http.response.status_code': 200,
    });
    const traceId = traceOf(request!);
    const inTrace = spans.filter((span) => traceOf(span) === traceId);
    const byId = new Map(inTrace.map((span) => [span.spanContext().spanId, span]));

    // The request's own statements are its children.
    expect(
      inTrace.some(
        (span) =>
          parentOf(span) === request!.spanContext().spanId &&
          span.attributes['db.system.name'] === 'postgresql',
      ),
    ).toBe(true);
    // The outbox event it wrote, handed on under it — alone or in a relay batch (ADR 0085), whose span
    // names its events; the screening's event after it; then the jobs.
    const relayed = inTrace.filter((span) => span.name.startsWith('outbox '));
    const relayedEvents = relayed.flatMap((span) =>
      span.name === 'outbox batch'
        ? ((span.attributes['nordloan.event.names'] as string[] | undefined) ?? [])
        : [span.name.replace(/^outbox /, '')],
    );
    expect(relayedEvents).toEqual(expect.arrayContaining(['loan-application-status-changed']));
    const jobs = inTrace.filter((span) => span.name.startsWith('job '));
    const kinds = new Set(jobs.map((span) => span.name.replace(/^job (batch )?/, '')));
    expect([...kinds]).toEqual(
      expect.arrayContaining(['process-application', 'lender-register', 'lender-decision']),
    );
    for (const job of jobs) {
      // Linked to the span that queued it, which is its parent: each job leads back to the request.
      expect(job.links.length).toBeGreaterThan(0);
      expect(job.links[0]!.context.spanId).toBe(parentOf(job));
      let ancestor: ReadableSpan | undefined = job;
      while (ancestor && ancestor !== request) ancestor = byId.get(parentOf(ancestor) ?? '');
      expect(ancestor, job.name).toBe(request);
    }
    // Every job of the application ran in this trace (none started one of its own).
    const stray = spans.filter((span) => span.name.startsWith('job ') && traceOf(span) !== traceId);
    expect(stray.map((span) => span.name)).toEqual([]);

    // The request's log lines carry its trace id; a job's lines carry theirs.
    const requestLines = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(requestLines.some((line) => line.trace_id === traceId)).toBe(true);
    console.log(
      `trace ${traceId}: ${inTrace.length} spans (${relayed.length} outbox, ${jobs.length} jobs, ${inTrace.filter((span) => span.attributes['db.system.name']).length} statements)`,
    );
  });

  it('sends a lender call in a CLIENT span, its traceparent in the request', async () => {
    const seen: (string | undefined)[] = [];
    const lender = createServer((request, response) => {
      seen.push(request.headers.traceparent as string | undefined);
      request.resume().on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"Status":"Received"}');
      });
    });
    await new Promise<void>((resolve) => lender.listen(0, '127.0.0.1', resolve));
    const client = createLenderHttpClient({
      lenderId: 'no-trace-test',
      endpoint: lenderEndpointSchema.parse({
        url: `http://127.0.0.1:${(lender.address() as AddressInfo).port}`,
      }),
      secrets: async () => ['x'.repeat(32)],
    });
    exporter.reset();
    try {
      await inSpan('job test', {}, () =>
        client.post({
          operation: 'registerApplication',
          path: '/applications',
          message: {},
          idempotencyKey: 'k-1',
        }),
      );
    } finally {
      client.close();
      lender.close();
    }
    const call = exporter
      .getFinishedSpans()
      .find((span) => span.kind === SpanKind.CLIENT && span.name === 'POST registerApplication');
    expect(call?.attributes).toMatchObject({
      'nordloan.lender.id': 'no-trace-test',
      'http.response.status_code': 200,
    });
    expect(seen[0]).toBe(`00-${call!.spanContext().traceId}-${call!.spanContext().spanId}-01`);
  });

  it('writes statements without their values', () => {
    expect(
      sanitizeStatement(`SELECT * FROM person WHERE email = 'kari@example.no' AND n = 42 AND id = $1`),
    ).toBe('SELECT * FROM person WHERE email = ? AND n = ? AND id = $1');
    expect(sanitizeStatement('DO $body$ BEGIN RAISE 1; END $body$')).toBe('DO ?');
  });
});
