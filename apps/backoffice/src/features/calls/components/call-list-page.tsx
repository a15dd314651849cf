import type { CallOrder } from '@nordloan/domain/backoffice';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCallList } from '#src/features/calls/api/list-call-list.ts';
import { useCallRecord, useStartCall } from '#src/features/calls/api/start-call.ts';
import { callOutcome } from '#src/shared/api/calls.ts';
import { Empty, ErrorMessage, Kbd, Loading } from '#src/shared/ui/feedback.tsx';
import { formatAge } from '#src/shared/ui/format.ts';
import { Pager } from '#src/shared/ui/pager.tsx';
import { useShortcut } from '#src/shared/ui/shortcuts.ts';
import { statusText } from '#src/shared/ui/status.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// The call list: customers to call, oldest order first. "Call" dials through the telephony adapter and
// shows the call's outcome as it happens; c calls the first customer on the list.

export function CallListPage({ countries }: { countries: string[] }) {
  useDocumentTitle('Call list');
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
        <h1>Call list</h1>
        <label className="inline-label">
          Country
          <select
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
              setOffset(0);
            }}
          >
            <option value="">All my countries</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
      </header>
      {active ? (
        <div className="call-status" role="status" aria-live="polite">
          {record.data ? (
            <>
              Call to {record.data.CustomerPhoneNumber}:{' '}
              <strong className="call-outcome">{callOutcome(record.data)}</strong>
            </>
          ) : (
            'Calling…'
          )}
        </div>
      ) : null}
      {start.isError ? <ErrorMessage title="The call could not be made" error={start.error} /> : null}
      {record.isError ? <ErrorMessage error={record.error} /> : null}
      {list.isPending ? <Loading label="Loading the call list…" /> : null}
      {list.isError ? <ErrorMessage error={list.error} /> : null}
      {list.data && list.data.Items.length === 0 ? <Empty>Nobody to call right now.</Empty> : null}
      {list.data && list.data.Items.length > 0 ? (
        <>
          <table className="data-table">
            <caption>Waiting calls</caption>
            <thead>
              <tr>
                <th scope="col">Application</th>
                <th scope="col">Phone</th>
                <th scope="col">Country</th>
                <th scope="col">Status</th>
                <th scope="col">Bucket</th>
                <th scope="col">From number</th>
                <th scope="col">Tags</th>
                <th scope="col">Waiting</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.Items.map((order, index) => (
                <tr key={order.ID}>
                  <td>
                    <Link to={`/applications/${order.LoanApplicationID}/calls`}>
                      {order.LoanApplicationID.slice(0, 8)}
                    </Link>
                  </td>
                  <td>{order.CustomerPhoneNumber}</td>
                  <td>{order.MarketCountry}</td>
                  <td>{statusText(order.LoanApplicationStatus)}</td>
                  <td>{order.BucketName ?? '—'}</td>
                  <td>{order.OutboundNumberType}</td>
                  <td>{order.Tags?.join(', ') || '—'}</td>
                  <td>{formatAge(order.CreatedAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="primary"
                      onClick={() => call(order)}
                      disabled={start.isPending}
                      aria-label={`Call ${order.CustomerPhoneNumber}`}
                    >
                      Call {index === 0 ? <Kbd>c</Kbd> : null}
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
