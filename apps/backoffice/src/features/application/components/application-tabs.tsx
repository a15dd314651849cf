import type { Applicant360, Application360 } from '@nordloan/domain/application-360';
import { fullName } from '#src/features/application/api/get-application-360.ts';
import { Empty } from '#src/shared/ui/feedback.tsx';
import { formatDateTime, humanize } from '#src/shared/ui/format.ts';
import { Fields, formatScalar, RecordView } from '#src/shared/ui/record-view.tsx';

// The read-only tabs of the 360° view. Each shows everything the server sends for its part.

export const applicationTabs = [
  { id: 'applicants', label: 'Applicants' },
  { id: 'finances', label: 'Finances' },
  { id: 'documents', label: 'Documents' },
  { id: 'quotes', label: 'Quotes' },
  { id: 'consents', label: 'Consents' },
  { id: 'calls', label: 'Calls' },
  { id: 'history', label: 'History' },
  { id: 'notes', label: 'Notes' },
  { id: 'audit', label: 'Audit' },
  // Last: the number keys 1–9 of the tabs before it stay as staff know them.
  { id: 'insurance', label: 'Insurance' },
] as const;
export type ApplicationTabId = (typeof applicationTabs)[number]['id'];

export function isApplicationTab(value: string | undefined): value is ApplicationTabId {
  return applicationTabs.some((tab) => tab.id === value);
}

export function roleLabel(applicant: Applicant360, index: number): string {
  return applicant.Role ? humanize(applicant.Role) : index === 0 ? 'Main applicant' : 'Co-applicant';
}

export function ApplicantsTab({ view }: { view: Application360 }) {
  if (view.Applicants.length === 0) return <Empty>No applicants recorded.</Empty>;
  return (
    <div className="stack">
      {view.Applicants.map((applicant, index) => (
        <section key={applicant.Person?.ID ?? index} className="card" aria-labelledby={`applicant-${index}`}>
          <h3 id={`applicant-${index}`}>
            {roleLabel(applicant, index)}
            {applicant.Person ? ` — ${fullName(applicant.Person)}` : ''}
          </h3>
          <Fields value={applicant.Person ?? {}} />
        </section>
      ))}
      <section className="card" aria-labelledby="application-details">
        <h3 id="application-details">Application</h3>
        {/* The applicants' own answers are on Finances. */}
        <Fields value={view.Application} hide={['MainApplicant', 'CoApplicant']} />
      </section>
    </div>
  );
}

export function FinancesTab({ view }: { view: Application360 }) {
  if (view.Applicants.length === 0) return <Empty>No applicants recorded.</Empty>;
  return (
    <div className="stack">
      {view.Applicants.map((applicant, index) => (
        <section key={applicant.Person?.ID ?? index} className="card" aria-labelledby={`finances-${index}`}>
          <h3 id={`finances-${index}`}>{roleLabel(applicant, index)}</h3>
          <h4>Income</h4>
          <RecordView value={applicant.Income ?? null} />
          <h4>Expenses</h4>
          <RecordView value={applicant.Expenses ?? null} />
          <h4>Debts</h4>
          <RecordView value={applicant.Debts} />
          <h4>Children</h4>
          <RecordView value={applicant.Children} />
          <h4>Cars</h4>
          <RecordView value={applicant.Cars} />
          <h4>Real estate</h4>
          <RecordView value={applicant.RealEstate} />
        </section>
      ))}
    </div>
  );
}

export function ConsentsTab({ view }: { view: Application360 }) {
  return (
    <div className="stack">
      <section className="card" aria-labelledby="consents-heading">
        <h3 id="consents-heading">Consents</h3>
        <RecordView value={view.Consents} />
      </section>
      <section className="card" aria-labelledby="contact-preferences-heading">
        <h3 id="contact-preferences-heading">Contact preferences</h3>
        {view.ContactPreferences ? (
          <ul data-testid="contact-preferences">
            <li>Offers by e-mail: {view.ContactPreferences.Email ? 'yes' : 'no'}</li>
            <li>Offers by SMS: {view.ContactPreferences.Sms ? 'yes' : 'no'}</li>
            <li>
              {view.ContactPreferences.NoSalesCalls
                ? 'No sales calls: sales orders are refused and kept off the call list'
                : 'Sales calls: allowed'}
            </li>
          </ul>
        ) : (
          <Empty>No customer record: no preferences yet.</Empty>
        )}
      </section>
      <section className="card" aria-labelledby="contact-log-heading">
        <h3 id="contact-log-heading">Contact log</h3>
        <RecordView value={view.ContactLog} />
      </section>
      <section className="card" aria-labelledby="terms-heading">
        <h3 id="terms-heading">Terms accepted</h3>
        <RecordView value={view.TermsAccepted ?? null} />
      </section>
      <section className="card" aria-labelledby="checks-heading">
        <h3 id="checks-heading">PEP and sanctions checks</h3>
        <RecordView value={view.PersonChecks} />
      </section>
    </div>
  );
}

export function HistoryTab({ view }: { view: Application360 }) {
  return (
    <div className="stack">
      <section className="card" aria-labelledby="status-history-heading">
        <h3 id="status-history-heading">Status history</h3>
        <RecordView value={view.StatusHistory} />
      </section>
      <section className="card" aria-labelledby="leads-heading">
        <h3 id="leads-heading">Leads</h3>
        <RecordView value={view.Leads} />
      </section>
    </div>
  );
}

export function DocumentsTab({ view }: { view: Application360 }) {
  return <RecordView value={view.Documents} caption="Documents" />;
}

export function NotesList({ notes }: { notes: unknown[] }) {
  if (notes.length === 0) return <Empty>No notes yet.</Empty>;
  return (
    <ol className="notes">
      {notes.map((note, index) => {
        const record = (note ?? {}) as Record<string, unknown>;
        const key = typeof record.ID === 'string' ? record.ID : String(index);
        return (
          <li key={key} className="note">
            <p className="note-meta">
              {formatScalar(record.AuthorName ?? record.ActorName ?? record.AgentName ?? 'Staff')} ·{' '}
              {formatDateTime(typeof record.CreatedAt === 'string' ? record.CreatedAt : null)}
            </p>
            <p className="note-text">{formatScalar(record.Text ?? note)}</p>
          </li>
        );
      })}
    </ol>
  );
}
