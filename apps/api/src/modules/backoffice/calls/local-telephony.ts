import { randomUUID } from 'node:crypto';
import type {
  PlaceCallRequest,
  TelephonyAdapter,
  TelephonyEvent,
  TelephonyEventKind,
} from './telephony-adapter.ts';

// A local stand-in for the telephony provider: it behaves like one (accepts the call, rings after a short
// delay, then answers, goes to voicemail, is not answered or busy, and ends), and its outcome is chosen by
// the last digit of the customer's number so that developers and tests can pick one (ADR 0022):
//   0–5 answered · 6 voicemail · 7 no answer · 8 busy · 9 failed (after dialling)
// A number the provider cannot dial at all (not E.164) is refused when the call is placed.

export interface LocalTelephonyDelays {
  /** placeCall → ringing. */
  ring: number;
  /** ringing → answered / voicemail / no-answer / busy / failed. */
  pickUp: number;
  /** answered or voicemail → completed. */
  talk: number;
}

export const defaultLocalTelephonyDelays: LocalTelephonyDelays = { ring: 400, pickUp: 2_000, talk: 6_000 };

export type LocalCallOutcome = 'answered' | 'voicemail' | 'no-answer' | 'busy' | 'failed';

export function localCallOutcome(customerNumber: string): LocalCallOutcome {
  const last = Number(customerNumber.at(-1));
  if (last <= 5) return 'answered';
  if (last === 6) return 'voicemail';
  if (last === 7) return 'no-answer';
  if (last === 8) return 'busy';
  return 'failed';
}

const dialable = /^\+[1-9]\d{6,14}$/;

export function createLocalTelephony(
  options: { delays?: Partial<LocalTelephonyDelays>; now?: () => Date } = {},
): TelephonyAdapter {
  const delays = { ...defaultLocalTelephonyDelays, ...options.delays };
  const now = options.now ?? (() => new Date());
  const timers = new Set<NodeJS.Timeout>();
  let listener: ((event: TelephonyEvent) => Promise<void>) | undefined;
  let closed = false;
  // Events of one call are delivered in order: each waits for the listener to finish the previous one.
  const deliveries = new Map<string, Promise<void>>();

  function emit(request: PlaceCallRequest, externalRef: string, kind: TelephonyEventKind) {
    if (closed || !listener) return;
    const deliver = listener;
    const previous = deliveries.get(externalRef) ?? Promise.resolve();
    const next = previous.then(() => deliver({ reference: request.reference, externalRef, kind, at: now() }));
    deliveries.set(
      externalRef,
      next.catch(() => undefined),
    );
  }

  function after(ms: number, work: () => void) {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  }

  return {
    async placeCall(request) {
      if (closed) throw new Error('Telephony is shut down');
      if (!dialable.test(request.to)) throw new Error('The number is not in E.164 format');
      const externalRef = `local-${randomUUID()}`;
      const outcome = localCallOutcome(request.to);
      after(0, () => emit(request, externalRef, 'initiated'));
      after(delays.ring, () => {
        emit(request, externalRef, 'ringing');
        after(delays.pickUp, () => {
          emit(request, externalRef, outcome);
          if (outcome === 'answered' || outcome === 'voicemail') {
            after(delays.talk, () => emit(request, externalRef, 'completed'));
          }
        });
      });
      return { externalRef };
    },
    onEvent(next) {
      listener = next;
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(deliveries.values());
    },
  };
}
