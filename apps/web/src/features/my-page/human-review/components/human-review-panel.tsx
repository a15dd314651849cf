import {
  type HumanReview,
  humanReviewAnswerDays,
  humanReviewViewMaxLength,
  type ReviewableDecision,
} from '@nordloan/domain/human-review';
import { applicationStatus } from '@nordloan/domain/statuses';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { documentProblem } from '#src/features/my-page/api/application-documents.ts';
import {
  useHumanReview,
  useRequestHumanReview,
} from '#src/features/my-page/human-review/api/human-review.ts';
import '#src/features/my-page/human-review/human-review.css';

// Issue 34 item 3 (ADR 0065), CCD2 art. 13 and 18(8): beside every decline — a lender's, or a stop of
// ours — the applicant is told it was made by automated processing, and may ask for a person to review
// it: their view in their words, a document if they want, and later the answer with the main reasons
// (and each bank's own answer where the bank decided).

const minViewLength = 10;

function DecisionLine({ decision }: { decision: ReviewableDecision }) {
  const { t } = useTranslation();
  const category = t(`offers.transparency.decline.${decision.DeclineCategory}`);
  const text =
    decision.Source === 'lender'
      ? t('humanReview.decision.lender', { lender: decision.LenderName, category })
      : decision.Status === applicationStatus.validationFailed
        ? t('humanReview.decision.validation')
        : t('humanReview.decision.withheld', { lender: decision.LenderName });
  return (
    <li data-testid="reviewable-decision" data-source={decision.Source}>
      {text}
      {decision.Automated && (
        <span className="human-review__automated" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </li>
  );
}

function ReviewStatus({ review }: { review: HumanReview }) {
  const { t } = useTranslation();
  const { format } = useBrand();
  return (
    <div className="human-review__review" data-testid="human-review-status" data-status={review.Status}>
      {review.Status === 'open' ? (
        <p>
          {t('humanReview.open', { date: format.date(review.CreatedAt), due: format.date(review.DueAt) })}
        </p>
      ) : (
        <div data-testid="human-review-answer">
          <h4>{t('humanReview.answered', { date: format.date(review.AnsweredAt ?? review.CreatedAt) })}</h4>
          <p>
            <strong>{t(`humanReview.outcome.${review.Outcome ?? 'upheld'}`)}</strong>
          </p>
          <p className="human-review__explanation">{review.Explanation}</p>
        </div>
      )}
      {review.LenderAnswers.length > 0 && (
        <ul className="human-review__lenders">
          {review.LenderAnswers.map((answer) => (
            <li key={answer.LenderID} data-testid="lender-review-answer" data-status={answer.Status}>
              {answer.Status === 'answered' ? (
                <>
                  {t('humanReview.lender.answered', { lender: answer.LenderName })}{' '}
                  <q>{answer.Explanation}</q>
                </>
              ) : answer.Status === 'pending' ? (
                t('humanReview.lender.pending', { lender: answer.LenderName })
              ) : (
                t('humanReview.lender.failed', { lender: answer.LenderName })
              )}
            </li>
          ))}
        </ul>
      )}
      <details className="human-review__view">
        <summary>{t('humanReview.yourView')}</summary>
        <p>{review.View}</p>
      </details>
    </div>
  );
}

function RequestForm({ applicationId, onDone }: { applicationId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const viewId = useId();
  const fileId = useId();
  const hintId = useId();
  const [view, setView] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<'short' | 'file' | null>(null);
  const request = useRequestHumanReview(applicationId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view.trim().length < minViewLength) return setProblem('short');
    if (file && documentProblem(file)) return setProblem('file');
    setProblem(null);
    request.mutate({ view: view.trim(), file }, { onSuccess: onDone });
  };
  return (
    <form className="human-review__form" onSubmit={submit} noValidate data-testid="human-review-form">
      <label htmlFor={viewId}>{t('humanReview.form.viewLabel')}</label>
      <textarea
        id={viewId}
        value={view}
        maxLength={humanReviewViewMaxLength}
        rows={5}
        aria-describedby={hintId}
        aria-invalid={problem === 'short' || undefined}
        onChange={(event) => setView(event.currentTarget.value)}
        data-testid="human-review-view"
      />
      <p id={hintId} className="muted">
        {t('humanReview.form.viewHint', { min: minViewLength, max: humanReviewViewMaxLength })}
      </p>
      <label htmlFor={fileId}>{t('humanReview.form.fileLabel')}</label>
      <input
        id={fileId}
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        data-testid="human-review-file"
      />
      {problem && (
        <p className="error-text" role="alert">
          {problem === 'short'
            ? t('humanReview.form.tooShort', { min: minViewLength })
            : t('humanReview.form.fileProblem')}
        </p>
      )}
      {request.isError && (
        <p className="error-text" role="alert">
          {t('humanReview.form.failed')}
        </p>
      )}
      <button type="submit" className="button" disabled={request.isPending} data-testid="human-review-submit">
        {request.isPending ? t('humanReview.form.sending') : t('humanReview.form.submit')}
      </button>
    </form>
  );
}

export function HumanReviewPanel({ applicationId, enabled }: { applicationId: string; enabled: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const overview = useHumanReview(applicationId, { enabled });
  const [formOpen, setFormOpen] = useState(false);
  const data = overview.data;
  if (!data || (data.Decisions.length === 0 && data.Reviews.length === 0)) return null;
  const [latest] = data.Reviews;
  return (
    <section className="human-review" aria-labelledby={titleId} data-testid="human-review">
      <h3 id={titleId}>{t('humanReview.title')}</h3>
      {data.Decisions.length > 0 && (
        <ul className="human-review__decisions">
          {data.Decisions.map((decision) => (
            <DecisionLine
              key={`${decision.Source}-${decision.LenderID}-${decision.Status}`}
              decision={decision}
            />
          ))}
        </ul>
      )}
      {data.Decisions.some((decision) => decision.Automated) && (
        <p className="human-review__automated" data-testid="automated-decision">
          * {t('humanReview.automated')}
        </p>
      )}
      {latest && <ReviewStatus review={latest} />}
      {data.CanRequest &&
        (formOpen ? (
          <RequestForm applicationId={applicationId} onDone={() => setFormOpen(false)} />
        ) : (
          <>
            <p className="muted">{t('humanReview.rights', { days: humanReviewAnswerDays })}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setFormOpen(true)}
              data-testid="human-review-open"
            >
              {t('humanReview.form.open')}
            </button>
          </>
        ))}
    </section>
  );
}
