import type { LenderDocumentRequest } from '@nordloan/domain/document-share';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentRequests, useShareDocument } from '#src/features/my-page/api/document-requests.ts';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';

// Upload once (issue 13 item 6, docs/decisions/0036): each lender that asks for a category the applicant
// already uploaded gets its own question — "send the payslip you uploaded to Lender B?" — and its own
// button. Nothing is sent by default, nor to all lenders at once: one choice per lender, recorded.

export function ShareDocumentsPanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const requests = useDocumentRequests(applicationId);
  const share = useShareDocument(applicationId);
  const titleId = useId();
  const offered = (requests.data ?? []).filter(
    (request) => request.Status === 'sent' || request.Candidates.length > 0,
  );
  if (offered.length === 0) return null;
  const category = (request: LenderDocumentRequest) =>
    t(`offers.documents.categories.${request.Category}`).toLocaleLowerCase();
  return (
    <section className="documents__share" aria-labelledby={titleId} data-testid="share-documents">
      <h4 id={titleId}>{t('offers.documents.share.title')}</h4>
      <p className="muted">{t('offers.documents.share.lead')}</p>
      <ul>
        {offered.map((request) => {
          const document = request.Candidates.at(-1);
          const sentName = request.Candidates.find(
            (candidate) => candidate.DocumentID === request.Shared?.DocumentID,
          )?.Filename;
          return (
            <li key={request.ID} data-testid={`share-request-${request.Lender.ID}-${request.Category}`}>
              {request.Shared ? (
                <p data-status="sent">
                  {t('offers.documents.share.sent', {
                    lender: request.Lender.Name,
                    name: sentName ?? category(request),
                    date: format.day(request.Shared.SharedAt),
                  })}
                </p>
              ) : document ? (
                <>
                  <p>
                    {t('offers.documents.share.question', {
                      category: category(request),
                      name: document.Filename,
                      lender: request.Lender.Name,
                    })}
                  </p>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={share.isPending}
                    data-testid={`share-${request.Lender.ID}-${request.Category}`}
                    onClick={() => share.mutate({ requestId: request.ID, documentId: document.DocumentID })}
                  >
                    {t('offers.documents.share.send', { lender: request.Lender.Name })}
                  </button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {share.isError && (
        <p className="error-text" role="alert">
          {t('offers.documents.share.failed')}
        </p>
      )}
    </section>
  );
}
