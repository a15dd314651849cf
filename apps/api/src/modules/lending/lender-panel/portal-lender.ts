import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import type { LenderAdapter } from './lender-adapter.ts';

// A lender without an API of its own works in our lender portal (issue 33 item 6, docs/decisions/0068): its
// people see the applications sent to it and answer there. To the engine it is a lender that registers every
// application at once and keeps its decision `pending` until its answer comes — through the same callback
// path an API lender's signed callback takes (lender-portal.service.ts), so the status machine decides as
// for any lender. The decision is asked again rarely: the answer does not come from a poll.

/** How long between the engine's questions to a portal lender (its people answer within hours). */
export const portalDecisionPollMs = 30 * 60_000;

export function createPortalLender(profile: LenderProfile): LenderAdapter {
  return {
    profile,
    responseDelayMs: (operation) => (operation === 'registration' ? 0 : portalDecisionPollMs),
    async registerApplication(call) {
      return { status: 'registered', externalReference: `portal:${call.requestId}` };
    },
    async fetchDecision() {
      return { status: 'pending' };
    },
    async changeOffer() {
      return { status: 'refused', reason: `${profile.name} changes its offers in the lender portal` };
    },
    async acceptOffer(call) {
      return { status: 'accepted', signingUrl: `${profile.signingUrlBase}sign/${call.quote.quoteId}` };
    },
    async requestDisbursementDecision() {
      return { status: 'pending' };
    },
    async disburse() {
      return { status: 'pending' };
    },
  };
}
