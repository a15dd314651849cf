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
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { formatDateTime } from '#src/shared/ui/format.ts';
import { Pager } from '#src/shared/ui/pager.tsx';
import { StatusBadge } from '#src/shared/ui/status.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// PEP / sanctions review: every open hit with what the list said, and a clear-or-block decision that
// always carries a reason (it is audited and may be asked for by the supervisory authority).

export const maxReasonLength = 1000;

function hitKinds(review: ScreeningReview): string {
  const { PEP, RCA, Sanctioned } = review.PersonCheck.Attributes;
  return [
    PEP ? 'PEP' : null,
    RCA ? 'RCA (relative or close associate)' : null,
    Sanctioned ? 'Sanctioned' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

export function ScreeningPage() {
  useDocumentTitle('PEP review');
  const [offset, setOffset] = useState(0);
  const reviews = useScreeningReviews({ offset });
  const [decided, setDecided] = useState<string | null>(null);

  return (
    <main id="main" className="page">
      <h1>PEP and sanctions review</h1>
      {decided ? <Notice>{decided}</Notice> : null}
      {reviews.isPending ? <Loading label="Loading hits…" /> : null}
      {reviews.isError ? <ErrorMessage error={reviews.error} /> : null}
      {reviews.data && reviews.data.Items.length === 0 ? <Empty>No open hits.</Empty> : null}
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
            `${check.FullName}: ${decision === 'block' ? 'blocked, the application is stopped' : 'cleared'}.`,
          ),
      },
    );
  };

  return (
    <section className="card review-card" aria-labelledby={headingId} data-testid="screening-review">
      <div className="card-header">
        <h2 id={headingId}>{check.FullName}</h2>
        <span className="badge badge-stopped">{hitKinds(review)}</span>
      </div>
      <p className="meta">
        {review.LoanApplicationID ? (
          <Link to={`/applications/${review.LoanApplicationID}`}>
            Application {review.HumanReadableID ?? review.LoanApplicationID.slice(0, 8)}
          </Link>
        ) : (
          'No application'
        )}{' '}
        · {review.ApplicantName ?? 'applicant'} · screened {formatDateTime(check.CreatedAt)}{' '}
        {review.Status !== undefined && review.Status !== null ? <StatusBadge code={review.Status} /> : null}
      </p>
      {check.Details ? <p className="details">{check.Details}</p> : null}
      <form className="inline-form" onSubmit={submit('block')}>
        <label htmlFor={reasonId}>Reason</label>
        <input
          id={reasonId}
          className="grow"
          value={reason}
          maxLength={maxReasonLength}
          required
          onChange={(event) => setReason(event.target.value)}
        />
        <button type="button" onClick={() => submit('clear')()} disabled={decide.isPending || !reason.trim()}>
          Clear
        </button>
        <button type="submit" className="danger" disabled={decide.isPending || !reason.trim()}>
          Block
        </button>
      </form>
      {decide.isError ? <ErrorMessage title="Decision not saved" error={decide.error} /> : null}
    </section>
  );
}
