import { randomUUID } from 'node:crypto';
import type { LenderApplication, LenderDecision } from '@nordloan/domain/lending/credit-policy';
import type {
  AcceptanceRequest,
  DecisionRequest,
  DisbursementDecisionRequest,
  DisbursementRequest,
  OfferChangeRequest,
  RegisterApplicationRequest,
} from '@nordloan/domain/lending/lender-api';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { seededDraw } from '@nordloan/domain/lending/seeded-random';
import {
  applicationFromWire,
  documentAskToWire,
  offerFromWire,
  offerToWire,
} from '#src/modules/lending/lender-api/wire-mapping.ts';
import type { LenderDocumentAsk } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { onAgreementEvent } from './sandbox-agreement.ts';
import type { CallbackBody, CallbackSender } from './sandbox-callbacks.ts';
import { payoffConfirmation } from './sandbox-payoffs.ts';
import { createSimulatedLender } from './simulated-lender.ts';

// One lender of the sandbox (docs/decisions/0062): today's simulated lender (the domain's credit policy
// through simulated-lender.ts, the same seed and the same answers) behind the lender API. Decisions
// take the lender's own time (its profile's decision delay × the delay scale): asked earlier the lender
// answers `pending`, and when the time comes it calls back with its offer or decline. After acceptance it
// decides on the payout and pays out by callbacks (or at once, `disbursement: 'automatic'`) — but never before
// it has the signed agreement (docs/decisions/0077): a lender that calls back waits for it always, one that
// answers at once from the moment it handed its agreement over. Asked earlier, it answers `pending` and
// approves (by callback) when the signed agreement arrives.

export interface SandboxLenderOptions {
  profile: LenderProfile;
  seed: number;
  delayScale: number;
  disbursement: 'callback' | 'automatic';
  /** Where callbacks go when the registration names no CallbackUrl; none: no callbacks. */
  callbackUrl: string | undefined;
  callbacks: CallbackSender;
  /** Share of callbacks sent twice, and of payouts reported before their approval (out of order). */
  duplicateCallbackRate: number;
  reorderRate: number;
  /** Milliseconds between the steps after acceptance (signing, payout decision, payout). */
  stepDelayMs: number;
}

export interface SandboxAnswer {
  status: number;
  body: Record<string, unknown>;
}

interface HeldApplication {
  reference: string;
  application: LenderApplication;
  lenderReference: string;
  registeredAt: number;
  decidesAt: number;
  decision?: { decision: LenderDecision; documentsAsked: LenderDocumentAsk[] };
  callbackUrl: string | undefined;
  /** Quotes told to us at acceptance: their payout state. */
  quotes: Map<string, SandboxQuote>;
}

interface SandboxQuote {
  approved: boolean;
  paidOut: string | null;
  /** The signed agreement's evidence arrived (sandbox-agreement.ts). */
  signed: boolean;
  /** The lender handed its agreement over for this offer. */
  agreementHandedOver: boolean;
  /** Asked for its payout decision while the signature was awaited: it approves when it arrives. */
  decisionAsked: boolean;
}

const notFound = (what: string): SandboxAnswer => ({ status: 404, body: { Message: `Unknown ${what}` } });

