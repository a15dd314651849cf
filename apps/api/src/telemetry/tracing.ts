import {
  type Attributes,
  type Context,
  context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { traceDatabaseQueries } from './database-tracing.ts';

// OpenTelemetry traces (issue 37 item 5, docs/decisions/0072). On only when OTEL_EXPORTER_OTLP_ENDPOINT is
// set (or a test hands in an exporter); off, every helper here is one boolean test and then the work itself:
// no provider, no context manager, no hook on Fastify or the database drivers.
//
// What is traced, by hand rather than by the auto-instrumentations (which patch modules as they load: our
// ESM bundle loads pg and node:http before any hook could see them, and PGlite has none): the request
// (fastify-tracing.ts), each statement on pg and PGlite (database-tracing.ts), each call to a lender
// (lender-http-client.ts), each outbox event handed on and each job run, linked to the span that wrote it
// through a W3C traceparent carried in its payload (`_trace`).
//
// No personal data in a span: routes by their template, statements without their values, no headers, no
// bodies, no ids of people (the log-scan test scans the spans as it scans the log).

let tracer: Tracer | undefined;
let provider: BasicTracerProvider | undefined;
let contextManager: AsyncLocalStorageContextManager | undefined;
let stopDatabaseTracing: (() => void) | undefined;

/** Whether traces are recorded (read at every helper; false: nothing is done). */
export function tracingEnabled(): boolean {
  return tracer !== undefined;
}

const telemetryEnv = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('nordloan-api'),
});

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (the OTLP/HTTP exporter reads the standard
 * OTEL_EXPORTER_OTLP_* variables itself: headers, timeout, compression), or with `exporter` (tests: an
 * in-memory exporter, spans handed on as they end). Answers how to flush and stop it.
 */
export function initTelemetry(
  options: { env?: Record<string, string | undefined>; exporter?: SpanExporter } = {},
): { enabled: boolean; shutdown(): Promise<void> } {
  const env = telemetryEnv.parse(options.env ?? process.env);
  if (tracer || (!options.exporter && !env.OTEL_EXPORTER_OTLP_ENDPOINT)) {
    return { enabled: tracingEnabled(), shutdown: async () => undefined };
  }
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter());
  provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME }),
    spanProcessors: [processor],
  });
  contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('nordloan');
  stopDatabaseTracing = traceDatabaseQueries();
  return { enabled: true, shutdown: shutdownTelemetry };
}

/** Sends what is left and turns tracing off again (the tests' afterAll, the server's shutdown). */
export async function shutdownTelemetry(): Promise<void> {
  const stopping = provider;
  tracer = undefined;
  provider = undefined;
  stopDatabaseTracing?.();
  stopDatabaseTracing = undefined;
  await stopping?.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
  contextManager = undefined;
}

/** Sends the spans ended so far (the app's close). */
export async function flushTelemetry(): Promise<void> {
  await provider?.forceFlush().catch(() => undefined);
}

/** The tracer, for the instrumentation in this folder (undefined: off). */
export function activeTracer(): Tracer | undefined {
  return tracer;
}

/** The key a carried trace context has in a job's or an outbox event's payload. */
export const traceKey = '_trace';

/** `payload` with the active span's traceparent under `_trace` (unchanged when off or outside a span). */
export function withTraceContext<T extends Record<string, unknown>>(payload: T): T {
  if (!tracer) return payload;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { ...payload, [traceKey]: carrier.traceparent } : payload;
}

/** The context a payload carries (ROOT when it carries none). */
function carriedContext(payload: Record<string, unknown> | undefined): Context | undefined {
  const traceparent = payload?.[traceKey];
  if (typeof traceparent !== 'string') return undefined;
  const extracted = propagation.extract(ROOT_CONTEXT, { traceparent });
  return trace.getSpanContext(extracted) ? extracted : undefined;
}

/** `payload` without its carried trace context (what consumers of an event get). */
export function withoutTraceContext<T extends Record<string, unknown>>(payload: T): T {
  if (!(traceKey in payload)) return payload;
  const { [traceKey]: _carried, ...rest } = payload;
  return rest as T;
}

/**
 * Runs `work` in a span that continues the traces `carriers` came from: the first carried context is its
 * parent (so an application's request, relay, jobs and lender calls are one trace), and every carried
 * context is linked (a batch of jobs from several requests links each). Without a carried context the
 * span's parent is the active span, if any. Off: `work()` alone.
 */
export async function inCarriedSpan<T>(
  name: string,
  carriers: readonly (Record<string, unknown> | undefined)[],
  attributes: () => Attributes,
  work: () => Promise<T>,
): Promise<T> {
  if (!tracer) return work();
  const contexts = carriers.map(carriedContext).filter((each): each is Context => each !== undefined);
  const links: Link[] = contexts.map((each) => ({ context: trace.getSpanContext(each)! }));
  const parent = contexts[0] ?? context.active();
  const span = tracer.startSpan(name, { kind: SpanKind.CONSUMER, attributes: attributes(), links }, parent);
  return runInSpan(span, parent, work);
}

/** Runs `work` in a new span of the active trace (an INTERNAL or CLIENT step). Off: `work()` alone. */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracer) return work(undefined);
  const parent = context.active();
  const span = tracer.startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes ?? {} },
    parent,
  );
  return runInSpan(span, parent, () => work(span));
}

async function runInSpan<T>(span: Span, parent: Context, work: () => Promise<T>): Promise<T> {
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    // The error's kind only: a message may quote a statement's values or a person's details.
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
    throw error;
  } finally {
    span.end();
  }
}

/** Headers to send with an outgoing call (W3C traceparent of the active span); empty when off. */
export function traceHeaders(): Record<string, string> {
  if (!tracer) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The active span's trace and span ids, for a log line (undefined when off or outside a span). */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  if (!tracer) return undefined;
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : undefined;
}
