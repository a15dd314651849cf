import { useApplicationAudit } from '#src/features/application/api/list-application-audit.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { humanize } from '#src/shared/ui/format.ts';

// The application's audit log (audit.read: team leads; the tab is shown only to roles that hold it).

export function AuditTab({ applicationID }: { applicationID: string }) {
  const { t, fmt } = useI18n();
  const audit = useApplicationAudit(applicationID, true);
  if (audit.isPending) return <Loading label={t.audit.loading} />;
  if (audit.isError && audit.error instanceof ApiError && audit.error.status === 403) {
    return <Notice>{t.audit.notAllowed}</Notice>;
  }
  if (audit.isError) return <ErrorMessage error={audit.error} />;
  if (audit.data.Items.length === 0) return <Empty>{t.audit.nothing}</Empty>;
  return (
    <table className="data-table">
      <caption>{t.audit.caption(audit.data.Total)}</caption>
      <thead>
        <tr>
          <th scope="col">{t.audit.when}</th>
          <th scope="col">{t.audit.who}</th>
          <th scope="col">{t.audit.action}</th>
          <th scope="col">{t.audit.reason}</th>
          <th scope="col">{t.audit.details}</th>
        </tr>
      </thead>
      <tbody>
        {audit.data.Items.map((entry) => (
          <tr key={entry.ID}>
            <td>{fmt.dateTime(entry.At)}</td>
            <td>{entry.ActorName ?? t.history.actors.staff}</td>
            <td>{t.audit.actions[entry.Action] ?? humanize(entry.Action.replace('.', ' '))}</td>
            <td>{entry.Reason ?? t.common.nothing}</td>
            <td className="details">
              {Object.entries(entry.Details)
                .filter(([name]) => !name.endsWith('ID') && !name.endsWith('IDs'))
                .map(
                  ([name, value]) =>
                    `${humanize(name)}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
                )
                .join(' · ') || t.common.nothing}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
