import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  type ErasureRequest,
  useCloseErasureRequest,
  useErasureRequests,
} from '#src/features/erasure-requests/api/erasure-requests.ts';
import { erasureTexts } from '#src/features/erasure-requests/messages.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { Pager } from '#src/shared/ui/pager.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Issue 36 item 3 (ADR 0069): the work queue of erasure requests. Each shows what went at once and what
// the law keeps (law and date); the agent closes it, with an optional note. Reads and closes are audited.

export function ErasureRequestsPage() {
  const { language } = useI18n();
  const text = erasureTexts[language];
  useDocumentTitle(text.title);
  const [status, setStatus] = useState<ErasureRequest['Status']>('open');
  const [offset, setOffset] = useState(0);
  const requests = useErasureRequests({ status, offset });
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <main id="main" className="page">
      <h1>{text.title}</h1>
      <p>{text.lead}</p>
      <div className="inline-form">
        {(['open', 'closed'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => {
              setStatus(value);
              setOffset(0);
            }}
          >
            {text[value]}
          </button>
        ))}
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      {requests.isPending ? <Loading label={text.loading} /> : null}
      {requests.isError ? <ErrorMessage error={requests.error} /> : null}
      {requests.data && requests.data.Items.length === 0 ? <Empty>{text.none}</Empty> : null}
      <div className="stack">
        {requests.data?.Items.map((item) => (
          <ErasureCard key={item.ID} item={item} onClosed={() => setNotice(text.closedNotice)} />
        ))}
      </div>
      {requests.data ? <Pager total={requests.data.Total} offset={offset} onChange={setOffset} /> : null}
    </main>
  );
}

export function ErasureCard({ item, onClosed }: { item: ErasureRequest; onClosed: () => void }) {
  const { language, fmt, t } = useI18n();
  const text = erasureTexts[language];
  const close = useCloseErasureRequest();
  const [note, setNote] = useState('');
  const headingId = `erasure-${item.ID}`;
  const noteId = `erasure-note-${item.ID}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close.mutate({ id: item.ID, Note: note.trim() }, { onSuccess: onClosed });
  };
  return (
    <section className="card" aria-labelledby={headingId} data-testid="erasure-request">
      <div className="card-header">
        <h2 id={headingId}>
          {t.countries[item.Country] ?? item.Country} · {text.requested(fmt.dateTime(item.RequestedAt))}
        </h2>
      </div>
      <p className="meta">{text.person(item.PersonID)}</p>
      <h3>{text.erasedNow}</h3>
      {item.PersonErasedAt ? <p>{text.personErased}</p> : null}
      {item.Erased.length ? (
        <ul>
          {item.Erased.map((entry) => (
            <li key={entry.Category}>
              {text.categories[entry.Category]} ({entry.Count})
            </li>
          ))}
        </ul>
      ) : (
        <p>{text.nothingErased}</p>
      )}
      <h3>{text.kept}</h3>
      {item.Kept.length ? (
        <ul data-testid="erasure-kept">
          {item.Kept.map((entry) => (
            <li key={`${entry.Category}-${entry.LoanApplicationID ?? ''}`}>
              {text.categories[entry.Category]}
              {entry.LoanApplicationID && entry.HumanReadableID ? (
                <>
                  {' '}
                  <Link to={`/applications/${entry.LoanApplicationID}`}>{entry.HumanReadableID}</Link>
                </>
              ) : null}{' '}
              — {entry.Law}, {entry.Until ? text.until(fmt.date(entry.Until)) : text.untilOpen}
            </li>
          ))}
        </ul>
      ) : (
        <p>{text.nothingKept}</p>
      )}
      {item.Status === 'closed' ? (
        <p className="meta">
          {text.closedAt(fmt.dateTime(item.ClosedAt))}
          {item.Note ? ` — ${item.Note}` : ''}
        </p>
      ) : (
        <form className="inline-form" onSubmit={submit}>
          <label htmlFor={noteId}>{text.note}</label>
          <input
            id={noteId}
            className="grow"
            value={note}
            maxLength={2000}
            onChange={(event) => setNote(event.target.value)}
          />
          <button type="submit" disabled={close.isPending}>
            {text.close}
          </button>
        </form>
      )}
      {close.isError ? <ErrorMessage title={text.notSaved} error={close.error} /> : null}
    </section>
  );
}
