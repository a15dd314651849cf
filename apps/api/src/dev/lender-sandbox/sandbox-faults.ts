import { randomUUID } from 'node:crypto';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import type { SandboxAnswer } from './sandbox-lender.ts';

// What the sandbox lender does wrong when a test scripts it (LenderSandbox.script): the answers a broken
// lender gives. The HTTP adapter must take each as the lender failing, never as an offer.

export type SandboxFault =
  /** 503 before anything is done. */
  | 'unavailable'
  /** The work is done, the answer is lost (503): the retry must get the stored answer, not a second registration. */
  | 'lost-answer'
  /** No answer for the sandbox's hangMs. */
  | 'hang'
  /** The connection dropped without an answer. */
  | 'close-connection'
  /** A body that is not the operation's schema. */
  | 'garbage-schema'
  /** Rates that are not numbers (the string "NaN"). */
  | 'garbage-nan'
  /** An offer at a 95 % nominal rate: past every country's cap. */
  | 'above-cap'
  /** Approved, but for another amount than asked. */
  | 'other-amount'
  /** An answer about another application. */
  | 'other-application';

type Body = Record<string, unknown>;

const mapOffers = (body: Body, change: (offer: Body) => Body): Body => ({
  ...body,
  ...(Array.isArray(body.Offers) ? { Offers: (body.Offers as Body[]).map(change) } : {}),
  ...(body.Offer ? { Offer: change(body.Offer as Body) } : {}),
});

/** `answer` spoilt by `fault` (the ones that change what is answered). */
export function applySandboxFault(
  fault: SandboxFault,
  answer: SandboxAnswer,
  _profile: LenderProfile,
): SandboxAnswer {
  const body = answer.body;
  switch (fault) {
    case 'garbage-schema':
      return { status: 200, body: { ...body, Status: 'maybe', Offers: 'many' } };
    case 'garbage-nan':
      return { status: 200, body: mapOffers(body, (offer) => ({ ...offer, NominalRatePercent: 'NaN' })) };
    case 'above-cap':
      return { status: 200, body: mapOffers(body, (offer) => ({ ...offer, NominalRatePercent: 95 })) };
    case 'other-amount':
      return {
        status: 200,
        body: mapOffers(
          { ...body, ...(body.Status === 'counter-offer' ? { Status: 'approved' } : {}) },
          (offer) => ({
            ...offer,
            Amount: Number(offer.Amount) + 10_000,
          }),
        ),
      };
    case 'other-application':
      return { status: 200, body: { ...body, ApplicationReference: randomUUID() } };
    default:
      return answer;
  }
}
