import type { LenderDocumentRequest } from '@nordloan/domain/document-share';
import { findLender } from '@nordloan/domain/lending/lender-panel';
import type { Db } from '#src/db/client.ts';
import type { LoanQuoteRow } from '#src/db/schema/lending.ts';
import { badRequest, conflict, fieldError, notFound } from '#src/lib/app-error.ts';
import { describeCaller, isUuid, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findDocument, findDocuments } from '#src/modules/documents/document.repository.ts';
import { listQuotes, updateQuote } from '../loan-quote.repository.ts';
import { insertDocumentShareOnce, listDocumentShares } from './document-share.repository.ts';

// Upload once (issue 13 item 6, docs/decisions/0036). Lenders ask for documents with their offers (the
// lender profile's document requests, stored on each quote). A document the applicant uploaded once is
// offered to every lender asking for that category, but reaches a lender only when the applicant chooses
// it for that lender: one explicit choice per lender, recorded (who, when), nothing sent by default.

/** Quotes whose lender still waits for documents: an open offer, or the one accepted. */
const openQuoteStatuses = ['approved', 'accepted'] as const;

type UploadRequest = LoanQuoteRow['documentRequests'][number] & {
  category: NonNullable<LoanQuoteRow['documentRequests'][number]['category']>;
};
const isUploadRequest = (request: LoanQuoteRow['documentRequests'][number]): request is UploadRequest =>
  request.action === 'upload' && request.category !== null;

/** GET /loan-application/{id}/document-requests: every open lender's upload requests with what could be sent. */
export async function listLenderDocumentRequests(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
}): Promise<LenderDocumentRequest[]> {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const quotes = await listQuotes(options.db, application.id, openQuoteStatuses);
  const documents = await findDocuments(options.db, application.id);
  const shares = await listDocumentShares(options.db, application.id);
  return quotes.flatMap((quote) =>
    quote.documentRequests.filter(isUploadRequest).map((request) => {
      const share = shares.find((candidate) => candidate.documentRequestId === request.id);
      return {
        ID: request.id,
        QuoteID: quote.id,
        Lender: { ID: quote.lenderId, Name: findLender(quote.lenderId)?.name ?? quote.lenderId },
        Category: request.category,
        Timing: request.timing,
        Status: request.status,
        Shared: share
          ? { DocumentID: share.documentId, SharedBy: share.sharedBy, SharedAt: share.sharedAt.toISOString() }
          : null,
        Candidates: documents
          .filter((document) => document.category === request.category)
          .map((document) => ({
            DocumentID: document.id,
            Filename: document.filename,
            UploadedAt: document.createdAt.toISOString(),
          })),
      };
    }),
  );
}

/**
 * POST /loan-application/{id}/document-requests/{requestId}/share: the applicant chooses to send one of
 * their uploaded documents to this lender's request. The request turns 'sent'; the choice is recorded.
 */
export async function shareDocumentWithLender(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  requestId: string;
  documentId: string;
  now: () => Date;
}): Promise<LenderDocumentRequest> {
  const { db, caller } = options;
  const application = await loadApplicationForCaller({
    db,
    caller,
    applicationId: options.applicationId,
    access: 'write',
  });
  if (!isUuid(options.requestId)) throw notFound('No such document request');
  const quotes = await listQuotes(db, application.id, openQuoteStatuses);
  const quote = quotes.find((candidate) =>
    candidate.documentRequests.some((request) => request.id === options.requestId),
  );
  const request = quote?.documentRequests.find((candidate) => candidate.id === options.requestId);
  if (!quote || !request || !isUploadRequest(request)) throw notFound('No such document request');
  const document = await findDocument(db, application.id, options.documentId);
  if (!document) throw fieldError('DocumentID', 'No such document on this application');
  if (document.category !== request.category) {
    throw badRequest(`The lender asked for ${request.category}, not ${document.category}`, [
      { Field: 'DocumentID', Message: `The document is not a ${request.category}` },
    ]);
  }
  const now = options.now();
  await db.transaction(async (tx) => {
    const share = await insertDocumentShareOnce(tx, {
      loanApplicationId: application.id,
      loanQuoteId: quote.id,
      documentRequestId: request.id,
      documentId: document.id,
      lenderId: quote.lenderId,
      category: request.category,
      sharedBy: describeCaller(caller),
      sharedAt: now,
    });
    if (!share) throw conflict('A document was already sent for this request');
    await updateQuote(tx, quote.id, {
      documentRequests: quote.documentRequests.map((candidate) =>
        candidate.id === request.id ? { ...candidate, status: 'sent' } : candidate,
      ),
      updatedAt: now,
    });
  });
  const listed = await listLenderDocumentRequests({ db, caller, applicationId: application.id });
  return listed.find((candidate) => candidate.ID === request.id)!;
}
