import { PGlite } from '@electric-sql/pglite';
import { type Attributes, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import pg from 'pg';
import { activeTracer } from './tracing.ts';

// A span per statement on PostgreSQL (pg) and on the embedded PGlite (ADR 0072): a thin wrapper around
// each driver's query method, put on when tracing starts and taken off when it stops. A statement outside
// any span (the worker's idle polls) makes no trace of its own. The statement's text goes in without its
// values: Drizzle sends values as parameters, and literals written into the text are replaced by `?`.

const maxTextLength = 2_000;

/** The statement without literals: strings, dollar-quoted bodies and numbers become `?`. */
export function sanitizeStatement(text: string): string {
  const sanitized = text
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, '?')
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/(?<![\w$."])-?\b\d+(?:\.\d+)?\b/g, '?')
    .replace(/\s+/g, ' ')
    .trim();
  return sanitized.length > maxTextLength ? `${sanitized.slice(0, maxTextLength)}…` : sanitized;
}

function statementAttributes(
  text: string,
  client: 'pg' | 'pglite',
): { name: string; attributes: Attributes } {
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  return {
    name: operation,
    attributes: {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      'db.query.text': sanitizeStatement(text),
      'nordloan.db.client': client,
    },
  };
}

/** A CLIENT span for one statement under the active span; undefined outside any span or when off. */
function startStatementSpan(text: unknown, client: 'pg' | 'pglite'): Span | undefined {
  const tracer = activeTracer();
  if (!tracer || typeof text !== 'string' || !trace.getActiveSpan()) return undefined;
  const { name, attributes } = statementAttributes(text, client);
  return tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes });
}

function endStatementSpan(span: Span | undefined, error: unknown): void {
  if (!span) return;
  if (error) {
    const code = (error as { code?: unknown }).code;
    span.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === 'string' ? code : 'error' });
  }
  span.end();
}

/** Wraps an async query method: a span from call to answer. */
function tracedAsync<F extends (...args: never[]) => Promise<unknown>>(
  original: F,
  client: 'pg' | 'pglite',
  textOf: (args: Parameters<F>) => unknown,
): F {
  return async function traced(this: unknown, ...args: Parameters<F>) {
    const span = startStatementSpan(textOf(args), client);
    if (!span) return original.apply(this, args);
    try {
      const result = await original.apply(this, args);
      endStatementSpan(span, undefined);
      return result;
    } catch (error) {
      endStatementSpan(span, error);
      throw error;
    }
  } as F;
}

type PgQuery = (this: pg.Client, ...args: unknown[]) => unknown;

/** pg's Client#query in all its forms: promise, callback, or a submittable (cursors; left untraced). */
function tracedPgQuery(original: PgQuery): PgQuery {
  return function traced(this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    if (typeof (first as { submit?: unknown } | null)?.submit === 'function')
      return original.apply(this, args);
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    const span = startStatementSpan(text, 'pg');
    if (!span) return original.apply(this, args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      const bound = context.bind(context.active(), (error: unknown, result: unknown) => {
        endStatementSpan(span, error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      });
      return original.apply(this, [...args.slice(0, last), bound]);
    }
    const answer = original.apply(this, args) as Promise<unknown>;
    return answer.then(
      (result) => {
        endStatementSpan(span, undefined);
        return result;
      },
      (error: unknown) => {
        endStatementSpan(span, error);
        throw error;
      },
    );
  };
}

interface PgliteTransaction {
  query(...args: unknown[]): Promise<unknown>;
  exec(...args: unknown[]): Promise<unknown>;
}

/** Puts the wrappers on both drivers; answers how to take them off. */
export function traceDatabaseQueries(): () => void {
  const pgProto = pg.Client.prototype as unknown as { query: PgQuery };
  const pgQuery = pgProto.query;
  pgProto.query = tracedPgQuery(pgQuery);

  const liteProto = PGlite.prototype as unknown as {
    query: (...args: unknown[]) => Promise<unknown>;
    exec: (...args: unknown[]) => Promise<unknown>;
    transaction: (callback: (tx: PgliteTransaction) => Promise<unknown>) => Promise<unknown>;
  };
  const had = {
    query: Object.hasOwn(liteProto, 'query') ? liteProto.query : undefined,
    exec: Object.hasOwn(liteProto, 'exec') ? liteProto.exec : undefined,
    transaction: Object.hasOwn(liteProto, 'transaction') ? liteProto.transaction : undefined,
  };
  const { query, exec, transaction } = liteProto;
  liteProto.query = tracedAsync(query, 'pglite', (args) => args[0]);
  liteProto.exec = tracedAsync(exec, 'pglite', (args) => args[0]);
  liteProto.transaction = function tracedTransaction(this: unknown, callback) {
    return transaction.call(this, (tx) =>
      callback(
        new Proxy(tx, {
          get(target, key, receiver) {
            if (key === 'query') return tracedAsync(target.query.bind(target), 'pglite', (args) => args[0]);
            if (key === 'exec') return tracedAsync(target.exec.bind(target), 'pglite', (args) => args[0]);
            return Reflect.get(target, key, receiver);
          },
        }),
      ),
    );
  };

  return () => {
    pgProto.query = pgQuery;
    for (const key of ['query', 'exec', 'transaction'] as const) {
      if (had[key]) (liteProto as Record<string, unknown>)[key] = had[key];
      else delete (liteProto as Record<string, unknown>)[key];
    }
  };
}
