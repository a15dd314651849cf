import {
  type LenderApplication,
  lenderDecision,
  registrationOutcome,
} from '@nordloan/domain/lending/credit-policy';
import { lenderPanel as builtInLenders, type LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { seededDraw } from '@nordloan/domain/lending/seeded-random';
import {
  type LenderAdapter,
  type LenderDocumentAsk,
  type LenderPanel,
  LenderUnavailableError,
  lenderPanelOf,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';

// The simulated lenders, the sandbox lender's engine (issue 4; docs/decisions/0062, 0083): each lender of
// @nordloan/domain/lending/lender-panel behind the LenderAdapter interface, its decisions from the pure
// credit policy with the configured seed (config.worker.lenderSeed), its response times the profile's
// scaled by config.worker.lenderDelayScale, its calls failing at the profile's failure rate (seeded too).
// Only the sandbox process (sandbox-lender.ts) and the dev seed run it: the API calls these lenders over the
// lender API like any other, never in its own process.

export interface SimulatedPanelOptions {
  seed: number;
  delayScale: number;
  /**
   * `automatic`: the simulated lender approves and pays out on its own; `callback`: it answers `pending`
   * and waits for the lender callback routes, as a real lender with an asynchronous API does.
   */
  disbursement?: 'automatic' | 'callback';
  /** Switch the random transient failures off (tests of other things). */
  failures?: boolean;
  lenders?: readonly LenderProfile[];
}

/** A loan above this share of the stated gross yearly income: the simulated lender checks the income. */
const incomeProofAboveShareOfIncome = 0.25;

/**
 * What a simulated lender asks for on top of its profile (docs/decisions/0036), deterministically from the
 * application as Nordic lenders do: a payslip when the loan is large against the income told (over a
 * quarter of the gross yearly income), and the last tax return from the self-employed, whose payslip
 * proves nothing. Asked before approval, as an upload.
 */
export function simulatedDocumentAsks(
  profile: LenderProfile,
  application: LenderApplication,
): LenderDocumentAsk[] {
  const asks: LenderDocumentAsk[] = [];
  const main = application.applicants.find((applicant) => applicant.role === 'MainApplicant');
  const income = main?.grossYearlyIncome ?? 0;
  const already = (category: LenderDocumentAsk['category']) =>
    profile.documentRequests.some((request) => request.action === 'upload' && request.category === category);
  if (main?.employmentType === 'SelfEmployed') {
    if (!already('tax-return'))
      asks.push({ action: 'upload', timing: 'before_approval', category: 'tax-return' });
  } else if (application.amount > incomeProofAboveShareOfIncome * income && !already('payslip')) {
    asks.push({ action: 'upload', timing: 'before_approval', category: 'payslip' });
  }
  return asks;
}

export function createSimulatedLender(profile: LenderProfile, options: SimulatedPanelOptions): LenderAdapter {
  const { seed, delayScale } = options;
  const disbursement = options.disbursement ?? 'automatic';
  const maybeFail = (operation: string, key: string, attempt: number) => {
    if (options.failures === false || profile.failureRate === 0) return;
    if (seededDraw(seed, profile.id, 'failure', operation, key, attempt) < profile.failureRate) {
      throw new LenderUnavailableError(profile.id, operation);
    }
  };
  return {
    profile,
    responseDelayMs: (operation) => Math.round(profile.delayMs[operation] * delayScale),
    async registerApplication(call) {
      maybeFail('register', call.randomnessKey, call.attempt);
      const outcome = registrationOutcome(profile, call.application);
      return outcome.registered
        ? { status: 'registered', externalReference: `${profile.id}:${call.requestId.slice(0, 8)}` }
        : {
            status: 'not-registered',
            code: outcome.code,
            reasonCode: outcome.reasonCode,
            reason: outcome.reason,
          };
    },
    async fetchDecision(call) {
      maybeFail('decision', call.randomnessKey, call.attempt);
      return {
        status: 'decided',
        decision: lenderDecision(profile, call.application, seed),
        documentsAsked: simulatedDocumentAsks(profile, call.application),
      };
    },
    async changeOffer(call) {
      maybeFail('change', `${call.randomnessKey}:${call.amount}:${call.durationMonths}`, call.attempt);
      const decision = lenderDecision(
        profile,
        { ...call.application, amount: call.amount, durationMonths: call.durationMonths },
        seed,
      );
      if (decision.kind === 'declined') return { status: 'refused', reason: decision.reason };
      const offer = decision.offers[0]!;
      if (decision.kind !== 'approved') {
        return {
          status: 'refused',
          reason: `${profile.name} can offer ${offer.amount} over ${offer.durationMonths} months, not ${call.amount} over ${call.durationMonths}`,
        };
      }
      return { status: 'changed', offer: { ...offer, offerType: 'Annuity' } };
    },
    async acceptOffer(call) {
      maybeFail('accept', `${call.randomnessKey}:${call.quote.quoteId}`, call.attempt);
      return { status: 'accepted', signingUrl: `${profile.signingUrlBase}sign/${call.quote.quoteId}` };
    },
    async requestDisbursementDecision(call) {
      if (disbursement === 'callback') return { status: 'pending' };
      maybeFail('disbursement-decision', `${call.randomnessKey}:${call.quote.quoteId}`, call.attempt);
      return { status: 'approved' };
    },
    async disburse(call) {
      if (disbursement === 'callback') return { status: 'pending' };
      maybeFail('disburse', `${call.randomnessKey}:${call.quote.quoteId}`, call.attempt);
      return { status: 'disbursed', reference: `${profile.id}:payout:${call.quote.quoteId.slice(0, 8)}` };
    },
  };
}

export function createSimulatedLenderPanel(options: SimulatedPanelOptions): LenderPanel {
  return lenderPanelOf(
    (options.lenders ?? builtInLenders).map((profile) => createSimulatedLender(profile, options)),
  );
}
