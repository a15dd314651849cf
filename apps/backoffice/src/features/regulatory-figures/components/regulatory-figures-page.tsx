import type { RegulatedCountry } from '@nordloan/domain/finance/regulatory-figures';
import type { FigureReminderView } from '@nordloan/domain/finance/regulatory-figures.schema';
import { type FormEvent, useState } from 'react';
import { useAddRegulatoryFigure } from '#src/features/regulatory-figures/api/add-regulatory-figure.ts';
import {
  type RegulatoryFigures,
  useRegulatoryFigures,
} from '#src/features/regulatory-figures/api/get-regulatory-figures.ts';
import {
  countryName,
  figureName,
  figureValue,
  reminderText,
} from '#src/features/regulatory-figures/model/figure-text.ts';
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { formatDateTime } from '#src/shared/ui/format.ts';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Issues 17 and 39: per country, the caps in force today and the figures they come from (with each
// figure's notice), the periods staff must enter, and every known period. A country's Manager enters a
// missing or due period here (the server checks the role, the dates and that the period is new).

export function RegulatoryFiguresPage({ manageCountries }: { manageCountries: readonly string[] }) {
  useDocumentTitle('Regulatory figures');
  const figures = useRegulatoryFigures({ enabled: true });
  return (
    <main id="main" className="page">
      <h1>Regulatory figures and caps</h1>
      {figures.isPending ? <Loading label="Loading figures…" /> : null}
      {figures.isError ? <ErrorMessage error={figures.error} /> : null}
      {figures.data && figures.data.Caps.length === 0 ? (
        <Empty>None of your countries has dated regulatory figures (only Sweden and Finland do).</Empty>
      ) : null}
      <div className="stack">
        {figures.data?.Caps.map((caps) => (
          <CountryFigures
            key={caps.Country}
            country={caps.Country}
            figures={figures.data}
            mayAdd={manageCountries.includes(caps.Country)}
          />
        ))}
      </div>
    </main>
  );
}

function CountryFigures({
  country,
  figures,
  mayAdd,
}: {
  country: RegulatedCountry;
  figures: RegulatoryFigures;
  mayAdd: boolean;
}) {
  const caps = figures.Caps.find((entry) => entry.Country === country)!;
  const inForce = figures.InForce.filter((figure) => figure.Country === country);
  const reminders = figures.Reminders.filter((reminder) => reminder.Country === country);
  const periods = figures.Periods.filter((period) => period.Country === country);
  const headingId = `figures-${country}`;
  return (
    <section className="card" aria-labelledby={headingId} data-testid={`figures-${country}`}>
      <div className="card-header">
        <h2 id={headingId}>{countryName(country)}</h2>
        {caps.Fallback ? (
          <span className="badge badge-stopped">Strict bound: a figure is missing</span>
        ) : (
          <span className="badge badge-open">Figures in force</span>
        )}
      </div>
      <p>
        Caps in force on {caps.Date}: nominal rate at most <strong>{caps.NominalRateCap} %</strong>
        {caps.StartupFeeCap !== null ? (
          <>
            , startup fee at most <strong>{caps.StartupFeeCap.toLocaleString('sv-SE')} SEK</strong>
          </>
        ) : null}
        .
      </p>
      <table className="data-table">
        <caption>Figures in force</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">Value</th>
            <th scope="col">Period</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {inForce.map((figure) => (
            <tr key={figure.Figure}>
              <td>{figureName(figure.Figure)}</td>
              <td>
                {figure.Fallback
                  ? `none — strict bound ${figureValue(figure.Figure, figure.Value)}`
                  : figureValue(figure.Figure, figure.Value)}
              </td>
              <td>
                {figure.ValidFrom} – {figure.ValidTo}
              </td>
              <td>{figure.Source ?? 'No period entered'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {reminders.length > 0 ? (
        <div className="stack">
          <h3>To enter</h3>
          {reminders.map((reminder) => (
            <Reminder
              key={`${reminder.Kind}-${reminder.Figure}-${reminder.ValidFrom}`}
              reminder={reminder}
              mayAdd={mayAdd}
            />
          ))}
        </div>
      ) : null}
      <details>
        <summary>All periods ({periods.length})</summary>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">Period</th>
              <th scope="col">Value</th>
              <th scope="col">Source</th>
              <th scope="col">Entered</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={`${period.Figure}-${period.ValidFrom}`}>
                <td>{figureName(period.Figure)}</td>
                <td>
                  {period.ValidFrom} – {period.ValidTo}
                  {period.InForce ? ' (in force)' : ''}
                </td>
                <td>{figureValue(period.Figure, period.Value)}</td>
                <td>{period.Source}</td>
                <td>
                  {period.Origin === 'api' ? formatDateTime(period.CreatedAt) : 'released with the product'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function Reminder({ reminder, mayAdd }: { reminder: FigureReminderView; mayAdd: boolean }) {
  const add = useAddRegulatoryFigure();
  const [value, setValue] = useState('');
  const [source, setSource] = useState('');
  const id = `${reminder.Country}-${reminder.Figure}-${reminder.ValidFrom}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = Number(value.replace(',', '.').replace(/\s/g, ''));
    if (!value.trim() || !Number.isFinite(number) || !source.trim()) return;
    add.mutate({
      Country: reminder.Country,
      Figure: reminder.Figure,
      Value: number,
      ValidFrom: reminder.ValidFrom,
      ValidTo: reminder.ValidTo,
      Source: source.trim(),
    });
  };
  return (
    <div className={reminder.Kind === 'missing' ? 'error-box' : 'figures-due'} data-testid="figure-reminder">
      <p>{reminderText(reminder)}</p>
      <p className="hint">{reminder.WhereToFind}</p>
      {mayAdd ? (
        <form className="inline-form" onSubmit={submit}>
          <label htmlFor={`value-${id}`}>
            {figureName(reminder.Figure)} ({reminder.Figure === 'referenceRate' ? '%' : 'SEK'})
          </label>
          <input
            id={`value-${id}`}
            inputMode="decimal"
            value={value}
            required
            onChange={(event) => setValue(event.target.value)}
          />
          <label htmlFor={`source-${id}`}>Source (the authority's notice)</label>
          <input
            id={`source-${id}`}
            className="grow"
            value={source}
            maxLength={500}
            required
            onChange={(event) => setSource(event.target.value)}
          />
          <button type="submit" disabled={add.isPending || !value.trim() || !source.trim()}>
            Enter {reminder.ValidFrom} – {reminder.ValidTo}
          </button>
        </form>
      ) : null}
      {add.isError ? <ErrorMessage title="Not entered" error={add.error} /> : null}
      {add.isSuccess ? <Notice>Entered. Offers from now on use it.</Notice> : null}
    </div>
  );
}
