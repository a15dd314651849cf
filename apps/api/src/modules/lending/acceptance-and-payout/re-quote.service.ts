import type { BrandProduct } from '@nordloan/domain/brands/brand-config.schema';
import { getBrand } from '@nordloan/domain/brands/registry';
import { checkAmountAndDuration } from '@nordloan/domain/brands/unsecured-bounds';
import type { ReQuoteResult } from '@nordloan/domain/lending/transparency';
import { isInStatusGroup } from '@nordloan/domain/statuses';
import type { Db } from '#src/db/client.ts';
import type { LoanQuoteRow } from '#src/db/schema/lending.ts';
import { AppError, badRequest, conflict } from '#src/lib/app-error.ts';
import { loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import {
  type LenderPanel,
  LenderUnavailableError,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { durationMonthsOf } from '#src/modules/lending/lender-panel/lender-view.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { lenderName } from '#src/modules/lending/presentation/quote.mapper.ts';
import { changeQuote } from './quote-actions.service.ts';

// Issue 13 item 5 (docs/decisions/0031): the applicant changes amount or term once, on the personal page,
// and every lender with an open offer is asked to re-quote — no new application, no new credit check.
// Each lender's answer goes through the one change-offer path (its limits, the caps, the superseding), so
// the old offers stay in the history as 'superseded', each new one naming the offer it replaces.

export async function reQuoteApplication(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  amount: number | undefined;
  durationMonths: number | undefined;
  panel: LenderPanel;
  now: () => Date;
}): Promise<ReQuoteResult> {
  const { db, caller } = options;
  const application = await loadApplicationForCaller({ ...options, access: 'write' });
  // Said once for all lenders (each change checks it again): staff need the right to change offers.
  if (caller.kind === 'staff') assertStaffMay(caller, 'offer.change', application.country);
  if (!isInStatusGroup(application.status, 'Approved')) {
    throw conflict('Offers can be re-quoted only while the customer decides', { Status: application.status });
  }
  // The brand's bounds first: a figure no lender may offer is the applicant's mistake, said once (400).
  const product = application.product as BrandProduct;
  const boundsErrors = checkAmountAndDuration(
    getBrand(application.brand),
    product,
    options.amount ?? application.amount ?? 0,
    product === 'CreditCard' ? undefined : (options.durationMonths ?? durationMonthsOf(application)) / 12,
  )
    .map((error) => ({
      Field: error.Field === 'Duration' ? 'DurationMonths' : error.Field,
      Message: error.Message,
    }))
    .filter(
      (error) =>
        (error.Field === 'Amount' && options.amount !== undefined) ||
        (error.Field === 'DurationMonths' && options.durationMonths !== undefined) ||
        error.Field === 'Product',
    );
  if (boundsErrors.length > 0) throw badRequest('Validation failed', boundsErrors);

  // One offer per lender: the one for what was asked when there is one, else its counter-offer.
  const open = await listQuotes(db, application.id, ['approved']);
  const perLender = new Map<string, LoanQuoteRow>();
  for (const quote of [...open].sort(
    (a, b) => Number(a.decision !== 'approved') - Number(b.decision !== 'approved'),
  ))
    if (!perLender.has(quote.lenderId)) perLender.set(quote.lenderId, quote);
  if (perLender.size === 0) throw conflict('There is no open offer to re-quote');

  const lenders: ReQuoteResult['Lenders'] = [];
  // One lender after the other: each change is its own transaction and lender call, and a refusal by one
  // lender does not stop the others.
  for (const quote of perLender.values()) {
    const base = {
      LenderID: quote.lenderId,
      LenderName: lenderName(quote.lenderId),
      PreviousQuoteID: quote.id,
    };
    const amount = options.amount ?? quote.amount;
    const durationMonths = options.durationMonths ?? quote.durationMonths;
    if (amount === quote.amount && durationMonths === quote.durationMonths) {
      lenders.push({ ...base, Outcome: 'unchanged', NewQuoteID: null, Reason: null });
      continue;
    }
    try {
      const created = await changeQuote({ ...options, caller, quoteId: quote.id, amount, durationMonths });
      lenders.push({ ...base, Outcome: 're-quoted', NewQuoteID: created.ID, Reason: null });
    } catch (error) {
      // A lender that is down now is one lender without a new offer, not a failed request for the others.
      // (changeQuote answers an unreachable lender as 503.)
      if (
        error instanceof LenderUnavailableError ||
        (error instanceof AppError && error.statusCode === 503)
      ) {
        lenders.push({
          ...base,
          Outcome: 'unavailable',
          NewQuoteID: null,
          Reason: 'The lender did not answer',
        });
        continue;
      }
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const reason = error.fieldErrors.map((field) => field.Message).join('; ') || error.message;
      lenders.push({ ...base, Outcome: 'declined', NewQuoteID: null, Reason: reason });
    }
  }
  return { LoanApplicationID: application.id, Lenders: lenders };
}
