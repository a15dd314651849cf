import type { Application360 } from '@nordloan/domain/application-360';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty } from '#src/shared/ui/feedback.tsx';
import { RecordView, useFieldLabel, useValueText } from '#src/shared/ui/record-view.tsx';
import { statusWords } from '#src/shared/ui/status.tsx';

// The 360° view's record tabs, read-only: the screening checks, contact preferences, consents and terms;
// the status history and leads; the documents (the other tabs: application-tabs.tsx).

export function ConsentsTab({ view }: { view: Application360 }) {
  const { t, fmt } = useI18n();
  const country = view.Application.Country;
  const checks = view.PersonChecks;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="checks-heading">
        <h3 id="checks-heading">{t.consents.checks}</h3>
        {checks.length === 0 ? (
          <p className="empty">{t.common.none}</p>
        ) : (
          <ul className="plain-list">
            {checks.map((check) => {
              const hits = (['PEP', 'RCA', 'Sanctioned'] as const).filter((kind) => check.Attributes[kind]);
              return (
                <li key={check.ID}>
                  <strong>{check.FullName}</strong> · {fmt.dateTime(check.CreatedAt)} ·{' '}
                  {hits.length > 0
                    ? hits.map((kind) => t.consents.hitKinds[kind]).join(', ')
                    : t.consents.noHit}
                  {check.Details ? <p className="details">{check.Details}</p> : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="contact-preferences-heading">
        <h3 id="contact-preferences-heading">{t.consents.preferences}</h3>
        {view.ContactPreferences ? (
          <ul data-testid="contact-preferences">
            <li>{t.consents.offersByEmail(view.ContactPreferences.Email)}</li>
            <li>{t.consents.offersBySms(view.ContactPreferences.Sms)}</li>
            <li>
              {view.ContactPreferences.NoSalesCalls ? t.consents.noSalesCalls : t.consents.salesCallsAllowed}
            </li>
          </ul>
        ) : (
          <Empty>{t.consents.noCustomer}</Empty>
        )}
      </section>
      <section className="card" aria-labelledby="consents-heading">
        <h3 id="consents-heading">{t.consents.consents}</h3>
        <RecordView value={view.Consents.map(({ Brand: _brand, ...rest }) => rest)} country={country} />
      </section>
      <section className="card" aria-labelledby="contact-log-heading">
        <h3 id="contact-log-heading">{t.consents.contactLog}</h3>
        <RecordView value={view.ContactLog} country={country} />
      </section>
      <section className="card" aria-labelledby="terms-heading">
        <h3 id="terms-heading">{t.consents.terms}</h3>
        <RecordView value={view.TermsAccepted.map(({ Brand: _brand, ...rest }) => rest)} country={country} />
      </section>
    </div>
  );
}

/** Who made a status change, in words: "customer:…", "system:…", "lender:…" or an agent. */
function useActorWords() {
  const { t } = useI18n();
  return (actor: string) => t.history.actors[actor.split(':')[0] ?? ''] ?? t.history.actors.staff;
}

export function HistoryTab({ view }: { view: Application360 }) {
  const { t, fmt } = useI18n();
  const actorWords = useActorWords();
  const history = [...view.StatusHistory].reverse();
  return (
    <div className="stack">
      <section className="card" aria-labelledby="status-history-heading">
        <h3 id="status-history-heading">{t.history.statusHistory}</h3>
        {history.length === 0 ? (
          <p className="empty">{t.common.none}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t.history.when}</th>
                  <th scope="col">{t.history.from}</th>
                  <th scope="col">{t.history.to}</th>
                  <th scope="col">{t.history.by}</th>
                  <th scope="col">{t.history.why}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((entry, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the history is read-only and ordered by the server
                  <tr key={index}>
                    <td>{fmt.dateTime(entry.At)}</td>
                    <td>{statusWords(t, entry.From)}</td>
                    <td>{statusWords(t, entry.To)}</td>
                    <td>{actorWords(entry.Actor)}</td>
                    <td>{entry.Reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="leads-heading">
        <h3 id="leads-heading">{t.history.leads}</h3>
        <RecordView value={view.Leads} country={view.Application.Country} />
      </section>
    </div>
  );
}

export function DocumentsTab({ view }: { view: Application360 }) {
  const { t, fmt } = useI18n();
  const label = useFieldLabel();
  const text = useValueText();
  if (view.Documents.length === 0) return <Empty>{t.documents.none}</Empty>;
  return (
    <table className="data-table">
      <caption>{t.documents.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{label('Filename')}</th>
          <th scope="col">{label('Category')}</th>
          <th scope="col">{label('Owner')}</th>
          <th scope="col">{label('CreatedAt')}</th>
        </tr>
      </thead>
      <tbody>
        {view.Documents.map((document) => (
          <tr key={document.ID}>
            <td>{document.Filename}</td>
            <td>{text(document.Category)}</td>
            <td>{text(document.Owner)}</td>
            <td>{fmt.dateTime(document.CreatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
