import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  idempotencyKeyHeader,
  type LenderApiOperation,
  lenderApiOperations,
  lenderSignatureHeader,
} from '@nordloan/domain/lending/lender-api';
import { lenderPanel as builtInLenders, type LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { seededDraw } from '@nordloan/domain/lending/seeded-random';
import { sandboxLenderSecret } from '#src/modules/lending/lender-api/lender-credentials.ts';
import { verifyLenderSignature } from '#src/modules/lending/lender-api/lender-signature.ts';
import { answerAgreement, isAgreementPath } from './sandbox-agreement.ts';
import { type CallbackSender, type CallbackTransport, createCallbackSender } from './sandbox-callbacks.ts';
import { applySandboxFault, type SandboxFault } from './sandbox-faults.ts';
import { answerHumanReview, isHumanReviewPath } from './sandbox-human-review.ts';
import { createSandboxLedger, sandboxLedgerPath } from './sandbox-ledger.ts';
import { createSandboxLender, type SandboxAnswer, type SandboxLender } from './sandbox-lender.ts';
import type { SandboxReplies } from './sandbox-operation.ts';
import {
  answerPrequalification,
  isPrequalificationPath,
  type SandboxPrequalificationOptions,
} from './sandbox-prequalification.ts';
import { answerWithdrawal, isWithdrawalPath } from './sandbox-withdrawal.ts';

// The sandbox lender server (issue 33 item 5, docs/decisions/0062): a separate process outside production
// — `npm start` runs it beside the API as it runs the local e-ID provider — hosting today's simulated
// panel behind the documented lender API, every lender at `http://localhost:3002/<lender id>`. It checks
// our signatures, keeps idempotency keys, answers with realistic delays, and misbehaves on purpose when
// told to: transient 5xx, answers lost after the work was done, hangs, duplicate and out-of-order
// callbacks, and (scripted per call) garbage. The conformance kit's contract passes against it in CI.

export interface LenderSandboxOptions {
  host?: string;
  /** 0: any free port. */
  port?: number;
  lenders?: readonly LenderProfile[];
  seed: number;
  /** Multiplies the profiles' delays (registration answer time, time to decide). */
  delayScale: number;
  /** Each lender's secret; the sandbox secret of credentials-config unless given. */
  secretOf?: (lenderId: string) => string;
  /** The broker's callback base URL (`…/lender-api/callbacks`); none: no callbacks unless a registration names one. */
  callbackUrl?: string;
  disbursement?: 'callback' | 'automatic';
  /** Random misbehaviour (seeded); all off unless given. */
  faults?: Partial<SandboxFaultRates>;
  stepDelayMs?: number;
  callbackRetryDelayMs?: (retry: number) => number;
  /** Tries of one callback before it is given up (5 unless given). */
  callbackMaxTries?: number;
  /** How callbacks reach the broker (fetch unless replaced: tests deliver them with the app's inject). */
  deliverCallback?: CallbackTransport;
  log?: (line: string) => void;
  /** The soft pre-qualification (ADR 0074): lenders without it, slow lenders. */
  prequalification?: SandboxPrequalificationOptions;
}

export interface SandboxFaultRates {
  /** Share of requests answered 503 before anything is done. */
  unavailable: number;
  /** Share of requests done, then answered 503 (the answer lost: the retry must not do it twice). */
  lostAnswer: number;
  /** Share of requests that hang for `hangMs` before answering. */
  hang: number;
  hangMs: number;
  duplicateCallbacks: number;
  reorderCallbacks: number;
}

export interface LenderSandbox {
  url: string;
  port: number;
  /** A lender's base URL. */
  urlOf(lenderId: string): string;
  lender(lenderId: string): SandboxLender | undefined;
  /** The next requests to `lenderId` misbehave so, one fault each, in order. */
  script(lenderId: string, ...faults: SandboxFault[]): void;
  /** The same, for the next calls of one operation only. */
  scriptOperation(lenderId: string, operation: LenderApiOperation, ...faults: SandboxFault[]): void;
  callbacks: CallbackSender;
  /** Requests received, by lender and operation. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

interface StoredAnswer {
  fingerprint: string;
  /** Stored when the work starts: a second try arriving while the first is still at work waits for it. */
  answer: Promise<SandboxAnswer>;
}

const operationByPath = Object.entries(lenderApiOperations).map(([operation, { path }]) => ({
  operation: operation as LenderApiOperation,
  pattern: new RegExp(`^${path.replace('{ApplicationReference}', '([^/]+)')}$`),
}));

/** The request without its envelope, keys sorted: two tries of one call have the same fingerprint. */
function fingerprintOf(body: Record<string, unknown>): string {
  const { MessageId: _id, SentAt: _at, ...content } = body;
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value as object)
              .sort()
              .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(content)))
    .digest('hex');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1_048_576) throw new Error('too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, answer: SandboxAnswer, headers: Record<string, string> = {}) {
  response.writeHead(answer.status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(answer.body));
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms).unref());

