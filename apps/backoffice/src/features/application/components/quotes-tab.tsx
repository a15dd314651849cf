import type { Application360, LenderQuotes } from '@nordloan/domain/application-360';
import type { LoanQuote as Quote } from '@nordloan/domain/lending/loan-quote.schema';
import { type FormEvent, useState } from 'react';
import { useChangeOffer } from '#src/features/application/api/change-offer.ts';
import { mayDo } from '#src/features/application/api/get-application-360.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Notice } from '#src/shared/ui/feedback.tsx';
import { lenderStatusWords } from '#src/shared/ui/status.tsx';

// Quotes per lender — what the customer would pay a month and in all, rates as percentages, amounts in the
// application's currency (issue 38) — with the timeline of the lender's answers in words, and the staff
// offer change (the existing change route: the lender answers with a new quote that supersedes the old one).

/** Offers that can still be changed: an approved one the customer has not accepted yet. */
const changeable = new Set(['approved']);

export function QuotesTab({ view }: { view: Application360 }) {
  const { t } = useI18n();
  if (view.Quotes.length === 0) return <Empty>{t.quotes.noLender}</Empty>;
  const mayChange = mayDo(view, '/change');
  // The lenders with an open or accepted offer first, cheapest effective rate first.
  const best = (lender: LenderQuotes) =>
    Math.min(
      ...lender.Quotes.filter((quote) => quote.Status === 'approved' || quote.Status === 'accepted').map(
        (quote) => quote.EffectiveRate,
      ),
    );
  const lenders = [...view.Quotes].sort((a, b) => best(a) - best(b) || 0);
  return (
    <div className="stack">
      {lenders.map((lender) => (
        <LenderCard
          key={lender.Lender.ID}
          lender={lender}
          applicationID={view.Application.ID}
          country={view.Application.Country}
          mayChange={mayChange}
        />
      ))}
    </div>
  );
}

function LenderCard({
  lender,
  applicationID,
  country,
  mayChange,
}: {
  lender: LenderQuotes;
  applicationID: string;
  country: string;
  mayChange: boolean;
}) {
  const { t, fmt } = useI18n();
  const headingId = `lender-${lender.Lender.ID}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-header">
        <h3 id={headingId}>
          {lender.Lender.Name} <span className="badge badge-none">{lenderStatusWords(t, lender.Status)}</span>
        </h3>
      </div>
      {lender.Reason ? <p className="meta">{lender.Reason}</p> : null}
      {lender.Quotes.length === 0 ? (
        <p className="empty">{t.quotes.noOffer}</p>
      ) : (
        <ul className="quote-list">
          {lender.Quotes.map((quote) => (
            <QuoteRow
              key={quote.ID}
              quote={quote}
              lenderName={lender.Lender.Name}
              applicationID={applicationID}
              country={country}
              mayChange={mayChange}
            />
          ))}
        </ul>
      )}
      <details className="timeline-details">
        <summary>{t.quotes.timeline}</summary>
        {lender.Timeline.length === 0 ? (
          <p className="empty">{t.quotes.nothingYet}</p>
        ) : (
          <ol className="timeline">
            {lender.Timeline.map((entry, index) => (
              // The timeline is read-only and ordered by the server: position is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                <time dateTime={entry.At}>{fmt.dateTime(entry.At)}</time>{' '}
                {t.quotes.events[entry.Event] ?? entry.Event}
                {typeof entry.Status === 'number'
                  ? ` · ${lenderStatusWords(t, entry.Status)}`
                  : typeof entry.Status === 'string'
                    ? ` · ${t.quotes.status[entry.Status] ?? entry.Status}`
                    : ''}
              </li>
            ))}
          </ol>
        )}
      </details>
    </section>
  );
}

function QuoteRow({
  quote,
  lenderName,
  applicationID,
  country,
  mayChange,
}: {
  quote: Quote;
  lenderName: string;
  applicationID: string;
  country: string;
  mayChange: boolean;
}) {
  const { t, fmt } = useI18n();
  const [changing, setChanging] = useState(false);
  const money = (amount: number) => fmt.money(amount, country);
  const open = quote.Status === 'approved' || quote.Status === 'accepted';
  return (
    <li className={`quote-row${open ? '' : ' quote-closed'}`}>
      <div className="quote-head">
        <span className={`badge ${open ? 'badge-open' : 'badge-none'}`}>
          {t.quotes.status[quote.Status] ?? quote.Status}
        </span>
        <span className="quote-monthly">
          <strong>{t.common.perMonth(money(quote.MonthlyPayment))}</strong>
        </span>
        {mayChange && changeable.has(quote.Status) ? (
          <button type="button" onClick={() => setChanging((isOpen) => !isOpen)} aria-expanded={changing}>
            {t.quotes.changeOffer}
          </button>
        ) : null}
      </div>
      <dl className="quote-figures" aria-label={t.quotes.offer(lenderName)}>
        <div>
          <dt>{t.quotes.amount}</dt>
          <dd>{money(quote.Amount)}</dd>
        </div>
        <div>
          <dt>{t.quotes.term}</dt>
          <dd>{t.common.months(quote.DurationMonths)}</dd>
        </div>
        <div>
          <dt>{t.quotes.effectiveRate}</dt>
          <dd>{fmt.percent(quote.EffectiveRate)}</dd>
        </div>
        <div>
          <dt>{t.quotes.nominalRate}</dt>
          <dd>{fmt.percent(quote.NominalRate)}</dd>
        </div>
        <div>
          <dt>{t.quotes.monthlyPayment}</dt>
          <dd>{money(quote.MonthlyPayment)}</dd>
        </div>
        <div>
          <dt>{t.quotes.totalCost}</dt>
          <dd>{money(quote.TotalCost)}</dd>
        </div>
        <div>
          <dt>{t.quotes.totalPayable}</dt>
          <dd>{money(quote.TotalPayable)}</dd>
        </div>
        <div>
          <dt>{t.quotes.fees}</dt>
          <dd>{t.quotes.feesText(money(quote.StartupFee), money(quote.MonthlyFee))}</dd>
        </div>
        <div>
          <dt>{t.quotes.expires}</dt>
          <dd>{fmt.date(quote.ExpiresAt)}</dd>
        </div>
      </dl>
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
  const { t } = useI18n();
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
    <form className="inline-form" onSubmit={submit} aria-label={t.quotes.changeForm(lenderName)}>
      <label>
        {t.quotes.amount}
        <input
          type="number"
          min={1}
          required
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      <label>
        {t.quotes.termMonths}
        <input
          type="number"
          min={1}
          required
          value={months}
          onChange={(event) => setMonths(event.target.value)}
        />
      </label>
      <button type="submit" className="primary" disabled={change.isPending}>
        {change.isPending ? t.quotes.asking : t.quotes.askChanged}
      </button>
      {change.isError ? <ErrorMessage error={change.error} /> : null}
      {change.isSuccess ? <Notice>{t.quotes.asked}</Notice> : null}
    </form>
  );
}
