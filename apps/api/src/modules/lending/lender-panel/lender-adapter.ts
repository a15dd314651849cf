import { type Country, loanKindSchema, offerTypeSchema, type Product } from '@nordloan/domain/enums';
import { feeHandlingSchema } from '@nordloan/domain/finance/loan-math';
import type { LenderApplication, LenderDecision } from '@nordloan/domain/lending/credit-policy';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import type { LenderOffer } from '@nordloan/domain/lending/offer-figures';
import type { FinerStatusCode } from '@nordloan/domain/statuses';
import { z } from 'zod';
import type { Executor } from '#src/db/client.ts';

// How a lender plugs in (issue 4 "a lender adapter interface … so a real lender's API can plug in"). The
// engine calls these from jobs; an adapter either answers at once or says `pending` and answers later
// through the lender callback routes (lender-callback.routes.ts). A transient failure is thrown as
// LenderUnavailableError: the job queue retries it, and after the last attempt the request ends 263.

/**
 * A lender's offer as it must be to be recorded: a lender's answer is input like any other, checked before
 * it reaches the database (the quote table's integer and enumeration columns).
 */
export const lenderOfferSchema = z.object({
  amount: z.number().int().positive(),
  durationMonths: z.number().int().positive(),
  nominalRate: z.number().min(0).max(1_000),
  startupFee: z.number().min(0),
  monthlyFee: z.number().min(0),
  feeHandling: feeHandlingSchema,
  offerType: offerTypeSchema,
  loanKind: loanKindSchema,
});

export class LenderUnavailableError extends Error {
  constructor(lenderId: string, operation: string) {
    super(`Lender ${lenderId} did not answer ${operation}`);
    this.name = 'LenderUnavailableError';
  }
}

export interface LenderCall {
  /** Our loan request id: the lender's reference to us. */
  requestId: string;
  applicationId: string;
  /** Stable key of the application (no personal data), for lenders that need one, e.g. the simulation. */
  randomnessKey: string;
  /** 1 for the first try; a retry after a failure counts up. */
  attempt: number;
}

/** The accepted or changed quote as the lender sees it. */
export interface LenderQuoteView {
  quoteId: string;
  externalReference: string | null;
  offer: LenderOffer;
}

export type RegistrationResult =
  | { status: 'registered'; externalReference: string }
  | { status: 'not-registered'; code: FinerStatusCode; reasonCode: string; reason: string };

/** What a lender asks the applicant for with its offer (§3 document action, timing and category). */
export type LenderDocumentAsk = LenderProfile['documentRequests'][number];

export type DecisionResult =
  | { status: 'pending' }
  | {
      status: 'decided';
      decision: LenderDecision;
      /**
       * Documents this lender asks for on this application, besides those it always asks for (its profile):
       * e.g. proof of income for a large loan (upload once, docs/decisions/0036).
       */
      documentsAsked?: LenderDocumentAsk[];
    };

export type AcceptResult = { status: 'accepted'; signingUrl: string } | { status: 'refused'; reason: string };

export type ChangeOfferResult =
  | { status: 'changed'; offer: LenderOffer }
  | { status: 'refused'; reason: string };

export type DisbursementDecisionResult =
  | { status: 'pending' }
  | { status: 'approved' }
  | { status: 'declined'; code: FinerStatusCode; reasonCode: string; reason: string };

export type DisburseResult = { status: 'pending' } | { status: 'disbursed'; reference: string };

export interface LenderAdapter {
  readonly profile: LenderProfile;
  /** How long to wait before calling, to model a lender's response time (0 for a real API). */
  responseDelayMs(operation: 'registration' | 'decision'): number;
  registerApplication(call: LenderCall & { application: LenderApplication }): Promise<RegistrationResult>;
  fetchDecision(call: LenderCall & { application: LenderApplication }): Promise<DecisionResult>;
  /** The customer changes amount or term of an open offer; the lender answers with a new offer or refuses. */
  changeOffer(
    call: LenderCall & {
      application: LenderApplication;
      quote: LenderQuoteView;
      amount: number;
      durationMonths: number;
    },
  ): Promise<ChangeOfferResult>;
  acceptOffer(call: LenderCall & { quote: LenderQuoteView }): Promise<AcceptResult>;
  requestDisbursementDecision(
    call: LenderCall & { quote: LenderQuoteView },
  ): Promise<DisbursementDecisionResult>;
  disburse(call: LenderCall & { quote: LenderQuoteView }): Promise<DisburseResult>;
}

export interface LenderPanel {
  adapter(lenderId: string): LenderAdapter | undefined;
  /** The lenders that may get an application of this country and product. */
  forApplication(country: Country, product: Product): LenderAdapter[];
  all(): LenderAdapter[];
  /**
   * A panel read from the lender table (register-panel.ts, docs/decisions/0067) reads it again when it has
   * changed; the fan-out asks before it picks the lenders, so a paused lender gets no new request.
   */
  refresh?(db: Executor): Promise<void>;
}

export function lenderPanelOf(adapters: readonly LenderAdapter[]): LenderPanel {
  const byId = new Map(adapters.map((adapter) => [adapter.profile.id, adapter]));
  return {
    adapter: (lenderId) => byId.get(lenderId),
    forApplication: (country, product) =>
      adapters.filter(
        (adapter) => adapter.profile.country === country && adapter.profile.products.includes(product),
      ),
    all: () => [...adapters],
  };
}
