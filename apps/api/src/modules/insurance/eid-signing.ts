import { randomUUID } from 'node:crypto';
import type { EIdentityProvider } from '@nordloan/domain/insurance';

// The e-ID signing of the insurance mandate (BankID Norway/Sweden, FTN, MitID). Like the real services it
// is asynchronous: an order is started, the applicant signs in their e-ID app, and we collect the order
// until it is final. The applicant's national identity number goes to the provider and nowhere else.

export type SigningOrderStatus =
  | { status: 'pending' }
  | { status: 'signed'; signedAt: Date }
  | { status: 'failed'; reason: string };

export interface EidSigningProvider {
  /** Starts a signing order for the text the applicant will see in their e-ID app. */
  startSigning(order: {
    provider: EIdentityProvider;
    nationalId: string;
    visibleText: string;
  }): Promise<{ orderRef: string }>;
  /** The order's state; an unknown order (e.g. the provider forgot it) answers failed. */
  collect(orderRef: string): Promise<SigningOrderStatus>;
}

/** How the local stand-in ends an order, from the last digit of the signer's national identity number. */
export function localSigningOutcome(nationalId: string): 'signed' | 'user-cancelled' {
  // 9: the applicant cancels in the e-ID app, so developers and tests can see the failed path.
  return nationalId.at(-1) === '9' ? 'user-cancelled' : 'signed';
}

export const defaultSigningDelayMs = 2_000;

/**
 * A local stand-in that behaves like an e-ID signing service: the order is pending while the applicant
 * "opens the app" (delayMs on the app's clock), then signed — or cancelled when the national identity
 * number ends in 9. Orders are kept in memory, as the real service keeps them on its side: after a restart
 * an order is unknown and answers failed (expired-transaction), like an order that timed out.
 */
export function createLocalEidSigning(
  options: { delayMs?: number; now?: () => Date } = {},
): EidSigningProvider {
  const delayMs = options.delayMs ?? defaultSigningDelayMs;
  const now = options.now ?? (() => new Date());
  const orders = new Map<string, { readyAt: number; outcome: 'signed' | 'user-cancelled' }>();
  return {
    async startSigning(order) {
      const orderRef = randomUUID();
      orders.set(orderRef, {
        readyAt: now().getTime() + delayMs,
        outcome: localSigningOutcome(order.nationalId),
      });
      return { orderRef };
    },
    async collect(orderRef) {
      const order = orders.get(orderRef);
      if (!order) return { status: 'failed', reason: 'expired-transaction' };
      if (now().getTime() < order.readyAt) return { status: 'pending' };
      if (order.outcome === 'user-cancelled') return { status: 'failed', reason: 'user-cancelled' };
      return { status: 'signed', signedAt: new Date(order.readyAt) };
    },
  };
}
