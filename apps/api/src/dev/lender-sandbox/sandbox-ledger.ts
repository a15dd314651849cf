import type { LenderApiOperation } from '@nordloan/domain/lending/lender-api';
import type { CallbackSender } from './sandbox-callbacks.ts';

// What the sandbox lender was asked and what it sent, read from outside its process (issue 33, "Crash"):
// `GET /_sandbox/ledger` on the sandbox's own port answers, per lender, operation and idempotency key, how
// often the call came (`received`, retries included), was answered (`answered`; the difference is at work
// now) and how often the lender did the work (`executed`: a
// repeated key is answered from the stored first answer and does nothing); the registrations the lenders
// made per application; and every callback sent with its delivery. The crash test reads it after killing
// the API with kill -9: a call sent again with a new key, or a key whose work was done twice, is a second
// application at the bank. Only the lender's side — application references (our loan request ids) and
// message ids, no personal data — and only in the sandbox, which never runs in production.

export const sandboxLedgerPath = '/_sandbox/ledger';

export interface LedgerCall {
  lenderId: string;
  operation: LenderApiOperation;
  idempotencyKey: string;
  /** The ApplicationReference of the path (our loan request id). */
  reference: string;
  received: number;
  /** Answers sent (or connections closed before one was): received − answered are at work now. */
  answered: number;
  executed: number;
}

export interface LedgerCallback {
  messageId: string;
  lenderId: string;
  type: string;
  reference: string;
  /** HTTP status of the last try (0: no answer), and the tries it took. */
  status: number;
  tries: number;
}

export interface SandboxLedgerSnapshot {
  calls: LedgerCall[];
  /** Applications each lender registered (its own bookkeeping), by reference. */
  registrations: Array<{ lenderId: string; reference: string; count: number }>;
  callbacks: { pending: number; delivered: LedgerCallback[] };
  /** Requests the sandbox was answering when it was asked (set by the server). */
  inFlight?: number;
}

export function createSandboxLedger() {
  const calls = new Map<string, LedgerCall>();
  const entry = (lenderId: string, operation: LenderApiOperation, key: string, reference: string) => {
    const id = `${lenderId}\n${operation}\n${key}`;
    let call = calls.get(id);
    if (!call) {
      call = { lenderId, operation, idempotencyKey: key, reference, received: 0, answered: 0, executed: 0 };
      calls.set(id, call);
    }
    return call;
  };
  return {
    received(lenderId: string, operation: LenderApiOperation, key: string, reference: string) {
      entry(lenderId, operation, key, reference).received += 1;
    },
    answered(lenderId: string, operation: LenderApiOperation, key: string, reference: string) {
      entry(lenderId, operation, key, reference).answered += 1;
    },
    executed(lenderId: string, operation: LenderApiOperation, key: string, reference: string) {
      entry(lenderId, operation, key, reference).executed += 1;
    },
    snapshot(input: {
      registrations: Iterable<readonly [lenderId: string, counts: ReadonlyMap<string, number>]>;
      callbacks: CallbackSender;
    }): SandboxLedgerSnapshot {
      const registrations: SandboxLedgerSnapshot['registrations'] = [];
      for (const [lenderId, counts] of input.registrations) {
        for (const [reference, count] of counts) registrations.push({ lenderId, reference, count });
      }
      return {
        calls: [...calls.values()],
        registrations,
        callbacks: {
          pending: input.callbacks.pending(),
          delivered: input.callbacks.delivered().map(({ message, status, tries }) => ({
            messageId: message.MessageId,
            lenderId: message.LenderId,
            type: message.Type,
            reference: message.ApplicationReference,
            status,
            tries,
          })),
        },
      };
    },
  };
}
