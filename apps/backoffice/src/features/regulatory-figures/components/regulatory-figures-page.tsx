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
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Issues 17 and 39: per country, the caps in force today and the figures they come from (with each
// figure's notice), the periods staff must enter, and every known period. A country's Manager enters a
// missing or due period here (the server checks the role, the dates and that the period is new).

export function RegulatoryFiguresPage({ manageCountries }: { manageCountries: readonly string[] }) {
  const { t } = useI18n();
  useDocumentTitle(t.figures.documentTitle);
  const figures = useRegulatoryFigures({ enabled: true });
  return (
    <main id="main" className="page">
      <h1>{t.figures.title}</h1>
      {figures.isPending ? <Loading label={t.figures.loading} /> : null}
      {figures.isError ? <ErrorMessage error={figures.error} /> : null}
      {figures.data && figures.data.Caps.length === 0 ? <Empty>{t.figures.none}</Empty> : null}
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
  const { t, fmt } = useI18n();
  const caps = figures.Caps.find((entry) => entry.Country === country)!;
  const inForce = figures.InForce.filter((figure) => figure.Country === country);
  const reminders = figures.Reminders.filter((reminder) => reminder.Country === country);
  const periods = figures.Periods.filter((period) => period.Country === country);
  const headingId = `figures-${country}`;
  return (
    <section className="card" aria-labelledby={headingId} data-testid={`figures-${country}`}>
      <div className="card-header">
        <h2 id={headingId}>{countryName(t, country)}</h2>
        {caps.Fallback ? (
          <span className="badge badge-stopped">{t.figures.strictBound}</span>
        ) : (
          <span className="badge badge-open">{t.figures.inForce}</span>
        )}
      </div>
      <p>
        {t.figures.capsText(caps.Date, fmt.percent(caps.NominalRateCap))}
        {caps.StartupFeeCap !== null ? t.figures.startupCap(fmt.money(caps.StartupFeeCap, 'SE')) : null}.
      </p>
      <table className="data-table">
        <caption>{t.figures.inForce}</caption>
        <thead>
          <tr>
            <th scope="col">{t.figures.figure}</th>
            <th scope="col">{t.figures.value}</th>
            <th scope="col">{t.figures.period}</th>
            <th scope="col">{t.figures.source}</th>
          </tr>
        </thead>
        <tbody>
          {inForce.map((figure) => (
            <tr key={figure.Figure}>
              <td>{figureName(t, figure.Figure)}</td>
              <td>
                {figure.Fallback
                  ? t.figures.noneStrict(figureValue(fmt, figure.Figure, figure.Value))
                  : figureValue(fmt, figure.Figure, figure.Value)}
              </td>
              <td>
                {figure.ValidFrom} – {figure.ValidTo}
              </td>
              <td>{figure.Source ?? t.figures.noPeriod}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {reminders.length > 0 ? (
        <div className="stack">
          <h3>{t.figures.toEnter}</h3>
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
        <summary>{t.figures.allPeriods(periods.length)}</summary>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t.figures.figure}</th>
              <th scope="col">{t.figures.period}</th>
              <th scope="col">{t.figures.value}</th>
              <th scope="col">{t.figures.source}</th>
              <th scope="col">{t.figures.entered}</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={`${period.Figure}-${period.ValidFrom}`}>
                <td>{figureName(t, period.Figure)}</td>
                <td>
                  {period.ValidFrom} – {period.ValidTo}
                  {period.InForce ? t.figures.inForceMark : ''}
                </td>
                <td>{figureValue(fmt, period.Figure, period.Value)}</td>
                <td>{period.Source}</td>
                <td>{period.Origin === 'api' ? fmt.dateTime(period.CreatedAt) : t.figures.released}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function Reminder({ reminder, mayAdd }: { reminder: FigureReminderView; mayAdd: boolean }) {
  const { t } = useI18n();
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
      <p>{reminderText(t, reminder)}</p>
      <p className="hint">{reminder.WhereToFind}</p>
      {mayAdd ? (
        <form className="inline-form" onSubmit={submit}>
          <label htmlFor={`value-${id}`}>
            {figureName(t, reminder.Figure)} ({reminder.Figure === 'referenceRate' ? '%' : 'SEK'})
          </label>
          <input
            id={`value-${id}`}
            inputMode="decimal"
            value={value}
            required
            onChange={(event) => setValue(event.target.value)}
          />
          <label htmlFor={`source-${id}`}>{t.figures.sourceLabel}</label>
          <input
            id={`source-${id}`}
            className="grow"
            value={source}
            maxLength={500}
            required
            onChange={(event) => setSource(event.target.value)}
          />
          <button type="submit" disabled={add.isPending || !value.trim() || !source.trim()}>
            {t.figures.enter(reminder.ValidFrom, reminder.ValidTo)}
          </button>
        </form>
      ) : null}
      {add.isError ? <ErrorMessage title={t.figures.notEntered} error={add.error} /> : null}
      {add.isSuccess ? <Notice>{t.figures.enteredNotice}</Notice> : null}
    </div>
  );
}
