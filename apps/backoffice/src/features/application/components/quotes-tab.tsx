import { type FormEvent, useState } from 'react';
import { useChangeOffer } from '#src/features/application/api/change-offer.ts';
import type { Application360, QuoteView } from '#src/features/application/api/get-application-360.ts';
import { formatScalar, RecordView } from '#src/shared/ui/data-view.tsx';
import { Empty, ErrorMessage, Notice } from '#src/shared/ui/feedback.tsx';
import { lenderName } from './application-tabs.tsx';

// Quotes per lender with their status timelines, and the staff offer change (the existing change route:
// the lender answers with a new quote that supersedes the old one).

export function QuotesTab({ view }: { view: Application360 }) {
  if (view.Quotes.length === 0) return <Empty>No quotes yet.</Empty>;
  return (
    <div className="stack">
      {view.Quotes.map((quote, index) => (
        <QuoteCard key={quote.ID ?? index} quote={quote} applicationID={view.Application.ID} index={index} />
      ))}
    </div>
  );
}

function QuoteCard({
  quote,
  applicationID,
  index,
}: {
  quote: QuoteView;
  applicationID: string;
  index: number;
}) {
  const [changing, setChanging] = useState(false);
  const headingId = `quote-${index}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-header">
        <h3 id={headingId}>
          {lenderName(quote)} <span className="badge badge-open">{quote.Status ?? 'unknown'}</span>
        </h3>
        {quote.ID && quote.Status !== 'superseded' ? (
          <button type="button" onClick={() => setChanging((open) => !open)} aria-expanded={changing}>
            Change offer
          </button>
        ) : null}
      </div>
      <p className="quote-figures">
        Amount {formatScalar(quote.Amount)} · {formatScalar(quote.DurationMonths)} months
      </p>
      {changing && quote.ID ? (
        <ChangeOfferForm
          applicationID={applicationID}
          quote={quote as QuoteView & { ID: string }}
          onDone={() => setChanging(false)}
        />
      ) : null}
      <h4>Timeline</h4>
      <RecordView value={quote.Timeline} />
    </section>
  );
}

function ChangeOfferForm({
  applicationID,
  quote,
  onDone,
}: {
  applicationID: string;
  quote: QuoteView & { ID: string };
  onDone: () => void;
}) {
  const change = useChangeOffer(applicationID);
  const [amount, setAmount] = useState(String(quote.Amount ?? ''));
  const [months, setMonths] = useState(String(quote.DurationMonths ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { quoteID: quote.ID, Amount: Number(amount), DurationMonths: Number(months) },
      { onSuccess: onDone },
    );
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label={`Change offer from ${lenderName(quote)}`}>
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
        <Notice>The lender was asked; the new quote appears here when it answers.</Notice>
      ) : null}
    </form>
  );
}
