import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  idempotencyKeyHeader,
  type LenderApiOperation,
  lenderSignatureHeader,
} from '@nordloan/domain/lending/lender-api';
import { SpanKind } from '@opentelemetry/api';
import type { LenderEndpointConfig } from '#src/config.ts';
import { LenderAnswerError } from '#src/modules/lending/fan-out/lender-calls.ts';
import { LenderUnavailableError } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { inSpan, traceHeaders } from '#src/telemetry/tracing.ts';
import { type CircuitBreaker, type CircuitSnapshot, createCircuitBreaker } from './circuit-breaker.ts';
import { signLenderMessage } from './lender-signature.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';

// One lender's HTTP connection (issue 33 item 2, docs/decisions/0062): a keep-alive pool, every request
// signed and carrying its idempotency key, a timeout per try, retries with backoff on a 5xx, a timeout or a
// dropped connection only (the idempotency key makes a retry safe: the lender answers a repeated key with its
// first answer), a circuit breaker and an outbound rate limit. What the lender answered is the adapter's
// to judge (http-lender-adapter.ts); this file only gets it.

/**
 * Longest one call may take with its retries, waits for the rate limit included: under the lender job's
 * own limit (lenderCallTimeoutMs, 20 s), so the job always sees our error first and no lender can hold a
 * batch beyond it.
 */
export const lenderCallBudgetMs = 15_000;

/** Largest answer read from a lender; a larger one is cut off as a bad answer. */
const maxAnswerBytes = 1_048_576;

export type CallOutcome = 'ok' | 'refused' | 'bad-answer' | 'unavailable' | 'circuit-open' | 'rate-limited';

/**
 * The lender API's operations beside the adapter's (their own files: lender-agreement.ts,
 * lender-human-review.ts, lender-withdrawal.ts, lender-prequalification.ts). They go through the same client
 * as the adapter's (docs/decisions/0077): one pool, one breaker, one rate limit and one set of counters per
 * lender, whichever operation fails.
 */
export type LenderSideOperation =
  | 'fetchAgreement'
  | 'sendSignedAgreement'
  | 'requestHumanReview'
  | 'notifyWithdrawal'
  | 'prequalify';
export type LenderCallOperation = LenderApiOperation | LenderSideOperation;

export interface LenderCallInput {
  operation: LenderCallOperation;
  path: string;
  message: Record<string, unknown>;
  /** Sent on every try; none for a question that changes nothing at the lender (the pre-qualification). */
  idempotencyKey?: string;
  /** The caller's own, shorter limit (the pre-qualification's per-lender deadline). */
  budgetMs?: number;
  /** Tries beyond the first; the endpoint's unless given. */
  retries?: number;
}

export interface LenderCallStats {
  /** Calls by operation and how they ended. */
  calls: Map<`${LenderCallOperation}|${CallOutcome}`, number>;
  /** Tries beyond the first (retries). */
  retries: number;
}

export interface LenderHttpClient {
  readonly lenderId: string;
  /**
   * POSTs `message` (MessageId and SentAt added; the same for every try) to `path` and answers the parsed
   * 2xx body. Throws LenderUnavailableError when the lender could not be reached in time (retried later by
   * the queue), LenderAnswerError when it answered a 4xx or something that is not JSON.
   */
  post(input: LenderCallInput): Promise<unknown>;
  /** An answer the adapter found wrong after it was read (schema, references, terms): counted as such. */
  recordBadAnswer(operation: LenderCallOperation): void;
  circuit(): CircuitSnapshot;
  stats(): LenderCallStats;
  close(): void;
}

class TryFailed extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

interface Answer {
  status: number;
  text: string;
}

function sendOnce(input: {
  url: URL;
  agent: http.Agent;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}): Promise<Answer> {
  const { url, body } = input;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer!);
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        agent: input.agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
          ...input.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxAnswerBytes) {
            request.destroy();
            finish(new TryFailed(`answered more than ${maxAnswerBytes} bytes`, false));
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          finish(undefined, {
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) => finish(new TryFailed(`connection lost: ${error.message}`, true)));
      },
    );
    // The whole try, from connecting to the last byte: a lender that hangs costs at most this.
    const timer = setTimeout(() => {
      finish(new TryFailed(`no answer within ${input.timeoutMs} ms`, true, true));
      request.destroy();
    }, input.timeoutMs);
    request.on('error', (error) => finish(new TryFailed(`connection failed: ${error.message}`, true)));
    request.end(body);
  });
}

