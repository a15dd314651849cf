import { randomUUID } from 'node:crypto';
import type { Country, PaymentMandateKind } from '@nordloan/domain/enums';

// How the premium is collected: a direct-debit agreement (AvtaleGiro with KID, a BankID-signed debit or
// Autogiro, Betalingsservice) or a card, registered with a payment provider. Registration is asynchronous
// like the real ones: the provider takes the request, and the bank or card issuer answers later.

export type PaymentMandateState =
  | { status: 'pending' }
  | { status: 'active'; activatedAt: Date }
  | { status: 'declined'; reason: string }
  | { status: 'failed'; reason: string };

/** The provider could not take the request at all (down, timed out): nothing was registered; try again. */
export class PaymentProviderUnavailableError extends Error {
  constructor() {
    super('Payment provider unavailable');
  }
}

export interface PaymentMandateProvider {
  /**
   * Registers a mandate. `payer` is the bank account number (direct debits) or the card token from the
   * provider's card form (card; we never see card numbers). Throws PaymentProviderUnavailableError when
   * the provider does not answer.
   */
  register(input: {
    kind: PaymentMandateKind;
    country: Country;
    payer: string;
    /** Our reference: the insurance request's id (the KID for AvtaleGiro is made from it). */
    reference: string;
  }): Promise<{ providerRef: string }>;
  status(providerRef: string): Promise<PaymentMandateState>;
}

export type LocalPaymentOutcome = 'active' | 'declined' | 'unavailable-once';

/**
 * The local stand-in's outcome, from the last digit of the account number (or of the card token's last
 * four): 0–6 active · 7 declined by the bank (account cannot be debited) · 8 declined by the payer's
 * bank (mandate refused) · 9 the provider is unavailable on the first try and registers it on the next.
 */
export function localPaymentOutcome(payer: string): { outcome: LocalPaymentOutcome; reason?: string } {
  const last = Number(payer.at(-1));
  if (last === 7) return { outcome: 'declined', reason: 'account-not-debitable' };
  if (last === 8) return { outcome: 'declined', reason: 'refused-by-bank' };
  if (last === 9) return { outcome: 'unavailable-once' };
  return { outcome: 'active' };
}

export const defaultPaymentDelayMs = 1_500;

export function createLocalPaymentMandateProvider(
  options: { delayMs?: number; now?: () => Date } = {},
): PaymentMandateProvider {
  const delayMs = options.delayMs ?? defaultPaymentDelayMs;
  const now = options.now ?? (() => new Date());
  const mandates = new Map<string, { readyAt: number; declinedFor?: string }>();
  // Payers whose first try already failed: the outage is over for them.
  const triedOnce = new Set<string>();
  return {
    async register(input) {
      const { outcome, reason } = localPaymentOutcome(input.payer);
      if (outcome === 'unavailable-once' && !triedOnce.has(input.payer)) {
        triedOnce.add(input.payer);
        throw new PaymentProviderUnavailableError();
      }
      const providerRef = `pm-${randomUUID()}`;
      mandates.set(providerRef, {
        readyAt: now().getTime() + delayMs,
        ...(outcome === 'declined' && reason ? { declinedFor: reason } : {}),
      });
      return { providerRef };
    },
    async status(providerRef) {
      const mandate = mandates.get(providerRef);
      if (!mandate) return { status: 'failed', reason: 'unknown-mandate' };
      if (now().getTime() < mandate.readyAt) return { status: 'pending' };
      if (mandate.declinedFor) return { status: 'declined', reason: mandate.declinedFor };
      return { status: 'active', activatedAt: new Date(mandate.readyAt) };
    },
  };
}
