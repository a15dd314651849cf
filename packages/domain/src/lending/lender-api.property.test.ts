import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LenderApiOffer, LenderCallbackType } from './lender-api.ts';
import {
  type CallbackState,
  callbackOrder,
  callbackReadiness,
  decisionOfferProblems,
} from './lender-api-rules.ts';

// The order rules of signed callbacks (issue 33 item 3, ADR 0062) on a model of the engine: the inbox keeps
// each MessageId once and acts on waiting callbacks in callbackOrder as callbackReadiness lets them in (as
// signed-callback.service.ts does). Any order and multiplicity of a valid sequence ends where the sequence
// once, in order, ends. The same holds against the real engine in signed-callback.property.test.ts.

interface Model {
  status: number;
  requestStatus: number;
  quoteStatus: string | null;
  signed: boolean;
  documents: number;
  history: number[];
}

/** What each callback does to the model (the engine's effects, in brief). */
function act(model: Model, type: LenderCallbackType): void {
  const move = (...path: number[]) => {
    model.status = path.at(-1)!;
    model.history.push(...path);
  };
  switch (type) {
    case 'offer':
      model.requestStatus = 351;
      model.quoteStatus = 'approved';
      move(400, 410);
      return;
    case 'documents-requested':
      model.documents += 1;
      return;
    case 'agreement-signed':
      model.signed = true;
      return;
    case 'disbursement-decision':
      move(600);
      return;
    case 'disbursed':
      move(610, 700);
      return;
    case 'commission-clawback':
      move(800);
      return;
    default:
      throw new Error(`not in the sequences: ${type}`);
  }
}

function stateOf(model: Model): CallbackState {
  return {
    applicationStatus: model.status,
    requestStatus: model.requestStatus,
    quoteStatus: model.quoteStatus,
    requestHasOpenQuote: model.quoteStatus === 'approved' || model.quoteStatus === 'accepted',
  };
}

/** The inbox: each message id once, waiting ones acted on in order as they become ready. */
function deliver(start: Model, deliveries: ReadonlyArray<{ id: string; type: LenderCallbackType }>): Model {
  const model: Model = { ...start, history: [...start.history] };
  const seen = new Set<string>();
  const waiting: Array<{ id: string; type: LenderCallbackType; at: number }> = [];
  deliveries.forEach((delivery, at) => {
    if (seen.has(delivery.id)) return;
    seen.add(delivery.id);
    waiting.push({ ...delivery, at });
    for (;;) {
      waiting.sort((a, b) => callbackOrder[a.type] - callbackOrder[b.type] || a.at - b.at);
      const index = waiting.findIndex((entry) => callbackReadiness(entry.type, stateOf(model)) !== 'waiting');
      if (index < 0) break;
      const [entry] = waiting.splice(index, 1);
      if (callbackReadiness(entry!.type, stateOf(model)) === 'ready') act(model, entry!.type);
    }
  });
  return model;
}

/** The sequence delivered in any order, some messages twice, some re-sent under a new MessageId. */
const deliveriesOf = (sequence: readonly LenderCallbackType[]) =>
  fc
    .array(fc.record({ index: fc.nat(sequence.length - 1), freshId: fc.boolean() }), { maxLength: 6 })
    .chain((extra) => {
      const all = [
        ...sequence.map((type, index) => ({ id: `m${index}`, type })),
        ...extra.map(({ index, freshId }, n) => ({
          id: freshId ? `again${n}` : `m${index}`,
          type: sequence[index]!,
        })),
      ];
      return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
    });

const afterAcceptance: Model = {
  status: 510,
  requestStatus: 451,
  quoteStatus: 'accepted',
  signed: false,
  documents: 0,
  history: [],
};
const payoutSequence: LenderCallbackType[] = [
  'documents-requested',
  'agreement-signed',
  'disbursement-decision',
  'disbursed',
  'commission-clawback',
];

const waitingForDecision: Model = {
  status: 310,
  requestStatus: 311,
  quoteStatus: null,
  signed: false,
  documents: 0,
  history: [],
};

