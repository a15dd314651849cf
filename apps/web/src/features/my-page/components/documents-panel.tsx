import { type DocumentCategory, documentCategories } from '@nordloan/domain/enums';
import type { PresentedQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  documentProblem,
  useDocuments,
  useUploadDocument,
} from '#src/features/my-page/api/application-documents.ts';
import { uploadRefusal } from '../model/upload-refusal.ts';
import { Disclosure } from './disclosure.tsx';
import { ShareDocumentsPanel } from './share-documents-panel.tsx';

/**
 * What the lenders still need (pending document requests of the offers), and an upload for documents. On the
 * personal page it is a named section below the offers (issue 38), open once an offer is accepted — then the
 * accepted lender's requests are the applicant's next step.
 */
export function DocumentsPanel({
  applicationId,
  quotes,
  collapsed,
}: {
  applicationId: string;
  quotes: readonly PresentedQuote[];
  collapsed?: { open: boolean };
}) {
  const { t } = useTranslation();
  const documents = useDocuments(applicationId);
  const upload = useUploadDocument(applicationId);
  const [category, setCategory] = useState<DocumentCategory>('payslip');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<'missing' | 'type' | 'size' | null>(null);
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const titleId = useId();
  const categoryId = useId();
  const fileId = useId();
  const hintId = useId();
  const errorId = useId();

  // One line per lender and need: a lender with two offers asks for the same things twice.
  const pending = [
    ...new Map(
      quotes.flatMap((quote) =>
        quote.DocumentRequests.filter((request) => request.Status === 'pending').map((request) => {
          const key = [quote.Lender.ID, request.Action, request.Category ?? '', request.Timing].join('|');
          return [key, { key, lender: quote.Lender.Name, request }] as const;
        }),
      ),
    ).values(),
  ];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setUploadedName(null);
    const found = file ? documentProblem(file) : 'missing';
    setProblem(found);
    if (found || !file) return;
    try {
      const document = await upload.mutateAsync({ file, category });
      setUploadedName(document.Filename);
    } catch {
      // shown below
    }
  };

  const describedBy = [hintId, problem || upload.isError ? errorId : null].filter(Boolean).join(' ');
  const content = (
    <>
      {pending.length ? (
        <ul className="documents__requests">
          {pending.map(({ key, lender, request }) => (
            <li key={key}>
              {t('offers.documents.requestLine', {
                lender,
                request: request.Category
                  ? `${t(`offers.documents.request.${request.Action}`)}: ${t(`offers.documents.categories.${request.Category}`)}`
                  : t(`offers.documents.request.${request.Action}`),
                timing: t(`offers.documents.timing.${request.Timing}`),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('offers.documents.none')}</p>
      )}
      <ShareDocumentsPanel applicationId={applicationId} />
      <form className="documents__form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={categoryId}>
            {t('offers.documents.category')}
          </label>
          <select
            id={categoryId}
            className="text-input"
            value={category}
            onChange={(event) => setCategory(event.target.value as DocumentCategory)}
          >
            {documentCategories.map((value) => (
              <option key={value} value={value}>
                {t(`offers.documents.categories.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          {/* The native picker's own button text is the browser's language, not the brand's: it is hidden
              behind a label in the brand's words (the input stays focusable and labelled). */}
          <label className="file-picker" htmlFor={fileId}>
            <input
              id={fileId}
              className="file-picker__input"
              type="file"
              accept="application/pdf,image/jpeg,image/png"
              aria-invalid={!!problem}
              aria-describedby={describedBy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setProblem(null);
              }}
            />
            <span className="button button--secondary file-picker__button">{t('offers.documents.file')}</span>
            <span className="file-picker__name">{file?.name ?? t('offers.documents.noFile')}</span>
          </label>
          <p id={hintId} className="muted">
            {t('offers.documents.fileHint')}
          </p>
          {(problem || upload.isError) && (
            <p id={errorId} className="error-text" role="alert">
              {problem ? t(`offers.documents.errors.${problem}`) : uploadErrorText(upload.error, t)}
            </p>
          )}
        </div>
        <button type="submit" className="button documents__submit" disabled={upload.isPending}>
          {upload.isPending ? t('offers.documents.uploading') : t('offers.documents.upload')}
        </button>
        <p role="status" aria-live="polite">
          {uploadedName ? t('offers.documents.uploaded', { name: uploadedName }) : ''}
        </p>
      </form>
      {!!documents.data?.length && (
        <>
          <h4>{t('offers.documents.sentTitle')}</h4>
          <ul className="documents__sent" data-testid="uploaded-documents">
            {documents.data.map((document) => (
              <li key={document.ID}>
                {document.Filename} (
                {t(`offers.documents.categories.${document.Category}`, { defaultValue: document.Category })})
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
  if (collapsed) {
    return (
      <Disclosure title={t('offers.documents.title')} testId="documents" open={collapsed.open}>
        <div className="documents documents--section">{content}</div>
      </Disclosure>
    );
  }
  return (
    <section className="documents" aria-labelledby={titleId} data-testid="documents">
      <h3 id={titleId}>{t('offers.documents.title')}</h3>
      {content}
    </section>
  );
}

/** The server's reason for refusing the upload in the brand's words, or "failed, try again" without one. */
function uploadErrorText(error: unknown, t: (key: string, options?: Record<string, unknown>) => string) {
  const refusal = uploadRefusal(error);
  if (!refusal) return t('offers.documents.errors.failed');
  if ('key' in refusal) return t(`offers.documents.errors.${refusal.key}`);
  return t('offers.documents.errors.refused', { reason: refusal.text });
}
