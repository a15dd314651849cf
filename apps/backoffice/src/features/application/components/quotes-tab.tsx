import type { Application360, LenderQuotes } from '@nordloan/domain/application-360';
import type { LoanQuote as Quote } from '@nordloan/domain/lending/loan-quote.schema';
import { type FormEvent, useState } from 'react';
import { useChangeOffer } from '#src/features/application/api/change-offer.ts';
import { mayDo } from '#src/features/application/api/get-application-360.ts';
import { Empty, ErrorMessage, Notice } from '#src/shared/ui/feedback.tsx';
import { formatDateTime } from '#src/shared/ui/format.ts';
import { formatScalar } from '#src/shared/ui/record-view.tsx';
import { statusText } from '#src/shared/ui/status.tsx';

// Quotes per lender with the timeline of the lender's registration and answers, and the staff offer
// change (the existing change route: the lender answers with a new quote that supersedes the old one).

/** Offers that can still be changed: an approved one the customer has not accepted yet. */
const changeable = new Set(['approved']);

export function QuotesTab({ view }: { view: Application360 }) {
  if (view.Quotes.length === 0) return <Empty>No lender has been asked yet.</Empty>;
  const mayChange = mayDo(view, '/change');
  return (
    <div className="stack">
      {view.Quotes.map((lender) => (
        <LenderCard
          key={lender.Lender.ID}
          lender={lender}
          applicationID={view.Application.ID}
          mayChange={mayChange}
        />
      ))}
    </div>
  );
}

function lenderStatus(lender: LenderQuotes): string {
  if (lender.Status === null) return 'not asked';
  return statusText(lender.Status);
}

function LenderCard({
  lender,
  applicationID,
  mayChange,
}: {
  lender: LenderQuotes;
  applicationID: string;
  mayChange: boolean;
}) {
  const headingId = `lender-${lender.Lender.ID}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-header">
        <h3 id={headingId}>
          {lender.Lender.Name} <span className="badge badge-none">{lenderStatus(lender)}</span>
        </h3>
      </div>
      {lender.Reason ? <p className="meta">{lender.Reason}</p> : null}
      {lender.Quotes.length === 0 ? (
        <p className="empty">No offer.</p>
      ) : (
        <ul className="quote-list">
          {lender.Quotes.map((quote) => (
            <QuoteRow
              key={quote.ID}
              quote={quote}
              lenderName={lender.Lender.Name}
              applicationID={applicationID}
              mayChange={mayChange}
            />
          ))}
        </ul>
      )}
      <h4>Timeline</h4>
      {lender.Timeline.length === 0 ? (
        <p className="empty">Nothing yet.</p>
      ) : (
        <ol className="timeline">
          {lender.Timeline.map((entry, index) => (
            // The timeline is read-only and ordered by the server: position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>
              <time dateTime={entry.At}>{formatDateTime(entry.At)}</time> {entry.Event}
              {entry.Status !== null
                ? ` · ${typeof entry.Status === 'number' ? statusText(entry.Status) : entry.Status}`
                : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function QuoteRow({
  quote,
  lenderName,
  applicationID,
  mayChange,
}: {
  quote: Quote;
  lenderName: string;
  applicationID: string;
  mayChange: boolean;
}) {
  const [changing, setChanging] = useState(false);
  const rate =
    typeof quote.EffectiveRate === 'number' ? ` · effective rate ${formatScalar(quote.EffectiveRate)} %` : '';
  return (
    <li className="quote-row">
      <span>
        <span className="badge badge-open">{quote.Status}</span> {formatScalar(quote.Amount)} over{' '}
        {quote.DurationMonths} months{rate}
      </span>
      {mayChange && changeable.has(quote.Status) ? (
        <button type="button" onClick={() => setChanging((open) => !open)} aria-expanded={changing}>
          Change offer
        </button>
      ) : null}
      {changing ? (
        <ChangeOfferForm
          applicationID={applicationID}
          quote={quote}
          lenderName={lenderName}
          onDone={() => setChanging(false)}
        />
      ) : null}
    </li>
  );
}

function ChangeOfferForm({
  applicationID,
  quote,
  lenderName,
  onDone,
}: {
  applicationID: string;
  quote: Quote;
  lenderName: string;
  onDone: () => void;
}) {
  const change = useChangeOffer(applicationID);
  const [amount, setAmount] = useState(String(quote.Amount));
  const [months, setMonths] = useState(String(quote.DurationMonths));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { quoteID: quote.ID, Amount: Number(amount), DurationMonths: Number(months) },
      { onSuccess: onDone },
    );
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label={`Change the offer from ${lenderName}`}>
      <label>
        Amount
        <input
          type="number"
          min={1}
          required
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      <label>
        Term (months)
        <input
          type="number"
          min={1}
          required
          value={months}
          onChange={(event) => setMonths(event.target.value)}
        />
      </label>
      <button type="submit" className="primary" disabled={change.isPending}>
        {change.isPending ? 'Asking the lender…' : 'Ask for the changed offer'}
      </button>
      {change.isError ? <ErrorMessage error={change.error} /> : null}
      {change.isSuccess ? (
        <Notice>The lender was asked; the new offer appears here when it answers.</Notice>
      ) : null}
    </form>
  );
}