const sleepFor = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export function createLenderHttpClient(options: {
  lenderId: string;
  endpoint: LenderEndpointConfig;
  /** The lender's current secrets (the first signs). */
  secrets: () => Promise<readonly string[]>;
  /**
   * Wall-clock time of the signatures and the circuit (not the business clock: a signature's replay window
   * is between two machines' clocks). Replaceable in tests.
   */
  clock?: () => Date;
  /** Backoff before retry n (1, 2, …): 100 ms × 2^(n−1) with full jitter unless replaced (tests). */
  backoffMs?: (retry: number) => number;
  budgetMs?: number;
}): LenderHttpClient {
  const { lenderId, endpoint } = options;
  const now = options.clock ?? (() => new Date());
  const base = endpoint.url.endsWith('/') ? endpoint.url.slice(0, -1) : endpoint.url;
  const agentOptions = { keepAlive: true, maxSockets: endpoint.maxSockets, keepAliveMsecs: 10_000 };
  const agent = base.startsWith('https:') ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const breaker: CircuitBreaker = createCircuitBreaker({
    failureThreshold: endpoint.failureThreshold,
    openMs: endpoint.openMs,
    now,
  });
  const limiter: RateLimiter = createRateLimiter({
    ratePerSecond: endpoint.ratePerSecond,
    burst: endpoint.burst,
  });
  const backoffMs = options.backoffMs ?? ((retry: number) => Math.random() * 100 * 2 ** (retry - 1));
  const budgetMs = options.budgetMs ?? lenderCallBudgetMs;
  const stats: LenderCallStats = { calls: new Map(), retries: 0 };
  const count = (operation: LenderCallOperation, outcome: CallOutcome) => {
    const key = `${operation}|${outcome}` as const;
    stats.calls.set(key, (stats.calls.get(key) ?? 0) + 1);
  };

  async function post(input: LenderCallInput): Promise<unknown> {
    const { operation } = input;
    const deadline = Date.now() + Math.min(budgetMs, input.budgetMs ?? budgetMs);
    const retries = input.retries ?? endpoint.retries;
    if (!breaker.tryAcquire()) {
      count(operation, 'circuit-open');
      const until = breaker.snapshot().openUntil;
      throw new LenderUnavailableError(
        lenderId,
        `${operation}: circuit open${until ? ` until ${until.toISOString()}` : ''}`,
      );
    }
    const [secret] = await options.secrets();
    if (!secret) {
      breaker.release();
      throw new LenderAnswerError(lenderId, `nothing: no secret to sign ${operation} with`);
    }
    // One message, however many tries: the lender sees the same MessageId again.
    const body = JSON.stringify({ MessageId: randomUUID(), SentAt: now().toISOString(), ...input.message });
    const url = new URL(base + input.path);
    let lastProblem = 'not tried';
    // Whether the lender itself failed a try (a 5xx, a dropped connection, its own timeout). A try cut
    // short by the caller's deadline says nothing of the lender: it never opens the circuit.
    let lenderFailed = false;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        const wait = backoffMs(attempt);
        if (Date.now() + wait >= deadline) break;
        stats.retries += 1;
        await sleepFor(wait);
      }
      if (!(await limiter.take(deadline))) {
        breaker.release();
        count(operation, 'rate-limited');
        throw new LenderUnavailableError(lenderId, `${operation}: over its rate limit until the deadline`);
      }
      const timeoutMs = Math.min(endpoint.timeoutMs, deadline - Date.now());
      if (timeoutMs <= 0) break;
      let answer: Answer;
      try {
        // A CLIENT span per try, its traceparent sent along (ADR 0072; off: the try alone).
        answer = await inSpan(
          `POST ${operation}`,
          {
            kind: SpanKind.CLIENT,
            attributes: {
              'http.request.method': 'POST',
              'server.address': url.hostname,
              'nordloan.lender.id': lenderId,
              'nordloan.lender.operation': operation,
            },
          },
          async (span) => {
            const sent = await sendOnce({
              url,
              agent,
              body,
              timeoutMs,
              headers: {
                ...traceHeaders(),
                [lenderSignatureHeader]: signLenderMessage(secret, body, now()),
                ...(input.idempotencyKey ? { [idempotencyKeyHeader]: input.idempotencyKey } : {}),
              },
            });
            span?.setAttribute('http.response.status_code', sent.status);
            return sent;
          },
        );
      } catch (error) {
        const failed = error instanceof TryFailed ? error : new TryFailed(String(error), true);
        lastProblem = failed.message;
        if (!failed.retryable) {
          breaker.success();
          count(operation, 'bad-answer');
          throw new LenderAnswerError(lenderId, `${operation}: ${failed.message}`);
        }
        if (!(failed.timedOut && timeoutMs < endpoint.timeoutMs)) lenderFailed = true;
        continue;
      }
      if (answer.status >= 500) {
        lastProblem = `HTTP ${answer.status}`;
        lenderFailed = true;
        continue;
      }
      if (answer.status === 429) {
        // The lender's own limit: not retried now; the queue asks again later.
        breaker.release();
        count(operation, 'rate-limited');
        throw new LenderUnavailableError(lenderId, `${operation}: HTTP 429 (the lender's rate limit)`);
      }
      // The lender answered: it is up, whatever it said.
      breaker.success();
      if (answer.status < 200 || answer.status >= 300) {
        count(operation, 'refused');
        throw new LenderAnswerError(
          lenderId,
          `HTTP ${answer.status} to ${operation}: ${answer.text.slice(0, 200)}`,
        );
      }
      try {
        const parsed = JSON.parse(answer.text) as unknown;
        count(operation, 'ok');
        return parsed;
      } catch {
        count(operation, 'bad-answer');
        throw new LenderAnswerError(lenderId, `${operation}: an answer that is not JSON`);
      }
    }
    if (lenderFailed) breaker.failure(lastProblem);
    else breaker.release();
    count(operation, 'unavailable');
    throw new LenderUnavailableError(lenderId, `${operation}: ${lastProblem}`);
  }

  return {
    lenderId,
    post,
    recordBadAnswer(operation) {
      const ok = `${operation}|ok` as const;
      stats.calls.set(ok, Math.max(0, (stats.calls.get(ok) ?? 0) - 1));
      count(operation, 'bad-answer');
    },
    circuit: () => breaker.snapshot(),
    stats: () => stats,
    close: () => agent.destroy(),
  };
}
