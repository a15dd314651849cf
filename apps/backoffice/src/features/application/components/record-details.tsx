import type { Application360 } from '@nordloan/domain/application-360';
import { useI18n } from '#src/shared/i18n/i18n.tsx';

// The record's internal fields — ids, revision, legacy id, clone origin — behind a disclosure (issue 38):
// closed by default, for a support request or a developer; the only place a uuid is on screen.

export function RecordDetails({ view }: { view: Application360 }) {
  const { t } = useI18n();
  const application = view.Application;
  const rows: [string, string | number | null][] = [
    ['LoanApplicationID', application.ID],
    ['Revision', application.Revision],
    ['LegacyID', application.LegacyID],
    ['CloneOrigin', application.CloneOrigin],
    ['ClonedFromID', application.ClonedFromID],
    ['CustomerID', application.CustomerID],
    ...view.Applicants.map((applicant, index): [string, string | null] => [
      `PersonID (${index + 1})`,
      applicant.Person?.ID ?? null,
    ]),
    ['AssignmentID', view.Assignment?.ID ?? null],
    ['AssignmentRevision', view.Assignment?.Revision ?? null],
    ['Brand', application.Brand],
    ['Status', application.Status],
  ];
  return (
    <details className="record-details" data-testid="record-details">
      <summary>{t.application.recordDetails}</summary>
      <p className="hint">{t.application.recordDetailsHint}</p>
      <dl className="fields mono">
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([name, value]) => (
            <div key={name} className="field">
              <dt>{name}</dt>
              <dd>
                <code>{String(value)}</code>
              </dd>
            </div>
          ))}
      </dl>
    </details>
  );
}
