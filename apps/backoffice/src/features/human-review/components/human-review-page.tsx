import type { HumanReviewOutcome } from '@nordloan/domain/human-review';
import { applicationStatus } from '@nordloan/domain/statuses';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  type StaffHumanReview,
  useAnswerHumanReview,
  useHumanReview,
} from '#src/features/human-review/api/human-reviews.ts';
import { humanReviewTexts } from '#src/features/human-review/messages.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { ErrorMessage, Loading } from '#src/shared/ui/feedback.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Issue 34 item 3 (ADR 0065): one human review — the decisions, the applicant's view, what each lender
// answered — and the answer: whether the decision stands and its main reasons. Reading it is audited.

function AnswerForm({ review }: { review: StaffHumanReview }) {
  const { language } = useI18n();
  const text = humanReviewTexts[language];
  const answer = useAnswerHumanReview(review.ID);
  const [outcome, setOutcome] = useState<HumanReviewOutcome>('upheld');
  const [explanation, setExplanation] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate({ Outcome: outcome, Explanation: explanation.trim() });
  };
  const tooShort = explanation.trim().length < 20;
  return (
    <form className="stack" onSubmit={submit} data-testid="human-review-answer-form">
      <fieldset>
        <legend>{text.answer}</legend>
        {(['upheld', 'changed'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="outcome"
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
            />{' '}
            {text[value]}
          </label>
        ))}
      </fieldset>
      <label htmlFor="human-review-explanation">{text.explanation}</label>
      <textarea
        id="human-review-explanation"
        rows={6}
        maxLength={4000}
        value={explanation}
        onChange={(event) => setExplanation(event.target.value)}
        aria-describedby="human-review-explanation-hint"
      />
      <p id="human-review-explanation-hint" className="meta">
        {text.explanationHint}
      </p>
      <button type="submit" disabled={tooShort || answer.isPending}>
        {text.send}
      </button>
      {answer.isError ? <ErrorMessage title={text.notSaved} error={answer.error} /> : null}
    </form>
  );
}

export function HumanReviewPage() {
  const { reviewID = '' } = useParams();
  const { language, fmt, t } = useI18n();
  const text = humanReviewTexts[language];
  useDocumentTitle(text.title);
  const review = useHumanReview(reviewID);
  if (review.isPending) return <Loading label={text.loading} />;
  if (review.isError || !review.data) return <ErrorMessage error={review.error} />;
  const data = review.data;
  return (
    <main id="main" className="page" data-testid="human-review" data-status={data.Status}>
      <p>
        <Link to="/human-reviews">{text.back}</Link>
      </p>
      <h1>
        {t.countries[data.Country] ?? data.Country} ·{' '}
        <Link to={`/applications/${data.LoanApplicationID}`}>
          {text.application} {data.HumanReadableID ?? ''}
        </Link>
      </h1>
      <p className="meta">
        {text.asked(fmt.dateTime(data.CreatedAt))} · {text.due(fmt.date(data.DueAt))}
      </p>
      <h2>{text.decisions}</h2>
      <ul>
        {data.Decisions.map((decision) => (
          <li key={`${decision.Source}-${decision.LenderID}-${decision.Status}`}>
            {decision.Source === 'lender'
              ? text.lenderDecline(decision.LenderName ?? '', text.categories[decision.DeclineCategory])
              : decision.Status === applicationStatus.validationFailed
                ? text.ourStop
                : text.withheld(decision.LenderName ?? '')}{' '}
            ({decision.Status}
            {decision.Automated ? `, ${text.automated}` : ''})
          </li>
        ))}
      </ul>
      <h2>{text.view}</h2>
      <blockquote data-testid="human-review-view">{data.View}</blockquote>
      {data.DocumentID ? (
        <p>
          <Link to={`/applications/${data.LoanApplicationID}/documents`}>{text.document}</Link>
        </p>
      ) : null}
      {data.LenderAnswers.length > 0 ? (
        <>
          <h2>{text.lenders}</h2>
          <ul data-testid="human-review-lenders">
            {data.LenderAnswers.map((answer) => (
              <li key={answer.LenderID}>
                <strong>{answer.LenderName}</strong>:{' '}
                {answer.Status === 'answered'
                  ? `${answer.Outcome === 'changed' ? text.changed : text.upheld} — ${answer.Explanation}`
                  : answer.Status === 'pending'
                    ? text.lenderPending
                    : text.lenderFailed}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.Status === 'answered' ? (
        <section className="card" data-testid="human-review-answered">
          <h2>{text.answeredBy(fmt.dateTime(data.AnsweredAt))}</h2>
          <p>
            <strong>{data.Outcome === 'changed' ? text.changed : text.upheld}</strong>
          </p>
          <p>{data.Explanation}</p>
        </section>
      ) : (
        <AnswerForm review={data} />
      )}
    </main>
  );
}