export function createSandboxLender(options: SandboxLenderOptions) {
  const { seed } = options;
  // Its own copy of the profile: the server passes it with each agreement call, and onAgreementEvent tells
  // this lender (never another sandbox's lender of the same id) of its agreements.
  const profile: LenderProfile = { ...options.profile };
  const simulated = createSimulatedLender(profile, {
    seed,
    delayScale: 0,
    failures: false,
    disbursement: 'automatic',
  });
  const applications = new Map<string, HeldApplication>();
  /** Registrations made, by reference: a retried call must never make a second one. */
  const registrations = new Map<string, number>();
  let draws = 0;
  const chance = (rate: number, purpose: string) => {
    draws += 1;
    return rate > 0 && seededDraw(seed, profile.id, 'sandbox', purpose, draws) < rate;
  };
  const call = (held: HeldApplication) => ({
    requestId: held.reference,
    applicationId: held.reference,
    randomnessKey: held.application.randomnessKey,
    attempt: 1,
  });
  const envelope = (reference: string, extra: Record<string, unknown> = {}) => ({
    MessageId: randomUUID(),
    SentAt: new Date().toISOString(),
    ApplicationReference: reference,
    ...extra,
  });
  const callback = (held: HeldApplication, body: CallbackBody, delayMs: number) => {
    if (!held.callbackUrl) return;
    options.callbacks.send({
      lenderId: profile.id,
      url: held.callbackUrl,
      body,
      delayMs,
      copies: chance(options.duplicateCallbackRate, 'duplicate') ? 2 : 1,
    });
  };

  async function decide(held: HeldApplication) {
    if (!held.decision) {
      const answer = await simulated.fetchDecision({ ...call(held), application: held.application });
      if (answer.status === 'pending') throw new Error('the simulation decides at once');
      held.decision = { decision: answer.decision, documentsAsked: answer.documentsAsked ?? [] };
    }
    return held.decision;
  }

  function decisionBody(decided: NonNullable<HeldApplication['decision']>): Record<string, unknown> {
    const { decision, documentsAsked } = decided;
    if (decision.kind === 'declined') {
      return {
        Status: 'declined',
        Code: decision.code,
        ReasonCode: decision.reasonCode,
        Reason: decision.reason,
      };
    }
    return {
      Status: decision.kind,
      Offers: decision.offers.map(offerToWire),
      DocumentsRequested: documentsAsked.map(documentAskToWire),
    };
  }

  /** Whether a payout decision or the payout itself must wait for the signed agreement. */
  const awaitsSignature = (quote: SandboxQuote) =>
    !quote.signed && (options.disbursement === 'callback' || quote.agreementHandedOver);

  /** With the payout, the refinanced debts are paid off and confirmed (ADR 0080): after the payout's report. */
  function confirmPayoffs(held: HeldApplication, quoteId: string, delayMs: number) {
    const body = payoffConfirmation({
      application: held.application,
      reference: held.reference,
      quoteId,
      lenderId: profile.id,
      now: new Date(),
    });
    if (body) callback(held, body, delayMs);
  }

  /** Approves the payout by callback; a lender that pays out on approval may report the payout first. */
  function approveByCallback(held: HeldApplication, quoteId: string, quote: SandboxQuote) {
    quote.approved = true;
    const approval: CallbackBody = {
      Type: 'disbursement-decision',
      ApplicationReference: held.reference,
      QuoteId: quoteId,
      Decision: 'approved',
    };
    if (chance(options.reorderRate, 'reorder')) {
      // A lender that pays out on approval, whose payout report overtakes the approval.
      quote.paidOut = `${profile.id}:payout:${quoteId.slice(0, 8)}`;
      callback(
        held,
        {
          Type: 'disbursed',
          ApplicationReference: held.reference,
          QuoteId: quoteId,
          Reference: quote.paidOut,
        },
        options.stepDelayMs,
      );
      callback(held, approval, options.stepDelayMs * 2);
      confirmPayoffs(held, quoteId, options.stepDelayMs * 3);
    } else callback(held, approval, options.stepDelayMs);
  }

  onAgreementEvent(profile, (event) => {
    const held = applications.get(event.reference);
    const quote = held?.quotes.get(event.quoteId);
    if (!held || !quote) return;
    if (event.kind === 'handed-over') quote.agreementHandedOver = true;
    else if (!quote.signed) {
      quote.signed = true;
      if (quote.decisionAsked && !quote.approved) approveByCallback(held, event.quoteId, quote);
    }
  });

  return {
    profile,
    registrations,
    async registerApplication(request: RegisterApplicationRequest): Promise<SandboxAnswer> {
      const reference = request.ApplicationReference;
      const existing = applications.get(reference);
      if (existing) {
        return {
          status: 200,
          body: envelope(reference, { Status: 'registered', LenderReference: existing.lenderReference }),
        };
      }
      const application = applicationFromWire(request.Application, reference);
      const answer = await simulated.registerApplication({
        ...call({ reference, application } as HeldApplication),
        application,
      });
      registrations.set(reference, (registrations.get(reference) ?? 0) + 1);
      if (answer.status === 'not-registered') {
        return {
          status: 200,
          body: envelope(reference, {
            Status: 'not-registered',
            Code: answer.code,
            ReasonCode: answer.reasonCode,
            Reason: answer.reason,
          }),
        };
      }
      const now = Date.now();
      const decisionDelay = Math.round(profile.delayMs.decision * options.delayScale);
      const held: HeldApplication = {
        reference,
        application,
        lenderReference: answer.externalReference,
        registeredAt: now,
        decidesAt: now + decisionDelay,
        callbackUrl:
          request.CallbackUrl ?? (options.callbackUrl ? `${options.callbackUrl}/${profile.id}` : undefined),
        quotes: new Map(),
      };
      applications.set(reference, held);
      if (held.callbackUrl && decisionDelay > 0) {
        // The lender's answer when it has decided: an offer or a decline, by callback.
        const decided = await decide(held);
        const body = decisionBody(decided);
        callback(
          held,
          body.Status === 'declined'
            ? ({
                Type: 'decline',
                ApplicationReference: reference,
                Code: body.Code,
                ReasonCode: body.ReasonCode,
                Reason: body.Reason,
              } as CallbackBody)
            : ({
                Type: 'offer',
                ApplicationReference: reference,
                Decision: body.Status,
                Offers: body.Offers,
                DocumentsRequested: body.DocumentsRequested,
              } as CallbackBody),
          decisionDelay,
        );
      }
      return {
        status: 200,
        body: envelope(reference, { Status: 'registered', LenderReference: held.lenderReference }),
      };
    },

    async fetchDecision(request: DecisionRequest): Promise<SandboxAnswer> {
      const held = applications.get(request.ApplicationReference);
      if (!held) return notFound('application');
      if (Date.now() < held.decidesAt)
        return { status: 200, body: envelope(held.reference, { Status: 'pending' }) };
      return { status: 200, body: envelope(held.reference, decisionBody(await decide(held))) };
    },

    async changeOffer(request: OfferChangeRequest): Promise<SandboxAnswer> {
      const held = applications.get(request.ApplicationReference);
      if (!held) return notFound('application');
      const answer = await simulated.changeOffer({
        ...call(held),
        application: held.application,
        quote: {
          quoteId: request.QuoteId,
          externalReference: request.LenderReference,
          offer: offerFromWire(request.CurrentOffer),
        },
        amount: request.Amount,
        durationMonths: request.DurationMonths,
      });
      const extra =
        answer.status === 'changed'
          ? { Status: 'changed', Offer: offerToWire(answer.offer) }
          : { Status: 'refused', Reason: answer.reason };
      return { status: 200, body: envelope(held.reference, { QuoteId: request.QuoteId, ...extra }) };
    },

    async acceptOffer(request: AcceptanceRequest): Promise<SandboxAnswer> {
      const held = applications.get(request.ApplicationReference);
      if (!held) return notFound('application');
      const answer = await simulated.acceptOffer({
        ...call(held),
        quote: {
          quoteId: request.QuoteId,
          externalReference: request.LenderReference,
          offer: offerFromWire(request.Offer),
        },
      });
      if (answer.status === 'refused') {
        return {
          status: 200,
          body: envelope(held.reference, {
            QuoteId: request.QuoteId,
            Status: 'refused',
            Reason: answer.reason,
          }),
        };
      }
      if (!held.quotes.has(request.QuoteId)) {
        // The customer signs the agreement with e-ID on the broker's personal page (ADR 0075): the sandbox
        // hands over its PDF (sandbox-agreement.ts) and no longer reports a signing of its own.
        held.quotes.set(request.QuoteId, {
          approved: false,
          paidOut: null,
          signed: false,
          agreementHandedOver: false,
          decisionAsked: false,
        });
      }
      return {
        status: 200,
        body: envelope(held.reference, {
          QuoteId: request.QuoteId,
          Status: 'accepted',
          SigningUrl: answer.signingUrl,
        }),
      };
    },

    async requestDisbursementDecision(request: DisbursementDecisionRequest): Promise<SandboxAnswer> {
      const held = applications.get(request.ApplicationReference);
      const quote = held?.quotes.get(request.QuoteId);
      if (!held || !quote) return notFound('offer');
      const answer = (status: string) => ({
        status: 200,
        body: envelope(held.reference, { QuoteId: request.QuoteId, Status: status }),
      });
      if (quote.approved) return answer('approved');
      if (awaitsSignature(quote)) {
        // No payout before the signed agreement: the approval follows its arrival.
        quote.decisionAsked = true;
        return answer('pending');
      }
      if (options.disbursement === 'automatic') {
        quote.approved = true;
        return answer('approved');
      }
      approveByCallback(held, request.QuoteId, quote);
      return answer('pending');
    },

    async disburse(request: DisbursementRequest): Promise<SandboxAnswer> {
      const held = applications.get(request.ApplicationReference);
      const quote = held?.quotes.get(request.QuoteId);
      if (!held || !quote) return notFound('offer');
      const disbursed = (reference: string) => ({
        status: 200,
        body: envelope(held.reference, {
          QuoteId: request.QuoteId,
          Status: 'disbursed',
          Reference: reference,
        }),
      });
      if (quote.paidOut) return disbursed(quote.paidOut);
      // The money never moves before the signed agreement arrived.
      if (awaitsSignature(quote))
        return {
          status: 200,
          body: envelope(held.reference, { QuoteId: request.QuoteId, Status: 'pending' }),
        };
      quote.paidOut = `${profile.id}:payout:${request.QuoteId.slice(0, 8)}`;
      confirmPayoffs(held, request.QuoteId, options.stepDelayMs * 2);
      if (options.disbursement === 'automatic') return disbursed(quote.paidOut);
      callback(
        held,
        {
          Type: 'disbursed',
          ApplicationReference: held.reference,
          QuoteId: request.QuoteId,
          Reference: quote.paidOut,
        },
        options.stepDelayMs,
      );
      return { status: 200, body: envelope(held.reference, { QuoteId: request.QuoteId, Status: 'pending' }) };
    },
  };
}

export type SandboxLender = ReturnType<typeof createSandboxLender>;
