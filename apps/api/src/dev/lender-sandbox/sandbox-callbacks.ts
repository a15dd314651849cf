import { randomUUID } from 'node:crypto';
import type { LenderCallback } from '@nordloan/domain/lending/lender-api';
import { lenderSignatureHeader } from '@nordloan/domain/lending/lender-api';
import { signLenderMessage } from '#src/modules/lending/lender-api/lender-signature.ts';

// The sandbox lender's callbacks (docs/decisions/0062): signed with the lender's secret and POSTed to the
// broker, retried on a 5xx or a network error (1 s, 2 s, 4 s, …, five tries), never on a 4xx (the broker
// refused it for good: logged). Sent twice or out of order when the sandbox is told to.

/** A callback without its envelope: the sandbox adds MessageId, SentAt and LenderId. */
export type CallbackBody = DistributiveOmit<LenderCallback, 'MessageId' | 'SentAt' | 'LenderId'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type CallbackTransport = (input: {
  url: string;
  body: string;
  headers: Record<string, string>;
}) => Promise<number>;

const fetchTransport: CallbackTransport = async ({ url, body, headers }) => {
  const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.status;
};

export interface CallbackDelivery {
  message: LenderCallback;
  url: string;
  /** HTTP status of the last try; 0: no answer. */
  status: number;
  tries: number;
}

export interface CallbackSender {
  /** Sends `body` now (after `delayMs`); answers the message it sends, MessageId included. */
  send(input: {
    lenderId: string;
    url: string;
    body: CallbackBody;
    delayMs?: number;
    copies?: number;
  }): LenderCallback;
  /** Every delivery finished so far, in the order they finished. */
  delivered(): readonly CallbackDelivery[];
  /** Deliveries still waiting or in flight (a retry's wait included). */
  pending(): number;
  /** Resolves when no callback is waiting or in flight. */
  idle(): Promise<void>;
  close(): void;
}

export function createCallbackSender(options: {
  secretOf: (lenderId: string) => string;
  now: () => Date;
  log: (line: string) => void;
  /** Backoff before retry n; 1 s × 2^(n−1) unless replaced (tests). */
  retryDelayMs?: (retry: number) => number;
  maxTries?: number;
  /** How a callback reaches the broker: fetch, or (tests) the app's inject. Answers the HTTP status. */
  deliver?: CallbackTransport;
}): CallbackSender {
  const timers = new Set<NodeJS.Timeout>();
  const delivered: CallbackDelivery[] = [];
  let pending = 0;
  let idleWaiters: Array<() => void> = [];
  let closed = false;
  const retryDelayMs = options.retryDelayMs ?? ((retry: number) => 1000 * 2 ** (retry - 1));
  const maxTries = options.maxTries ?? 5;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const done = () => {
    pending -= 1;
    if (pending === 0) {
      for (const wake of idleWaiters) wake();
      idleWaiters = [];
    }
  };

  async function deliver(message: LenderCallback, url: string, tries: number): Promise<void> {
    if (closed) return done();
    const body = JSON.stringify(message);
    let status = 0;
    try {
      status = await (options.deliver ?? fetchTransport)({
        url,
        body,
        headers: {
          'content-type': 'application/json',
          [lenderSignatureHeader]: signLenderMessage(options.secretOf(message.LenderId), body, options.now()),
        },
      });
    } catch (error) {
      options.log(`callback ${message.Type} to ${url}: ${error instanceof Error ? error.message : error}`);
    }
    if ((status === 0 || status >= 500) && tries < maxTries && !closed) {
      later(retryDelayMs(tries), () => void deliver(message, url, tries + 1));
      return;
    }
    if (status >= 400) options.log(`callback ${message.Type} refused: HTTP ${status}`);
    delivered.push({ message, url, status, tries });
    done();
  }

  return {
    send({ lenderId, url, body, delayMs = 0, copies = 1 }) {
      const message = {
        MessageId: randomUUID(),
        SentAt: options.now().toISOString(),
        LenderId: lenderId,
        ...body,
      } as LenderCallback;
      for (let copy = 0; copy < copies; copy++) {
        pending += 1;
        later(delayMs + copy * 5, () => void deliver(message, url, 1));
      }
      return message;
    },
    delivered: () => delivered,
    pending: () => pending,
    idle: () => (pending === 0 ? Promise.resolve() : new Promise<void>((wake) => idleWaiters.push(wake))),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      pending = 0;
      for (const wake of idleWaiters) wake();
      idleWaiters = [];
    },
  };
}
