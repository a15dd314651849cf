import { randomUUID } from 'node:crypto';
import { hasRole } from '@nordloan/domain/auth';
import type { Country, Product } from '@nordloan/domain/enums';
import {
  type CallbackAcknowledgement,
  type LenderCallback,
  lenderCallbackSchema,
} from '@nordloan/domain/lending/lender-api';
import {
  type PortalApplication,
  type PortalApplicationSummary,
  type PortalOfferBody,
  portalDeclineReasons,
} from '@nordloan/domain/lending/lender-portal';
import { applicationStatus, coarseStatusOf, isFinerStatusCode } from '@nordloan/domain/statuses';
import type { Db } from '#src/db/client.ts';
import type { LoanRequestRow, StoredDocumentRequest } from '#src/db/schema/lending.ts';
import { forbidden, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { findLender } from '#src/modules/lenders/lender.repository.ts';
import { receiveCallback } from '#src/modules/lending/callbacks/signed-callback.service.ts';
import { applicationToWire, documentAskToWire } from '#src/modules/lending/lender-api/wire-mapping.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { loadLenderApplication } from '#src/modules/lending/lender-panel/lender-view.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import type { StaffContext } from '#src/modules/staff/staff.service.ts';
import { listRequestsOfLender, listSharesWithLender } from './lender-portal.repository.ts';

// The lender portal (issue 33 item 6, docs/decisions/0068). A person of a lender (an agent with the Lender
// role tied to the lender, 0035) sees only the requests sent to that lender: another lender's request is
// 404, as if it did not exist. They see what an API lender is sent (the lender API's application, minimised
// as its OpenAPI document says), their own offers and the documents shared with them — never another
// lender's offer, never our commission. Every read is audited. What they answer is built into the lender
// API's callback and recorded by receiveCallback, the path of an API lender's signed callback: the status
// machine decides, and the applicant's open personal page shows it live like any lender's answer.

/** The agent's lender: 403 for anyone who is not a Lender-role agent tied to a lender. */
export function portalLenderOf(staff: StaffContext): string {
  if (!staff.agent.lenderId || !hasRole(staff.caller.roles, 'Lender'))
    throw forbidden('The lender portal is for the people of a lender');
  return staff.agent.lenderId;
}

/** The request is with the lender: being registered, registered, or pending its decision (no answer yet). */
const waitingForAnswer = (status: number) =>
  status === applicationStatus.pendingRegistration ||
  (isFinerStatusCode(status) && ['PendingRegistration', 'Registered'].includes(coarseStatusOf(status)));

function summaryOf(
  request: LoanRequestRow,
  application: { country: string; product: string; amount: number | null; durationYears: number | null },
): PortalApplicationSummary {
  return {
    ApplicationReference: request.id,
    Country: application.country as Country,
    Product: application.product as Product,
    Amount: application.amount ?? 0,
    DurationMonths: (application.durationYears ?? 0) * 12,
    Status: request.status,
    AwaitingAnswer: waitingForAnswer(request.status),
    ReceivedAt: request.createdAt.toISOString(),
  };
}

export async function listPortalApplications(options: {
  db: Db;
  staff: StaffContext;
  now: Date;
}): Promise<PortalApplicationSummary[]> {
  const lenderId = portalLenderOf(options.staff);
  const rows = await listRequestsOfLender(options.db, lenderId);
  await recordAudit(options.db, {
    actor: options.staff.caller,
    action: 'lenderPortal.list',
    subjectType: 'lender',
    subjectId: lenderId,
    details: { count: rows.length },
    at: options.now,
  });
  return rows.map((row) => summaryOf(row.request, row));
}

/** The lender's own request by its reference; anything else is 404, as if it did not exist. */
async function ownRequest(db: Db, lenderId: string, reference: string) {
  const request = isUuid(reference) ? await findLoanRequest(db, reference) : undefined;
  if (!request || request.lenderId !== lenderId) throw notFound('Unknown application reference');
  const application = await findApplicationById(db, request.loanApplicationId);
  if (!application) throw notFound('Unknown application reference');
  return { request, application };
}

export async function getPortalApplication(options: {
  db: Db;
  staff: StaffContext;
  reference: string;
  now: Date;
}): Promise<PortalApplication> {
  const { db, now } = options;
  const lenderId = portalLenderOf(options.staff);
  const { request, application } = await ownRequest(db, lenderId, options.reference);
  const view = await loadLenderApplication(db, application, { lenderId, now });
  const quotes = (await listQuotes(db, application.id)).filter(
    (quote) => quote.lenderId === lenderId && quote.loanRequestId === request.id,
  );
  const shares = await listSharesWithLender(db, application.id, lenderId);
  await recordAudit(db, {
    actor: options.staff.caller,
    action: 'lenderPortal.read',
    subjectType: 'loan-request',
    subjectId: request.id,
    loanApplicationId: application.id,
    country: application.country as Country,
    details: { lenderId, documents: shares.length },
    at: now,
  });
  return {
    ...summaryOf(request, application),
    Application: applicationToWire(view, { simulation: false }),
    Offers: quotes.map((quote) => ({
      QuoteId: quote.id,
      Status: quote.status,
      Amount: quote.amount,
      DurationMonths: quote.durationMonths,
      NominalRatePercent: quote.nominalRate,
      StartupFee: quote.startupFee,
      MonthlyFee: quote.monthlyFee,
      DocumentsRequested: quote.documentRequests.map((ask: StoredDocumentRequest) =>
        documentAskToWire({ action: ask.action, timing: ask.timing, category: ask.category }),
      ),
    })),
    Documents: shares.map((share) => ({
      DocumentId: share.documentId,
      Category: share.category,
      SharedAt: share.sharedAt.toISOString(),
    })),
  };
}

type PortalAnswer =
  | { kind: 'offer'; body: PortalOfferBody }
  | { kind: 'decline'; reasonCode: keyof typeof portalDeclineReasons; reason: string }
  | { kind: 'documents'; documents: Extract<LenderCallback, { Type: 'documents-requested' }>['Documents'] };

/**
 * Records the lender user's answer as the lender's callback (offer, decline, documents requested), through
 * receiveCallback like a signed one: kept once by its MessageId and acted on in order under the
 * application's lock; an answer the application has moved past is kept and ignored.
 */
export async function answerAsLender(options: {
  db: Db;
  panel: LenderPanel;
  staff: StaffContext;
  reference: string;
  answer: PortalAnswer;
  now: () => Date;
}): Promise<CallbackAcknowledgement> {
  const { db, panel, answer } = options;
  const lenderId = portalLenderOf(options.staff);
  const { request, application } = await ownRequest(db, lenderId, options.reference);
  await panel.refresh?.(db);
  const adapter = panel.adapter(lenderId);
  const lender = await findLender(db, lenderId);
  if (!adapter || !lender) throw notFound('Unknown lender');
  const envelope = {
    MessageId: randomUUID(),
    SentAt: options.now().toISOString(),
    LenderId: lenderId,
    ApplicationReference: request.id,
  };
  const asked = { amount: application.amount ?? 0, months: (application.durationYears ?? 0) * 12 };
  const message: LenderCallback = lenderCallbackSchema.parse(
    answer.kind === 'offer'
      ? {
          ...envelope,
          Type: 'offer',
          Decision:
            answer.body.Amount === asked.amount && answer.body.DurationMonths === asked.months
              ? 'approved'
              : 'counter-offer',
          Offers: [
            {
              Amount: answer.body.Amount,
              DurationMonths: answer.body.DurationMonths,
              NominalRatePercent: answer.body.NominalRatePercent,
              StartupFee: answer.body.StartupFee,
              MonthlyFee: answer.body.MonthlyFee,
              FeeHandling: answer.body.FeeHandling,
              OfferType: 'Annuity',
              LoanKind: answer.body.LoanKind,
            },
          ],
          DocumentsRequested: answer.body.DocumentsRequested,
        }
      : answer.kind === 'decline'
        ? {
            ...envelope,
            Type: 'decline',
            Code: portalDeclineReasons[answer.reasonCode],
            ReasonCode: answer.reasonCode,
            Reason: answer.reason,
          }
        : { ...envelope, Type: 'documents-requested', Documents: answer.documents },
  );
  const result = await receiveCallback({ db, adapter, lenderId, message, now: options.now });
  await recordAudit(db, {
    actor: options.staff.caller,
    action: `lenderPortal.${answer.kind}`,
    subjectType: 'loan-request',
    subjectId: request.id,
    loanApplicationId: application.id,
    country: application.country as Country,
    details: { lenderId, messageId: message.MessageId, outcome: result.acknowledgement.Outcome },
    at: options.now(),
  });
  return result.acknowledgement;
}
