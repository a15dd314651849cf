import type { CallOrder } from '@nordloan/domain/backoffice';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCallList } from '#src/features/calls/api/list-call-list.ts';
import { useCallRecord, useStartCall } from '#src/features/calls/api/start-call.ts';
import { callState } from '#src/shared/api/calls.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Kbd, Loading } from '#src/shared/ui/feedback.tsx';
import { formatAge } from '#src/shared/ui/format.ts';
import { Pager } from '#src/shared/ui/pager.tsx';
import { useShortcut } from '#src/shared/ui/shortcuts.ts';
import { bucketWords, statusWords } from '#src/shared/ui/status.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// The call list: customers to call, oldest order first. "Call" dials through the telephony adapter and
// shows the call's outcome as it happens; c calls the first customer on the list.

export function CallListPage({ countries }: { countries: string[] }) {
  const { t } = useI18n();
  useDocumentTitle(t.callList.title);
  const [country, setCountry] = useState<string>('');
  const [offset, setOffset] = useState(0);
  const list = useCallList({ country: country || undefined, offset });
  const start = useStartCall();
  const [active, setActive] = useState<{ orderID: string; recordID: string } | null>(null);
  const record = useCallRecord(active?.recordID ?? null);

  const call = (order: CallOrder) => {
    if (start.isPending) return;
    start.mutate(order.ID, { onSuccess: (answer) => setActive({ orderID: order.ID, recordID: answer.ID }) });
  };
  const first = list.data?.Items[0];
  useShortcut('c', () => first && call(first), !!first);

  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>{t.callList.title}</h1>
        <label className="inline-label">
          {t.common.country}
          <select
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
              setOffset(0);
            }}
          >
            <option value="">{t.callList.allCountries}</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {t.countries[code] ?? code}
              </option>
            ))}
          </select>
        </label>
      </header>
      {active ? (
        <div className="call-status" role="status" aria-live="polite">
          {record.data ? (
            <>
              {t.callList.callTo(record.data.CustomerPhoneNumber)}{' '}
              <strong className="call-outcome">{t.calls.state[callState(record.data)]}</strong>
            </>
          ) : (
            t.callList.calling
          )}
        </div>
      ) : null}
      {start.isError ? <ErrorMessage title={t.calls.notMade} error={start.error} /> : null}
      {record.isError ? <ErrorMessage error={record.error} /> : null}
      {list.isPending ? <Loading label={t.callList.loading} /> : null}
      {list.isError ? <ErrorMessage error={list.error} /> : null}
      {list.data && list.data.Items.length === 0 ? <Empty>{t.callList.nobody}</Empty> : null}
      {list.data && list.data.Items.length > 0 ? (
        <>
          <table className="data-table">
            <caption>{t.callList.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.callList.columns.application}</th>
                <th scope="col">{t.callList.columns.phone}</th>
                <th scope="col">{t.callList.columns.country}</th>
                <th scope="col">{t.callList.columns.status}</th>
                <th scope="col">{t.callList.columns.bucket}</th>
                <th scope="col">{t.callList.columns.from}</th>
                <th scope="col">{t.callList.columns.tags}</th>
                <th scope="col">{t.callList.columns.waiting}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.callList.columns.action}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.Items.map((order, index) => (
                <tr key={order.ID}>
                  <td>
                    <Link to={`/applications/${order.LoanApplicationID}/calls`}>{t.callList.open}</Link>
                  </td>
                  <td>{order.CustomerPhoneNumber}</td>
                  <td>{t.countries[order.MarketCountry] ?? order.MarketCountry}</td>
                  <td>{statusWords(t, order.LoanApplicationStatus)}</td>
                  <td>{order.BucketName ? bucketWords(t, order.BucketName) : t.common.nothing}</td>
                  <td>{t.calls.numberTypes[order.OutboundNumberType] ?? order.OutboundNumberType}</td>
                  <td>{order.Tags?.join(', ') || t.common.nothing}</td>
                  <td>{formatAge(order.CreatedAt, t)}</td>
                  <td>
                    <button
                      type="button"
                      className="primary"
                      onClick={() => call(order)}
                      disabled={start.isPending}
                      aria-label={t.callList.callNumber(order.CustomerPhoneNumber)}
                    >
                      {t.callList.call} {index === 0 ? <Kbd>c</Kbd> : null}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager total={list.data.Total} offset={offset} onChange={setOffset} />
        </>
      ) : null}
    </main>
  );
}
