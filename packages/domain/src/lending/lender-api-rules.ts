import { applicationStatus, isInStatusGroup, statusesInGroups, statusGroups } from '../statuses.ts';
import type { LenderApiOffer, LenderCallbackType } from './lender-api.ts';

// The lender API's rules (docs/decisions/0062), beside its schemas (lender-api.ts): in which order a
// lender's signed callbacks take effect whatever order they arrive in, and what an offer must be to be an
// answer to what was asked.

/**
 * The order a lender's callbacks take effect in, whatever order they arrive in: a callback waits until
 * those before it have been acted on (disbursed before its approval waits for the approval).
 */
export const callbackOrder: Record<LenderCallbackType, number> = {
  offer: 1,
  decline: 1,
  'documents-requested': 2,
  'agreement-signed': 3,
  'disbursement-decision': 4,
  disbursed: 5,
  'not-disbursed': 5,
  'payoff-confirmed': 6,
  'commission-clawback': 6,
  cancelled: 7,
};

export type CallbackReadiness = 'ready' | 'waiting' | 'past';

/** Where the application, the lender's request and (for an offer-level callback) its offer stand. */
export interface CallbackState {
  applicationStatus: number;
  requestStatus: number;
  /** The named offer's status (`approved`, `accepted`, `withheld`, …); null when it names none or none exists yet. */
  quoteStatus: string | null;
  /** Whether the lender's request has an offer still open (approved or accepted). */
  requestHasOpenQuote: boolean;
  /**
   * The offer is accepted and its credit agreement is not signed yet — whether or not the lender has handed
   * it over (docs/decisions/0077): no payout may be approved or recorded before, so an approval or a payout
   * report waits for the signing.
   */
  payoutHeld?: boolean;
}

const waitingForRegistration = (code: number) => code >= 211 && code <= 249;
const waitingForDecision = (code: number) => code === 251 || (code >= 311 && code <= 349);
const offerOpen = (status: string | null) => status === 'approved' || status === 'accepted';
const { offerAccepted, pendingDisbursementApproval, loanDisbursed } = applicationStatus;
/** An offer stands, the lender has not yet decided on the payout: Approved (400, 410) and 500. */
const beforePayoutDecision: readonly number[] = [...statusGroups.Approved, offerAccepted];
/** The customer took the offer and the money is not out yet: Approved, Accepted, Disbursing (§4 groups). */
const offerStanding: readonly number[] = statusesInGroups(['Approved', 'Accepted', 'Disbursing']);

/**
 * Whether a callback can act now (`ready`), must wait for one that comes before it (`waiting`: kept and
 * acted on when the state reaches it), or comes too late (`past`: kept, acted on never). The status machine
 * still decides each move: `ready` only says the callback is in its place.
 */
export function callbackReadiness(type: LenderCallbackType, state: CallbackState): CallbackReadiness {
  const { applicationStatus: status, requestStatus, quoteStatus } = state;
  switch (type) {
    case 'offer':
    case 'decline':
      if (waitingForRegistration(requestStatus)) return 'waiting';
      return waitingForDecision(requestStatus) ? 'ready' : 'past';
    // What only adds to an offer (documents asked, the agreement signed) commutes with the status moves:
    // taken whenever the offer is there, so arriving after a later callback does not lose it.
    case 'documents-requested':
      if (state.requestHasOpenQuote) return 'ready';
      return waitingForRegistration(requestStatus) || waitingForDecision(requestStatus) ? 'waiting' : 'past';
    case 'agreement-signed':
      if (quoteStatus === 'accepted' && status >= pendingDisbursementApproval) return 'ready';
      return offerOpen(quoteStatus) && beforePayoutDecision.includes(status) ? 'waiting' : 'past';
    case 'disbursement-decision':
      if (!offerOpen(quoteStatus)) return 'past';
      if (status === pendingDisbursementApproval && quoteStatus === 'accepted')
        return state.payoutHeld ? 'waiting' : 'ready';
      return beforePayoutDecision.includes(status) ? 'waiting' : 'past';
    case 'disbursed':
    case 'not-disbursed':
      if (!offerOpen(quoteStatus)) return 'past';
      if (isInStatusGroup(status, 'Disbursing') && quoteStatus === 'accepted')
        return state.payoutHeld && type === 'disbursed' ? 'waiting' : 'ready';
      return isInStatusGroup(status, 'Approved') || isInStatusGroup(status, 'Accepted') ? 'waiting' : 'past';
    // A refinanced debt is paid off with the payout (ADR 0080): confirmed once the loan is disbursed.
    case 'payoff-confirmed':
      if (status === loanDisbursed && quoteStatus === 'accepted') return 'ready';
      return offerOpen(quoteStatus) && offerStanding.includes(status) ? 'waiting' : 'past';
    case 'commission-clawback':
      if (status === loanDisbursed && quoteStatus === 'accepted') return 'ready';
      return offerOpen(quoteStatus) && offerStanding.includes(status) ? 'waiting' : 'past';
    case 'cancelled':
      return offerOpen(quoteStatus) && offerStanding.includes(status) ? 'ready' : 'past';
  }
}

/** The terms asked of a lender, to hold its answer against. */
export interface AskedTerms {
  product: string;
  amount: number;
  durationMonths: number;
}

/**
 * What is wrong with a lender's offers beyond their schema (a lender answering them counts as failing,
 * and nothing of it is shown): `approved` must be the amount asked (and the term, except a credit card's
 * assumed 12 months); a counter-offer never lends more than asked.
 */
export function decisionOfferProblems(
  asked: AskedTerms,
  decision: 'approved' | 'counter-offer',
  offers: readonly LenderApiOffer[],
): string[] {
  const problems: string[] = [];
  offers.forEach((offer, index) => {
    if (decision === 'approved' && offer.Amount !== asked.amount) {
      problems.push(`offer ${index + 1}: approved for ${offer.Amount}, not the ${asked.amount} asked`);
    }
    if (decision === 'counter-offer' && offer.Amount > asked.amount) {
      problems.push(`offer ${index + 1}: ${offer.Amount} is more than the ${asked.amount} asked`);
    }
  });
  const first = offers[0];
  if (
    decision === 'approved' &&
    first &&
    asked.product !== 'CreditCard' &&
    first.DurationMonths !== asked.durationMonths
  ) {
    problems.push(`approved over ${first.DurationMonths} months, not the ${asked.durationMonths} asked`);
  }
  return problems;
}
