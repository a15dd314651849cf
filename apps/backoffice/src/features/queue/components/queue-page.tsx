import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type BucketSummaryItem, useBucketSummary } from '#src/features/queue/api/get-bucket-summary.ts';
import { useAssignments } from '#src/features/queue/api/list-assignments.ts';
import { useTakeNextAssignment } from '#src/shared/api/assignments.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Kbd, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { formatAge } from '#src/shared/ui/format.ts';
import { Pager } from '#src/shared/ui/pager.tsx';
import { useShortcut } from '#src/shared/ui/shortcuts.ts';
import { bucketWords, StatusBadge } from '#src/shared/ui/status.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// The broker's day: buckets by priority with their counts, the items of one bucket, and "take next"
// (n), which assigns the oldest unassigned item of the bucket to the broker and opens it.

export function QueuePage({ agentID }: { agentID: string }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t.queue.title);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const summary = useBucketSummary();
  const buckets = summary.data ?? [];
  const selectedID =
    params.get('bucket') ?? buckets.find((bucket) => bucket.NumApplicationsUnassigned > 0)?.BucketID;
  const selected = buckets.find((bucket) => bucket.BucketID === selectedID);
  const view = params.get('view') === 'mine' ? 'mine' : 'all';
  const showProcessed = params.get('processed') === 'true';
  const [offset, setOffset] = useState(0);
  const assignments = useAssignments({
    view,
    BucketID: selectedID,
    Processed: showProcessed ? undefined : false,
    offset,
  });
  const takeNext = useTakeNextAssignment();

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setOffset(0);
    setParams(next, { replace: true });
  };

  const take = () => {
    if (!selectedID || takeNext.isPending) return;
    takeNext.mutate(selectedID, {
      onSuccess: (assignment) => navigate(`/applications/${assignment.LoanApplicationID}`),
    });
  };
  useShortcut('n', take, !!selectedID);

  const emptyBucket = takeNext.error instanceof ApiError && takeNext.error.status === 404;

  return (
    <main id="main" className="page queue-page">
      <header className="page-header">
        <h1>{t.queue.title}</h1>
        <div className="toolbar">
          <button
            type="button"
            className="primary"
            onClick={take}
            disabled={!selectedID || takeNext.isPending}
            aria-keyshortcuts="n"
          >
            {takeNext.isPending
              ? t.queue.taking
              : selected
                ? t.queue.takeNextFrom(bucketWords(t, selected.Name))
                : t.queue.takeNext}{' '}
            <Kbd>n</Kbd>
          </button>
        </div>
      </header>
      {emptyBucket ? <Notice>{t.queue.bucketEmpty}</Notice> : null}
      {takeNext.isError && !emptyBucket ? (
        <ErrorMessage title={t.queue.couldNotTake} error={takeNext.error} />
      ) : null}

      <div className="queue-layout">
        <section aria-labelledby="buckets-heading" className="panel">
          <h2 id="buckets-heading">{t.queue.buckets}</h2>
          {summary.isPending ? <Loading label={t.queue.counting} /> : null}
          {summary.isError ? <ErrorMessage error={summary.error} /> : null}
          {summary.isSuccess && buckets.length === 0 ? <Empty>{t.queue.noBuckets}</Empty> : null}
          {buckets.length > 0 ? (
            <BucketTable
              buckets={buckets}
              selectedID={selectedID}
              onSelect={(id) => update({ bucket: id })}
            />
          ) : null}
        </section>

        <section aria-labelledby="items-heading" className="panel">
          <div className="panel-header">
            <h2 id="items-heading">{selected ? bucketWords(t, selected.Name) : t.queue.items}</h2>
            <fieldset className="segmented">
              <legend className="visually-hidden">{t.queue.whose}</legend>
              {(['all', 'mine'] as const).map((option) => (
                <label key={option} className={view === option ? 'checked' : undefined}>
                  <input
                    type="radio"
                    name="view"
                    value={option}
                    checked={view === option}
                    onChange={() => update({ view: option === 'all' ? null : option })}
                  />
                  {option === 'all' ? t.queue.all : t.queue.mine}
                </label>
              ))}
            </fieldset>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={showProcessed}
                onChange={(event) => update({ processed: event.target.checked ? 'true' : null })}
              />
              {t.queue.includeProcessed}
            </label>
          </div>
          {assignments.isPending ? <Loading /> : null}
          {assignments.isError ? <ErrorMessage error={assignments.error} /> : null}
          {assignments.data && assignments.data.Items.length === 0 ? (
            <Empty>{t.queue.nothingHere}</Empty>
          ) : null}
          {assignments.data && assignments.data.Items.length > 0 ? (
            <>
              <table className="data-table" aria-describedby="items-heading">
                <thead>
                  <tr>
                    <th scope="col">{t.queue.columns.applicant}</th>
                    <th scope="col">{t.queue.columns.application}</th>
                    <th scope="col">{t.queue.columns.product}</th>
                    <th scope="col">{t.queue.columns.status}</th>
                    <th scope="col">{t.queue.columns.country}</th>
                    <th scope="col">{t.queue.columns.assignee}</th>
                    <th scope="col">{t.queue.columns.waiting}</th>
                  </tr>
                </thead>
                <tbody>
                  {assignments.data.Items.map((item) => (
                    <tr key={item.ID ?? item.LoanApplicationID}>
                      <td>
                        <Link to={`/applications/${item.LoanApplicationID}`}>
                          {item.ApplicantName ?? t.common.applicant}
                        </Link>
                      </td>
                      <td>{item.HumanReadableID}</td>
                      <td>{t.products[item.Product] ?? item.Product}</td>
                      <td>
                        <StatusBadge code={item.Status} />
                      </td>
                      <td>{t.countries[item.Country] ?? item.Country}</td>
                      <td>
                        {item.ProcessedAt
                          ? t.queue.processedAt(fmt.dateTime(item.ProcessedAt))
                          : item.AssigneeID === null
                            ? t.queue.unassigned
                            : item.AssigneeID === agentID
                              ? t.queue.me
                              : t.queue.colleague}
                      </td>
                      <td>{formatAge(item.CreatedAt, t)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager total={assignments.data.Total} offset={offset} onChange={setOffset} />
            </>
          ) : null}
        </section>
      </div>
    </main>
  );
}

function BucketTable({
  buckets,
  selectedID,
  onSelect,
}: {
  buckets: BucketSummaryItem[];
  selectedID: string | undefined;
  onSelect: (id: string) => void;
}) {
  const { t } = useI18n();
  return (
    <table className="data-table bucket-table">
      <thead>
        <tr>
          <th scope="col">{t.queue.columns.bucket}</th>
          <th scope="col" className="number">
            {t.queue.columns.waiting}
          </th>
          <th scope="col" className="number">
            {t.queue.columns.assigned}
          </th>
          <th scope="col">{t.queue.columns.oldest}</th>
        </tr>
      </thead>
      <tbody>
        {buckets.map((bucket) => (
          <tr key={bucket.BucketID} className={bucket.BucketID === selectedID ? 'selected' : undefined}>
            <td>
              <button
                type="button"
                className="link-button"
                aria-pressed={bucket.BucketID === selectedID}
                onClick={() => onSelect(bucket.BucketID)}
              >
                {bucketWords(t, bucket.Name)}
              </button>
            </td>
            <td className="number">{bucket.NumApplicationsUnassigned}</td>
            <td className="number">{bucket.NumApplicationsAssigned}</td>
            <td>{formatAge(bucket.OldestItemAt, t)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
