import {
  commissionAmount,
  commissionPercentFor,
  declineCategoryOf,
  defaultRankingKey,
  type LenderPath,
  lenderStepOf,
  rankingOrder,
  type Transparency,
} from '@nordloan/domain/lending/transparency';
import type { Db } from '#src/db/client.ts';
import type { LoanRequestRow } from '#src/db/schema/lending.ts';
import type { LoanRequestEventRow } from '#src/db/schema/transparency.ts';
import { notFound } from '#src/lib/app-error.ts';
import { loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { ApplicationChangeFeed, ApplicationChangeListener } from '#src/lib/application-change-feed.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findLendersByIds } from '#src/modules/lenders/lender.repository.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import { lenderName } from './quote.mapper.ts';
import { listCreditInquiries, listRequestEvents } from './transparency.repository.ts';

// Issue 13 items 1–4 (docs/decisions/0031): the applicant's view of what happened with their application
// at each lender, who checked their credit and under which consent, how the offers are ranked and what
// nordloan is paid for each; and the live stream that tells the personal page when to ask again.

interface Access {
  db: Db;
  caller: Caller;
  applicationId: string;
  now: () => Date;
}

/** The offers the applicant sees (open and accepted): the ones whose commission is disclosed. */
const presentedStatuses = ['approved', 'accepted'];

function pathOf(request: LoanRequestRow, events: LoanRequestEventRow[], name: string): LenderPath {
  // Requests older than migration 0015 have no recorded events: their path starts where they stand now.
  const recorded = events.length
    ? events
    : [{ status: request.status, reasonCode: request.reasonCode, createdAt: request.updatedAt }];
  const entries: LenderPath['Entries'] = [];
  for (const event of recorded) {
    const step = lenderStepOf(event.status);
    // Finer codes of one step (311 → 319: still deciding) are one step for the applicant.
    if (entries.at(-1)?.Step === step) continue;
    entries.push({
      Step: step,
      Status: event.status,
      At: event.createdAt.toISOString(),
      DeclineCategory: step === 'declined' ? declineCategoryOf(event.status, event.reasonCode) : null,
    });
  }
  const currentStep = lenderStepOf(request.status);
  return {
    LenderID: request.lenderId,
    LenderName: name,
    CurrentStep: currentStep,
    DeclineCategory:
      currentStep === 'declined' ? declineCategoryOf(request.status, request.reasonCode) : null,
    Entries: entries,
  };
}

export async function getTransparency(options: Access): Promise<Transparency> {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const [requests, events, inquiries, quotes] = await Promise.all([
    listLoanRequests(options.db, application.id),
    listRequestEvents(options.db, application.id),
    listCreditInquiries(options.db, application.id),
    listQuotes(options.db, application.id, presentedStatuses),
  ]);
  const lenderIds = [...new Set([...requests, ...quotes].map((row) => row.lenderId))];
  const register = new Map((await findLendersByIds(options.db, lenderIds)).map((row) => [row.id, row]));
  const nameOf = (lenderId: string) => register.get(lenderId)?.name ?? lenderName(lenderId);

  return {
    LoanApplicationID: application.id,
    CreditInquiries: inquiries.map((inquiry) => ({
      LenderID: inquiry.lenderId,
      LenderName: nameOf(inquiry.lenderId),
      CheckedAt: inquiry.checkedAt.toISOString(),
      Consent: 'credit-check' as const,
      ConsentGivenAt: inquiry.consentGivenAt?.toISOString() ?? null,
      TermsVersion: inquiry.termsVersion,
    })),
    LenderPaths: requests.map((request) =>
      pathOf(
        request,
        events.filter((event) => event.loanRequestId === request.id),
        nameOf(request.lenderId),
      ),
    ),
    Commissions: quotes.map((quote) => {
      // The register is the source of what we disclose — the lender's figure for this product where its
      // commission table has one (ADR 0077); a lender missing from it pays nothing we know of.
      const lender = register.get(quote.lenderId);
      const percent = lender ? commissionPercentFor(lender, application.product) : 0;
      return {
        LoanQuoteID: quote.id,
        LenderID: quote.lenderId,
        LenderName: nameOf(quote.lenderId),
        CommissionPercent: percent,
        CommissionAmount: commissionAmount(quote.amount, percent),
        Currency: quote.currency,
      };
    }),
    RankingRule: rankingOrder(defaultRankingKey),
  };
}

/**
 * Subscribes the caller to changes of their own application. Applicants only (owner or co-applicant): the
 * stream exists for the personal page; staff read the back office. Checked before anything is streamed.
 */
export async function subscribeToApplicationChanges(
  options: Access & { feed: ApplicationChangeFeed; listener: ApplicationChangeListener },
): Promise<() => void> {
  if (options.caller.kind === 'staff') {
    // Same answer as for someone else's application: the stream's existence says nothing.
    await loadApplicationForCaller({ ...options, access: 'read' });
    throw notFound();
  }
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  return options.feed.subscribe(application.id, options.listener);
}
