import { useApplicationAudit } from '#src/features/application/api/list-application-audit.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { formatDateTime } from '#src/shared/ui/format.ts';
import { formatScalar } from '#src/shared/ui/record-view.tsx';

export function AuditTab({ applicationID }: { applicationID: string }) {
  const audit = useApplicationAudit(applicationID, true);
  if (audit.isPending) return <Loading label="Loading the audit log…" />;
  if (audit.isError && audit.error instanceof ApiError && audit.error.status === 403) {
    return <Notice>Your role does not include reading the audit log.</Notice>;
  }
  if (audit.isError) return <ErrorMessage error={audit.error} />;
  if (audit.data.Items.length === 0) return <Empty>Nothing recorded.</Empty>;
  return (
    <table className="data-table">
      <caption>
        Audit log ({audit.data.Total} {audit.data.Total === 1 ? 'entry' : 'entries'})
      </caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">Reason</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {audit.data.Items.map((entry) => (
          <tr key={entry.ID}>
            <td>{formatDateTime(entry.At)}</td>
            <td>{entry.ActorName ?? entry.ActorAgentID ?? '—'}</td>
            <td>{entry.Action}</td>
            <td>{entry.Reason ?? '—'}</td>
            <td className="details">{formatScalar(entry.Details)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