export async function startLenderSandbox(options: LenderSandboxOptions): Promise<LenderSandbox> {
  const log = options.log ?? (() => {});
  const secretOf = options.secretOf ?? sandboxLenderSecret;
  const rates: SandboxFaultRates = {
    unavailable: 0,
    lostAnswer: 0,
    hang: 0,
    hangMs: 30_000,
    duplicateCallbacks: 0,
    reorderCallbacks: 0,
    ...options.faults,
  };
  const callbacks = createCallbackSender({
    secretOf,
    now: () => new Date(),
    log,
    ...(options.callbackRetryDelayMs ? { retryDelayMs: options.callbackRetryDelayMs } : {}),
    ...(options.callbackMaxTries ? { maxTries: options.callbackMaxTries } : {}),
    ...(options.deliverCallback ? { deliver: options.deliverCallback } : {}),
  });
  const lenders = new Map<string, SandboxLender>(
    (options.lenders ?? builtInLenders).map((profile) => [
      profile.id,
      createSandboxLender({
        profile,
        seed: options.seed,
        delayScale: options.delayScale,
        disbursement: options.disbursement ?? (options.callbackUrl ? 'callback' : 'automatic'),
        callbackUrl: options.callbackUrl,
        callbacks,
        duplicateCallbackRate: rates.duplicateCallbacks,
        reorderRate: rates.reorderCallbacks,
        stepDelayMs: options.stepDelayMs ?? Math.round(2_000 * options.delayScale),
      }),
    ]),
  );
  const scripted = new Map<string, Array<{ fault: SandboxFault; operation?: LenderApiOperation }>>();
  const scriptedFault = (lenderId: string, operation: LenderApiOperation) => {
    const queue = scripted.get(lenderId) ?? [];
    const index = queue.findIndex((entry) => !entry.operation || entry.operation === operation);
    return index < 0 ? undefined : queue.splice(index, 1)[0]!.fault;
  };
  const stored = new Map<string, StoredAnswer>();
  /** The answers of the operations beside the adapter's, by path and key (sandbox-operation.ts). */
  const replies: SandboxReplies = new Map();
  const requests = new Map<string, number>();
  const ledger = createSandboxLedger();
  /** Requests being answered right now (the ledger's own read not counted). */
  let inFlight = 0;
  let draws = 0;
  const randomFault = (lenderId: string): SandboxFault | undefined => {
    draws += 1;
    const draw = seededDraw(options.seed, lenderId, 'sandbox-fault', draws);
    if (draw < rates.unavailable) return 'unavailable';
    if (draw < rates.unavailable + rates.lostAnswer) return 'lost-answer';
    if (draw < rates.unavailable + rates.lostAnswer + rates.hang) return 'hang';
    return undefined;
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    // What was asked and sent, for a test or bench in another process (sandbox-ledger.ts).
    if (request.method === 'GET' && url.pathname === sandboxLedgerPath) {
      const registrations = [...lenders].map(([id, held]) => [id, held.registrations] as const);
      const snapshot = ledger.snapshot({ registrations, callbacks });
      return send(response, { status: 200, body: { ...snapshot, inFlight: inFlight - 1 } });
    }
    const [, lenderId = '', ...rest] = url.pathname.split('/');
    const lender = lenders.get(lenderId);
    if (!lender) return send(response, { status: 404, body: { Message: 'Unknown lender' } });
    const path = `/${rest.join('/')}`;
    // The human-review operation (ADR 0065) is answered beside the others (sandbox-human-review.ts).
    if (request.method === 'POST' && isHumanReviewPath(path)) {
      const counter = `${lenderId}|requestHumanReview`;
      const counted = () => requests.set(counter, (requests.get(counter) ?? 0) + 1);
      return answerHumanReview(request, response, {
        profile: lender.profile,
        path,
        secret: secretOf(lenderId),
        counted,
        replies,
      });
    }
    // The credit agreement and its signed evidence (ADR 0075) likewise (sandbox-agreement.ts).
    if (request.method === 'POST' && isAgreementPath(path)) {
      const counter = `${lenderId}|agreement`;
      const counted = () => requests.set(counter, (requests.get(counter) ?? 0) + 1);
      return answerAgreement(request, response, {
        profile: lender.profile,
        path,
        secret: secretOf(lenderId),
        counted,
        replies,
      });
    }
    // The withdrawal notice (ADR 0066) likewise (sandbox-withdrawal.ts).
    if (request.method === 'POST' && isWithdrawalPath(path)) {
      const counter = `${lenderId}|notifyWithdrawal`;
      const counted = () => requests.set(counter, (requests.get(counter) ?? 0) + 1);
      return answerWithdrawal(request, response, { path, secret: secretOf(lenderId), counted, replies });
    }
    // The soft pre-qualification (ADR 0074) likewise (sandbox-prequalification.ts).
    if (request.method === 'POST' && isPrequalificationPath(path)) {
      const counter = `${lenderId}|prequalify`;
      const counted = () => requests.set(counter, (requests.get(counter) ?? 0) + 1);
      return answerPrequalification(request, response, {
        profile: lender.profile,
        secret: secretOf(lenderId),
        seed: options.seed,
        counted,
        settings: options.prequalification ?? {},
      });
    }
    const route = operationByPath.find(({ pattern }) => pattern.test(path));
    if (!route || request.method !== 'POST')
      return send(response, { status: 404, body: { Message: 'No such operation' } });
    const raw = await readBody(request);
    const check = verifyLenderSignature({
      header: request.headers[lenderSignatureHeader],
      body: raw,
      secrets: [secretOf(lenderId)],
      now: new Date(),
    });
    if (!check.ok)
      return send(response, {
        status: 401,
        body: { Message: `Signature ${check.reason}`, Code: 'SIGNATURE' },
      });
    const counter = `${lenderId}|${route.operation}`;
    requests.set(counter, (requests.get(counter) ?? 0) + 1);
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(response, { status: 400, body: { Message: 'Not JSON' } });
    }
    const operation = lenderApiOperations[route.operation];
    const parsed = operation.request.safeParse(json);
    const reference = decodeURIComponent(path.match(route.pattern)?.[1] ?? '');
    if (!parsed.success) {
      return send(response, {
        status: 400,
        body: { Message: parsed.error.issues[0]?.message ?? 'Invalid', Code: 'SCHEMA' },
      });
    }
    if (route.operation !== 'registerApplication' && parsed.data.ApplicationReference !== reference) {
      return send(response, {
        status: 400,
        body: { Message: 'The path and the body name different applications' },
      });
    }
    const key = request.headers[idempotencyKeyHeader];
    if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
      return send(response, {
        status: 400,
        body: { Message: 'Idempotency-Key required', Code: 'IDEMPOTENCY_KEY' },
      });
    }
    // The registration's reference is in its body, every other operation's in its path (and checked above).
    const call = [lenderId, route.operation, key, parsed.data.ApplicationReference] as const;
    ledger.received(...call);
    response.once('close', () => ledger.answered(...call));
    const fault = scriptedFault(lenderId, route.operation) ?? randomFault(lenderId);
    if (fault === 'unavailable') return send(response, { status: 503, body: { Message: 'Try again' } });
    if (fault === 'hang') await sleep(rates.hangMs);
    if (fault === 'close-connection') return void request.socket.destroy();
    // Realistic answer time: the profile's registration delay, scaled, for every call.
    await sleep(Math.round(lender.profile.delayMs.registration * options.delayScale));
    const storeKey = `${lenderId}\n${key}`;
    const fingerprint = fingerprintOf(json);
    const previous = stored.get(storeKey);
    if (previous && previous.fingerprint !== fingerprint) {
      return send(response, {
        status: 422,
        body: { Message: 'Idempotency-Key reused with a different request', Code: 'IDEMPOTENCY_KEY_REUSED' },
      });
    }
    let answer: SandboxAnswer;
    if (previous) answer = await previous.answer;
    else {
      ledger.executed(...call);
      const work = (lender[route.operation] as (body: unknown) => Promise<SandboxAnswer>)(parsed.data);
      stored.set(storeKey, { fingerprint, answer: work });
      // A failure of ours is not an answer to keep: the retry does the work.
      answer = await work.catch((error: unknown) => {
        stored.delete(storeKey);
        throw error;
      });
      if (answer.status >= 500) stored.delete(storeKey);
    }
    if (fault === 'lost-answer') return send(response, { status: 503, body: { Message: 'Lost on the way' } });
    if (fault) return send(response, applySandboxFault(fault, answer, lender.profile));
    send(response, answer, previous ? { 'idempotent-replayed': 'true' } : {});
  }

  const server: Server = createServer((request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
    });
    handle(request, response).catch((error: unknown) => {
      log(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) send(response, { status: 500, body: { Message: 'Sandbox error' } });
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', listening);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;
  return {
    url,
    port,
    urlOf: (lenderId) => `${url}/${lenderId}`,
    lender: (lenderId) => lenders.get(lenderId),
    script(lenderId, ...faults) {
      scripted.set(lenderId, [...(scripted.get(lenderId) ?? []), ...faults.map((fault) => ({ fault }))]);
    },
    scriptOperation(lenderId, operation, ...faults) {
      scripted.set(lenderId, [
        ...(scripted.get(lenderId) ?? []),
        ...faults.map((fault) => ({ fault, operation })),
      ]);
    },
    callbacks,
    requests,
    async close() {
      callbacks.close();
      server.closeAllConnections();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
