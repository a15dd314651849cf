import type { EIdentityProvider } from '@nordloan/domain/insurance';
import { conflict } from '#src/lib/app-error.ts';

// What agreement signing needs of the e-ID signing service: the same provider that signs insurance mandates
// (insurance/eid-signing.ts; the local stand-in outside production) is passed in by app.ts. Declared here
// as the shape used, so lending does not reach into insurance's internals (ADR 0017).

export type AgreementSigningOrderStatus =
  | { status: 'pending' }
  | { status: 'signed'; signedAt: Date }
  | { status: 'failed'; reason: string };

export interface AgreementEidSigning {
  startSigning(order: {
    provider: EIdentityProvider;
    nationalId: string;
    visibleText: string;
  }): Promise<{ orderRef: string }>;
  collect(orderRef: string): Promise<AgreementSigningOrderStatus>;
}

/** A unique index refused the row (two presses raced): the loser gets the 409 `message` instead of a 500. */
export async function refusingRaces<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    let current: unknown = error;
    for (let depth = 0; depth < 4 && current; depth++) {
      if ((current as { code?: string }).code === '23505') throw conflict(message);
      current = (current as { cause?: unknown }).cause;
    }
    throw error;
  }
}
