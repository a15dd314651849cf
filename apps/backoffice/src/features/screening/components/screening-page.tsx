import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  type ScreeningDecision,
  useDecidePersonCheck,
} from '#src/features/screening/api/decide-person-check.ts';
import {
  type ScreeningReview,
  useScreeningReviews,
} from '#src/features/screening/api/list-screening-reviews.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import type { Messages } from '#src/shared/i18n/messages.ts';
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { Pager } from '#src/shared/ui/pager.tsx';
import { StatusBadge } from '#src/shared/ui/status.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// PEP / sanctions review: every open hit with what the list said, and a clear-or-block decision that
// always carries a reason (it is audited and may be asked for by the supervisory authority).

export const maxReasonLength = 1000;

function hitKinds(t: Messages, review: ScreeningReview): string {
  const attributes = review.PersonCheck.Attributes;
  return (['PEP', 'RCA', 'Sanctioned'] as const)
    .filter((kind) => attributes[kind])
    .map((kind) => t.screeningPage.hitKinds[kind])
    .join(', ');
}

export function ScreeningPage() {
  const { t } = useI18n();
  useDocumentTitle(t.screeningPage.documentTitle);
  const [offset, setOffset] = useState(0);
  const reviews = useScreeningReviews({ offset });
  const [decided, setDecided] = useState<string | null>(null);

  return (
    <main id="main" className="page">
      <h1>{t.screeningPage.title}</h1>
      {decided ? <Notice>{decided}</Notice> : null}
      {reviews.isPending ? <Loading label={t.screeningPage.loading} /> : null}
      {reviews.isError ? <ErrorMessage error={reviews.error} /> : null}
      {reviews.data && reviews.data.Items.length === 0 ? <Empty>{t.screeningPage.none}</Empty> : null}
      <div className="stack">
        {reviews.data?.Items.map((review) => (
          <ReviewCard key={review.PersonCheck.ID} review={review} onDecided={setDecided} />
        ))}
      </div>
      {reviews.data ? <Pager total={reviews.data.Total} offset={offset} onChange={setOffset} /> : null}
    </main>
  );
}

function ReviewCard({
  review,
  onDecided,
}: {
  review: ScreeningReview;
  onDecided: (message: string) => void;
}) {
  const { t, fmt } = useI18n();
  const decide = useDecidePersonCheck();
  const [reason, setReason] = useState('');
  const check = review.PersonCheck;
  const headingId = `check-${check.ID}`;
  const reasonId = `reason-${check.ID}`;

  const submit = (decision: ScreeningDecision) => (event?: FormEvent) => {
    event?.preventDefault();
    if (!reason.trim()) return;
    decide.mutate(
      { personCheckID: check.ID, Decision: decision, Reason: reason.trim() },
      {
        onSuccess: () =>
          onDecided(
            decision === 'block'
              ? t.screeningPage.blocked(check.FullName)
              : t.screeningPage.cleared(check.FullName),
          ),
      },
    );
  };

  return (
    <section className="card review-card" aria-labelledby={headingId} data-testid="screening-review">
      <div className="card-header">
        <h2 id={headingId}>{check.FullName}</h2>
        <span className="badge badge-stopped">{hitKinds(t, review)}</span>
      </div>
      <p className="meta">
        {review.LoanApplicationID ? (
          <Link to={`/applications/${review.LoanApplicationID}`}>
            {review.HumanReadableID
              ? t.common.applicationNumber(review.HumanReadableID)
              : t.common.application}
          </Link>
        ) : (
          t.screeningPage.noApplication
        )}{' '}
        · {review.ApplicantName ?? t.common.applicant} ·{' '}
        {t.screeningPage.screened(fmt.dateTime(check.CreatedAt))}{' '}
        {review.Status !== undefined && review.Status !== null ? <StatusBadge code={review.Status} /> : null}
      </p>
      {check.Details ? <p className="details">{check.Details}</p> : null}
      <form className="inline-form" onSubmit={submit('block')}>
        <label htmlFor={reasonId}>{t.screeningPage.reason}</label>
        <input
          id={reasonId}
          className="grow"
          value={reason}
          maxLength={maxReasonLength}
          required
          onChange={(event) => setReason(event.target.value)}
        />
        <button type="button" onClick={() => submit('clear')()} disabled={decide.isPending || !reason.trim()}>
          {t.screeningPage.clear}
        </button>
        <button type="submit" className="danger" disabled={decide.isPending || !reason.trim()}>
          {t.screeningPage.block}
        </button>
      </form>
      {decide.isError ? <ErrorMessage title={t.screeningPage.notSaved} error={decide.error} /> : null}
    </section>
  );
}
