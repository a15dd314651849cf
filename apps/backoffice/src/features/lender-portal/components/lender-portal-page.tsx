import { Link } from 'react-router';
import { usePortalApplications, usePortalMe } from '#src/features/lender-portal/api/portal.ts';
import { usePortalTexts } from '#src/features/lender-portal/model/portal-texts.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Loading } from '#src/shared/ui/feedback.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Issue 33 item 6 (docs/decisions/0068): a lender's person sees the applications sent to their lender —
// only those — newest first, the ones awaiting their answer marked. Opening one shows what the lender API
// would have sent, and the answers.

export function LenderPortalPage() {
  const text = usePortalTexts();
  const { t, fmt } = useI18n();
  useDocumentTitle(text.documentTitle);
  const me = usePortalMe();
  const applications = usePortalApplications();
  return (
    <main id="main" className="page">
      <h1>{me.data ? text.title(me.data.LenderName) : text.documentTitle}</h1>
      {applications.isPending ? <Loading label={text.loading} /> : null}
      {applications.isError ? <ErrorMessage error={applications.error} /> : null}
      {me.isError ? <ErrorMessage error={me.error} /> : null}
      {applications.data?.length === 0 ? <Empty>{text.none}</Empty> : null}
      {applications.data && applications.data.length > 0 ? (
        <table className="data-table" data-testid="portal-applications">
          <thead>
            <tr>
              <th scope="col">{text.received}</th>
              <th scope="col">{text.product}</th>
              <th scope="col">{text.amount}</th>
              <th scope="col">{text.term}</th>
              <th scope="col">{text.state}</th>
              <th scope="col">{text.reference}</th>
            </tr>
          </thead>
          <tbody>
            {applications.data.map((item) => (
              <tr key={item.ApplicationReference} data-testid="portal-application">
                <td>{fmt.dateTime(item.ReceivedAt)}</td>
                <td>{t.products[item.Product] ?? item.Product}</td>
                <td>{fmt.money(item.Amount, item.Country)}</td>
                <td>{text.months(item.DurationMonths)}</td>
                <td>
                  {item.AwaitingAnswer ? (
                    <span className="badge badge-open">{text.awaiting}</span>
                  ) : (
                    <span className="badge">{text.answered}</span>
                  )}
                </td>
                <td>
                  <Link to={`/lender-portal/${item.ApplicationReference}`}>
                    {text.open} <span className="hint">{item.ApplicationReference.slice(0, 8)}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </main>
  );
}
