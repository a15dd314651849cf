import { type OutboundNumberType, outboundNumberTypes } from '@nordloan/domain/enums';
import { useState } from 'react';
import { useApplicationCalls, useRecordCall } from '#src/features/application/api/record-call.ts';
import { callOutcome } from '#src/shared/api/calls.ts';
import { Empty, ErrorMessage, Kbd, Loading } from '#src/shared/ui/feedback.tsx';
import { formatDateTime } from '#src/shared/ui/format.ts';
import { useShortcut } from '#src/shared/ui/shortcuts.ts';

// §3 outbound number types: which of our numbers the customer sees.
const numberTypeLabels: Record<OutboundNumberType, string> = {
  broker: 'Broker number',
  agent: 'Agent direct number',
  uscore: 'uScore number',
};

export function CallsTab({ applicationID }: { applicationID: string }) {
  const calls = useApplicationCalls(applicationID);
  const record = useRecordCall(applicationID);
  const [numberType, setNumberType] = useState<OutboundNumberType>('broker');
  const call = () => {
    if (!record.isPending) record.mutate(numberType, { onSuccess: () => void calls.refetch() });
  };
  useShortcut('c', call);

  return (
    <div className="stack">
      <div className="inline-form">
        <label>
          Call from
          <select
            value={numberType}
            onChange={(event) => setNumberType(event.target.value as OutboundNumberType)}
          >
            {outboundNumberTypes.map((type) => (
              <option key={type} value={type}>
                {numberTypeLabels[type]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="primary"
          onClick={call}
          disabled={record.isPending}
          aria-keyshortcuts="c"
        >
          {record.isPending ? 'Calling…' : 'Call customer'} <Kbd>c</Kbd>
        </button>
      </div>
      {record.isError ? <ErrorMessage title="The call could not be made" error={record.error} /> : null}
      {calls.isPending ? <Loading label="Loading calls…" /> : null}
      {calls.isError ? <ErrorMessage error={calls.error} /> : null}
      {calls.data && calls.data.Items.length === 0 ? <Empty>No calls yet.</Empty> : null}
      {calls.data && calls.data.Items.length > 0 ? (
        <table className="data-table" data-testid="call-records">
          <caption>Call records</caption>
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Direction</th>
              <th scope="col">Number</th>
              <th scope="col">Outcome</th>
              <th scope="col">Ended</th>
            </tr>
          </thead>
          <tbody>
            {calls.data.Items.map((item) => (
              <tr key={item.ID}>
                <td>{formatDateTime(item.InitiatedAt ?? item.CreatedAt)}</td>
                <td>{item.Outbound ? 'Outbound' : 'Inbound'}</td>
                <td>{item.CustomerPhoneNumber}</td>
                <td>
                  <span className="call-outcome">{callOutcome(item)}</span>
                </td>
                <td>{formatDateTime(item.EndedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
