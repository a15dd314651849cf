import type { IncomingMessage } from 'node:http';
import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { activeTraceIds, activeTracer, flushTelemetry } from './tracing.ts';

// The request's span (ADR 0072): a SERVER span from the moment Fastify makes the request's logger to its
// response, continuing a caller's W3C traceparent, named by method and route template (never the path: it
// may hold a national id or a magic token). The handler runs in it, so the statements, jobs and lender
// calls it makes are its children. Its trace and span ids are bound to the request's logger: every line
// Fastify and the routes log about the request carries them ("incoming request" included).

const boundTrace = Symbol('nordloan.trace-bound');

interface RequestTrace {
  span: Span;
  context: Context;
}

/** Traces the app's requests when tracing is on (call right after Fastify(), before any route). */
export function registerTracing(app: FastifyInstance): void {
  const tracer = activeTracer();
  if (!tracer) return;
  const traces = new WeakMap<IncomingMessage, RequestTrace>();

  app.setChildLoggerFactory(function childLogger(logger, bindings, options, rawRequest) {
    const request = rawRequest as IncomingMessage;
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const method = request.method ?? 'GET';
    const span = tracer.startSpan(
      method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
      parent,
    );
    traces.set(request, { span, context: trace.setSpan(parent, span) });
    const { traceId, spanId } = span.spanContext();
    const child = logger.child({ ...bindings, trace_id: traceId, span_id: spanId }, options);
    // pino's children inherit from their parent: a child of this logger is bound too (traceLogMixin).
    (child as unknown as Record<symbol, boolean>)[boundTrace] = true;
    return child;
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = function tracedHandler(request, reply) {
      const traced = traces.get(request.raw);
      if (!traced) return handler.call(this, request, reply);
      return context.with(traced.context, () => handler.call(this, request, reply));
    };
  });

  const end = (raw: IncomingMessage, route: string | undefined, status: number | undefined) => {
    const traced = traces.get(raw);
    if (!traced) return;
    traces.delete(raw);
    const method = raw.method ?? 'GET';
    if (route) {
      traced.span.setAttribute('http.route', route);
      traced.span.updateName(`${method} ${route}`);
    }
    if (status !== undefined) {
      traced.span.setAttribute('http.response.status_code', status);
      if (status >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
    } else traced.span.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted' });
    traced.span.end();
  };
  app.addHook('onResponse', async (request, reply) => {
    end(request.raw, request.routeOptions.url, reply.statusCode);
  });
  app.addHook('onRequestAbort', async (request) => {
    end(request.raw, request.routeOptions.url, undefined);
  });
  // What the exporter has not sent yet goes before the process exits (the server closes the app first).
  app.addHook('onClose', async () => {
    await flushTelemetry();
  });
}

/**
 * pino's mixin (app.ts): the active span's trace and span ids in a log line not already bound to a
 * request's (the worker's jobs, the relay, the app's own lines); nothing when tracing is off.
 */
export function traceLogMixin(
  _merge: object,
  _level: number,
  logger?: unknown,
): { trace_id?: string; span_id?: string } {
  if ((logger as Record<symbol, boolean> | undefined)?.[boundTrace]) return {};
  return activeTraceIds() ?? {};
}
