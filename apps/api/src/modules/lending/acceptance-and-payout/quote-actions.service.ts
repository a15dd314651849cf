import { randomUUID } from 'node:crypto';
import type { BrandProduct } from '@nordloan/domain/brands/brand-config.schema';
import { getBrand } from '@nordloan/domain/brands/registry';
import { checkAmountAndDuration } from '@nordloan/domain/brands/unsecured-bounds';
import type { EntrySource } from '@nordloan/domain/enums';
import type { AcceptQuoteResponse, LoanQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { isInStatusGroup } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { LoanQuoteRow } from '#src/db/schema/lending.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import { insertOutboxEvents } from '#src/jobs/outbox.repository.ts';
import {
  AppError,
  badRequest,
  conflict,
  type FieldError,
  fieldError,
  notFound,
  serviceUnavailable,
} from '#src/lib/app-error.ts';
import { assertCallerReaches, isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import { quoteCreatedEvents, storeOffer } from '#src/modules/lending/decisions/decision.service.ts';
import {
  type LenderAdapter,
  type LenderPanel,
  LenderUnavailableError,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { loadLenderApplication } from '#src/modules/lending/lender-panel/lender-view.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import {
  findLatestQuoteConsent,
  findQuote,
  insertQuoteConsent,
  listQuotes,
  updateQuote,
} from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest } from '#src/modules/lending/loan-request.repository.ts';
import {
  lenderName,
  toLoanQuote,
  withdrawalWindowOf,
} from '#src/modules/lending/presentation/quote.mapper.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import {
  actorForCaller,
  applyTransition,
  quoteEvent,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';

// Offer actions (§4 client events accept-offer, change-offer, go-to-bank): accept with the §3 offer
// acceptance status, change an offer into a new quote within the lender's limits, and the lender's
// signing address. Two simultaneous accepts give exactly one acceptance: the application row is held FOR
// UPDATE while accepting, and a unique index allows one pending or accepted quote per application.

/** Version of the consent text of GET /loan-quote-presentation/consent/…; stored with every consent. */
export const QUOTE_CONSENT_VERSION = 'quote-accept-consent-2025-01';

const openAcceptance = (quote: LoanQuoteRow) =>
  quote.acceptanceStatus === 'pending' || quote.acceptanceStatus === 'accepted';

/** The quote and its application if `caller` may see them; withheld quotes do not exist for anyone outside. */
export async function loadQuoteForCaller(
  db: Executor,
  caller: Caller,
  quoteId: string,
  options: { forUpdate?: boolean; access?: 'read' | 'write' } = {},
): Promise<{ quote: LoanQuoteRow; application: LoanApplicationRow }> {
  if (!isUuid(quoteId)) throw notFound();
  const found = await findQuote(db, quoteId);
  if (!found || found.status === 'withheld') throw notFound();
  const application = options.forUpdate
    ? await findApplicationByIdForUpdate(db, found.loanApplicationId)
    : await findApplicationById(db, found.loanApplicationId);
  if (!application) throw notFound();
  assertCallerReaches(caller, application, options.access ?? 'read');
  const quote = options.forUpdate ? await findQuote(db, quoteId) : found;
  return { quote: quote!, application };
}

export async function acceptQuote(options: {
  db: Db;
  caller: Caller;
  quoteId: string;
  consent: boolean | undefined;
  now: () => Date;
}): Promise<{ statusCode: 200 | 201; body: AcceptQuoteResponse }> {
  const { db, caller } = options;
  try {
    return await db.transaction(async (tx) => {
      const now = options.now();
      // Accepting changes the application: read-only staff roles are refused (403) before any status rule.
      const { quote, application } = await loadQuoteForCaller(tx, caller, options.quoteId, {
        forUpdate: true,
        access: 'write',
      });
      const answer = (
        status: AcceptQuoteResponse['AcceptanceStatus'],
        row: LoanQuoteRow,
        applicationStatus: number,
      ) => ({
        AcceptanceStatus: status,
        Quote: toLoanQuote(row),
        ApplicationStatus: applicationStatus,
        WithdrawalWindow: withdrawalWindowOf(row, now),
      });
      if (openAcceptance(quote))
        return { statusCode: 200 as const, body: answer('already-accepted', quote, application.status) };
      const accepted = (await listQuotes(tx, application.id)).find(openAcceptance);
      if (accepted) {
        throw conflict('Another offer of this application was already accepted', {
          AcceptanceStatus: 'already-accepted',
          LoanQuoteID: accepted.id,
        });
      }
      if (quote.status !== 'approved')
        throw conflict('This offer is no longer open', { QuoteStatus: quote.status });
      if (quote.expiresAt <= now)
        throw conflict('This offer has expired', { ExpiresAt: quote.expiresAt.toISOString() });
      const actor = actorForCaller(caller, application);
      if (actor.kind === 'applicant') {
        const consent = await findLatestQuoteConsent(tx, application.id);
        // The consent is to the SECCI of one offer: one given without a quote (or for another offer) does
        // not cover this one (consumer credit directive art. 5: pre-contractual information per offer).
        const consentCovers = consent !== undefined && consent.loanQuoteId === quote.id;
        if (options.consent === true) {
          await insertQuoteConsent(tx, {
            loanApplicationId: application.id,
            loanQuoteId: quote.id,
            givenBy: actor.id,
            consentVersion: QUOTE_CONSENT_VERSION,
            createdAt: now,
          });
        } else if (!consentCovers) {
          throw fieldError(
            'Consent',
            'Confirm that you have read the pre-contractual information (SECCI) and agree that the application is shared with the lender',
          );
        }
      }
      const moved = await applyTransition(tx, application, {
        applicationId: application.id,
        to: 500,
        actor,
        reason: `Offer from ${lenderName(quote.lenderId)} accepted`,
        now,
        details: { LoanQuoteID: quote.id },
      });
      const entrySource: EntrySource =
        actor.kind === 'staff' ? 'ACE' : actor.kind === 'system' ? 'AutoAccept' : 'MyPage';
      const pending = await updateQuote(tx, quote.id, {
        acceptanceStatus: 'pending',
        acceptedAt: now,
        entrySource,
        updatedAt: now,
      });
      await enqueueJob(tx, {
        kind: jobKinds.lenderAccept,
        payload: { quoteId: quote.id },
        dedupeKey: `${jobKinds.lenderAccept}:${quote.id}:${now.getTime()}`,
        runAt: now,
      });
      return { statusCode: 201 as const, body: answer('pending', pending, moved.status) };
    });
  } catch (error) {
    // The unique index caught an accept that raced past the row lock (it cannot on one database, but
    // the index is the rule): the other accept won.
    if (isUniqueViolation(error)) {
      throw conflict('Another offer of this application was already accepted', {
        AcceptanceStatus: 'already-accepted',
      });
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** change-offer: new amount and/or term; the lender answers with a new quote that replaces the old one. */
export async function changeQuote(options: {
  db: Db;
  caller: Caller;
  quoteId: string;
  amount: number | undefined;
  durationMonths: number | undefined;
  panel: LenderPanel;
  now: () => Date;
}): Promise<LoanQuote> {
  const { db, caller, panel } = options;
  const { quote, application } = await loadQuoteForCaller(db, caller, options.quoteId);
  // Changing supersedes the open offer: a write, so read-only staff roles (e.g. TelemarketingLimited) may not.
  if (caller.kind === 'staff') assertStaffMay(caller, 'offer.change', application.country);
  actorForCaller(caller, application);
  const amount = options.amount ?? quote.amount;
  const durationMonths = options.durationMonths ?? quote.durationMonths;
  if (amount === quote.amount && durationMonths === quote.durationMonths) {
    throw fieldError('Amount', 'The new amount and term are those of the offer');
  }
  if (durationMonths % 12 !== 0)
    throw fieldError('DurationMonths', 'DurationMonths must be whole years (a multiple of 12)');
  if (application.product === 'CreditCard' && durationMonths !== quote.durationMonths) {
    throw fieldError('DurationMonths', 'A credit card has no term to change');
  }
  assertOpen(quote, application, options.now());
  const adapter = panel.adapter(quote.lenderId);
  if (!adapter) throw conflict('The lender is no longer on the panel');
  // Only what the caller asked to change is checked: the offer's own figures may be a lender's counter-offer.
  const limitErrors = changeLimitErrors(application, adapter.profile, amount, durationMonths).filter(
    (error) =>
      (error.Field === 'Amount' && options.amount !== undefined) ||
      (error.Field === 'DurationMonths' && options.durationMonths !== undefined) ||
      error.Field === 'Product',
  );
  if (limitErrors.length > 0) throw badRequest('Validation failed', limitErrors);
  const request = await findLoanRequest(db, quote.loanRequestId);
  const view = await loadLenderApplication(db, application, { now: options.now() });
  const result = await callChangeOffer(adapter, {
    requestId: quote.loanRequestId,
    applicationId: application.id,
    randomnessKey: view.randomnessKey,
    attempt: 1,
    application: view,
    quote: {
      quoteId: quote.id,
      externalReference: request?.externalReference ?? null,
      offer: {
        amount: quote.amount,
        durationMonths: quote.durationMonths,
        nominalRate: quote.nominalRate,
        startupFee: quote.startupFee,
        monthlyFee: quote.monthlyFee,
        feeHandling: quote.feeHandling as 'upfront' | 'financed',
        offerType: quote.offerType as 'Annuity' | 'Dual Offer',
        loanKind: quote.loanKind as 'Consumer',
      },
    },
    amount,
    durationMonths,
  });
  if (result.status === 'refused') throw conflict(`The lender cannot change the offer: ${result.reason}`);

  // A changed offer that breaks a cap is stored (withheld, with its reasons) and the old one stays open.
  const stored = await db.transaction(async (tx) => {
    const now = options.now();
    const locked = await loadQuoteForCaller(tx, caller, quote.id, { forUpdate: true });
    assertOpen(locked.quote, locked.application, now);
    const { quote: created } = await storeOffer(tx, {
      request: (await findLoanRequest(tx, quote.loanRequestId))!,
      profile: adapter.profile,
      application: view,
      offer: result.offer,
      decision: 'approved',
      originKey: `change:${randomUUID()}`,
      now,
      replacesQuoteId: quote.id,
    });
    await insertOutboxEvents(tx, quoteCreatedEvents(created, now));
    if (created.status === 'withheld') return created;
    const superseded = await updateQuote(tx, quote.id, { status: 'superseded', updatedAt: now });
    await insertOutboxEvents(tx, [
      quoteEvent('loan-quote-cancelled', superseded, now, { ReasonCode: 'CHANGED', ReplacedBy: created.id }),
    ]);
    return created;
  });
  if (stored.status === 'withheld') {
    throw new AppError(409, 'The changed offer would break the country caps and cannot be shown', [], {
      Reasons: stored.withheldReasons,
    });
  }
  return toLoanQuote(stored);
}

/**
 * The changed amount and term must lie within the brand's bounds for the product (§5, §9: range and step)
 * and the lender's own limits (§3 Lender); field names are those of the change body.
 */
function changeLimitErrors(
  application: LoanApplicationRow,
  lender: LenderAdapter['profile'],
  amount: number,
  durationMonths: number,
): FieldError[] {
  const product = application.product as BrandProduct;
  const hasTerm = product !== 'CreditCard';
  const errors: FieldError[] = checkAmountAndDuration(
    getBrand(application.brand),
    product,
    amount,
    hasTerm ? durationMonths / 12 : undefined,
  ).map((error) => ({
    Field: error.Field === 'Duration' ? 'DurationMonths' : error.Field,
    Message: error.Message,
  }));
  if (!errors.some((error) => error.Field === 'Amount')) {
    if (amount < lender.amount.min || amount > lender.amount.max) {
      errors.push({
        Field: 'Amount',
        Message: `${lender.name} lends between ${lender.amount.min} and ${lender.amount.max}`,
      });
    }
  }
  if (hasTerm && !errors.some((error) => error.Field === 'DurationMonths')) {
    if (durationMonths < lender.durationMonths.min || durationMonths > lender.durationMonths.max) {
      errors.push({
        Field: 'DurationMonths',
        Message: `${lender.name} lends over ${lender.durationMonths.min} to ${lender.durationMonths.max} months`,
      });
    }
  }
  return errors;
}

function assertOpen(quote: LoanQuoteRow, application: LoanApplicationRow, now: Date) {
  if (!isInStatusGroup(application.status, 'Approved')) {
    throw conflict('Offers can be changed only while the customer decides', { Status: application.status });
  }
  if (quote.status !== 'approved')
    throw conflict('This offer is no longer open', { QuoteStatus: quote.status });
  if (quote.expiresAt <= now) throw conflict('This offer has expired');
}

/** go-to-bank: the lender's signing page for an accepted offer. */
export async function signingUrlFor(options: { db: Db; caller: Caller; quoteId: string }) {
  const { quote } = await loadQuoteForCaller(options.db, options.caller, options.quoteId);
  if (quote.acceptanceStatus === 'pending') throw conflict('The lender has not confirmed the acceptance yet');
  if (quote.acceptanceStatus !== 'accepted' || !quote.signingUrl) throw conflict('Accept the offer first');
  return {
    LoanQuoteID: quote.id,
    Lender: { ID: quote.lenderId, Name: lenderName(quote.lenderId) },
    SigningUrl: quote.signingUrl,
  };
}

/**
 * The lender's change-offer call; a lender that cannot be reached is a 503 with the message the applicant
 * sees (try again later), not a 500: nothing changed, the old offer stays open.
 */
async function callChangeOffer(
  adapter: LenderAdapter,
  input: Parameters<LenderAdapter['changeOffer']>[0],
): ReturnType<LenderAdapter['changeOffer']> {
  try {
    return await adapter.changeOffer(input);
  } catch (error) {
    if (error instanceof LenderUnavailableError) {
      throw serviceUnavailable(
        'The lender cannot be reached just now; the offer is unchanged. Try again later.',
      );
    }
    throw error;
  }
}
