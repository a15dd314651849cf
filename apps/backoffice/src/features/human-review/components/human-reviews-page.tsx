import { useState } from 'react';
import { Link } from 'react-router';
import { type HumanReviewFilter, useHumanReviewQueue } from '#src/features/human-review/api/human-reviews.ts';
import { humanReviewTexts } from '#src/features/human-review/messages.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Loading } from '#src/shared/ui/feedback.tsx';
import { Pager } from '#src/shared/ui/pager.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Issue 34 item 3 (ADR 0065): the work queue of human reviews (CCD2 art. 18(8)), the agent's markets only,
// the earliest due date first; an overdue review says so.

export function HumanReviewsPage() {
  const { language, fmt, t } = useI18n();
  const text = humanReviewTexts[language];
  useDocumentTitle(text.title);
  const [filter, setFilter] = useState<HumanReviewFilter>({ status: 'open', offset: 0 });
  const queue = useHumanReviewQueue(filter);
  return (
    <main id="main" className="page">
      <h1>{text.title}</h1>
      <p>{text.lead}</p>
      <fieldset className="inline-form">
        <legend className="visually-hidden">{text.title}</legend>
        {(['open', 'answered'] as const).map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={filter.status === status}
            onClick={() => setFilter({ status, offset: 0 })}
          >
            {text[status]}
          </button>
        ))}
      </fieldset>
      {queue.isPending ? <Loading label={text.loading} /> : null}
      {queue.isError ? <ErrorMessage error={queue.error} /> : null}
      {queue.data && queue.data.Items.length === 0 ? <Empty>{text.none}</Empty> : null}
      <ul className="stack" data-testid="human-review-queue">
        {queue.data?.Items.map((item) => (
          <li key={item.ID} className="card" data-testid="human-review-item" data-overdue={item.Overdue}>
            <div className="card-header">
              <h2>
                {t.countries[item.Country] ?? item.Country} · {text.application} {item.HumanReadableID ?? ''}
              </h2>
              {item.Overdue ? <strong className="badge">{text.overdue}</strong> : null}
            </div>
            <p className="meta">
              {text.asked(fmt.dateTime(item.CreatedAt))} · {text.due(fmt.date(item.DueAt))}
              {item.LendersPending > 0 ? ` · ${text.lendersPending(item.LendersPending)}` : ''}
            </p>
            <Link to={`/human-reviews/${item.ID}`}>{text.show}</Link>
          </li>
        ))}
      </ul>
      {queue.data ? (
        <Pager
          total={queue.data.Total}
          offset={filter.offset}
          onChange={(offset) => setFilter({ ...filter, offset })}
        />
      ) : null}
    </main>
  );
}