describe('callbacks in any order and multiplicity', () => {
  it('end the payout where the sequence once, in order, ends', () => {
    const inOrder = deliver(
      afterAcceptance,
      payoutSequence.map((type, index) => ({ id: `m${index}`, type })),
    );
    expect(inOrder).toMatchObject({ status: 800, signed: true, documents: 1, history: [600, 610, 700, 800] });
    fc.assert(
      fc.property(deliveriesOf(payoutSequence), (deliveries) => {
        const end = deliver(afterAcceptance, deliveries);
        // A message re-sent under a new id is the lender repeating itself: documents asked twice stay one
        // ask in the engine (each ask once per offer); the model counts deliveries, so compare the rest.
        expect({ ...end, documents: Math.min(end.documents, 1) }).toEqual(inOrder);
      }),
      { numRuns: 2_000 },
    );
  });

  it('end the decision where the offer and its document request, in order, end', () => {
    const sequence: LenderCallbackType[] = ['offer', 'documents-requested'];
    const inOrder = deliver(
      waitingForDecision,
      sequence.map((type, index) => ({ id: `m${index}`, type })),
    );
    expect(inOrder).toMatchObject({ status: 410, requestStatus: 351, documents: 1 });
    fc.assert(
      fc.property(deliveriesOf(sequence), (deliveries) => {
        const end = deliver(waitingForDecision, deliveries);
        expect({ ...end, documents: Math.min(end.documents, 1) }).toEqual(inOrder);
      }),
      { numRuns: 1_000 },
    );
  });

  it('keeps a callback for an application that moved past it out (past), and waits for one not yet due', () => {
    const at700 = {
      applicationStatus: 700,
      requestStatus: 651,
      quoteStatus: 'accepted',
      requestHasOpenQuote: true,
    };
    expect(callbackReadiness('disbursement-decision', at700)).toBe('past');
    expect(callbackReadiness('commission-clawback', at700)).toBe('ready');
    expect(callbackReadiness('agreement-signed', at700)).toBe('ready');
    const at410 = {
      applicationStatus: 410,
      requestStatus: 351,
      quoteStatus: 'approved',
      requestHasOpenQuote: true,
    };
    expect(callbackReadiness('disbursed', at410)).toBe('waiting');
    expect(callbackReadiness('offer', at410)).toBe('past');
    expect(callbackReadiness('cancelled', { ...at410, quoteStatus: 'cancelled' })).toBe('past');
  });

  it('holds a payout approval and a payout report while the agreement waits for its signatures (ADR 0077)', () => {
    const at510 = {
      applicationStatus: 510,
      requestStatus: 451,
      quoteStatus: 'accepted',
      requestHasOpenQuote: true,
    };
    expect(callbackReadiness('disbursement-decision', { ...at510, payoutHeld: true })).toBe('waiting');
    expect(callbackReadiness('disbursement-decision', at510)).toBe('ready');
    expect(callbackReadiness('disbursed', { ...at510, payoutHeld: true })).toBe('waiting');
    const at610 = { ...at510, applicationStatus: 610, requestStatus: 611 };
    expect(callbackReadiness('disbursed', { ...at610, payoutHeld: true })).toBe('waiting');
    // A lender that will not pay out is not held: the applicant need not sign for nothing.
    expect(callbackReadiness('not-disbursed', { ...at610, payoutHeld: true })).toBe('ready');
    expect(callbackReadiness('disbursed', at610)).toBe('ready');
  });
});

describe('offers held against what was asked', () => {
  const offer = (amount: number, months: number): LenderApiOffer => ({
    Amount: amount,
    DurationMonths: months,
    NominalRatePercent: 9.9,
    StartupFee: 0,
    MonthlyFee: 0,
    FeeHandling: 'upfront',
    OfferType: 'Annuity',
    LoanKind: 'Consumer',
  });
  const asked = { product: 'UnsecuredLoan', amount: 100_000, durationMonths: 60 };

  it('approves only the terms asked, and never counter-offers more than asked', () => {
    expect(decisionOfferProblems(asked, 'approved', [offer(100_000, 60)])).toEqual([]);
    expect(decisionOfferProblems(asked, 'approved', [offer(110_000, 60)])).toHaveLength(1);
    expect(decisionOfferProblems(asked, 'approved', [offer(100_000, 72)])).toHaveLength(1);
    expect(decisionOfferProblems(asked, 'counter-offer', [offer(80_000, 72)])).toEqual([]);
    expect(decisionOfferProblems(asked, 'counter-offer', [offer(120_000, 60)])).toHaveLength(1);
    expect(
      decisionOfferProblems({ ...asked, product: 'CreditCard' }, 'approved', [offer(100_000, 12)]),
    ).toEqual([]);
  });
});
