import type { Application360 } from '@nordloan/domain/application-360';
import {
  type CallOutcome,
  type CallRecord,
  callOutcomes,
  callOutcomesNeedingNextContact,
  maxWrapUpNoteLength,
} from '@nordloan/domain/backoffice';
import { type OutboundNumberType, outboundNumberTypes } from '@nordloan/domain/enums';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { application360Key, mayDo } from '#src/features/application/api/get-application-360.ts';
import { useApplicationCalls, useRecordCall } from '#src/features/application/api/record-call.ts';
import { useWrapUpCall } from '#src/features/application/api/wrap-up-call.ts';
import { callState } from '#src/shared/api/calls.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Kbd, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { useShortcut } from '#src/shared/ui/shortcuts.ts';

// Calling the customer (c) and wrapping the call up (issue 38: "a call ends without an outcome or a
// note"): the newest call without a wrap-up gets the form — how it ended (a fixed list), a note, and the
// next contact date — saved on the call record.

export function CallsTab({ view }: { view: Application360 }) {
  const applicationID = view.Application.ID;
  const { t, fmt } = useI18n();
  const calls = useApplicationCalls(applicationID);
  const record = useRecordCall(applicationID);
  const mayCall = mayDo(view, '/call-orders');
  const [numberType, setNumberType] = useState<OutboundNumberType>('broker');
  const call = () => {
    if (!record.isPending && mayCall) record.mutate(numberType, { onSuccess: () => void calls.refetch() });
  };
  useShortcut('c', call, mayCall);

  const wrapUp = useWrapUpCall(applicationID);
  const items = calls.data?.Items ?? [];
  // A call answered or ended since the view was read: the case summary's last call reads the view again.
  const queryClient = useQueryClient();
  // Only on a change after the first read: each read of the view is audited.
  const callStates = calls.data
    ? items.map((item) => `${item.ID}:${item.Answered}:${item.EndedAt ?? ''}`).join()
    : null;
  const seenStates = useRef<string | null>(null);
  useEffect(() => {
    if (callStates === null) return;
    if (seenStates.current !== null && seenStates.current !== callStates) {
      void queryClient.invalidateQueries({ queryKey: application360Key(applicationID), exact: true });
    }
    seenStates.current = callStates;
  }, [callStates, applicationID, queryClient]);
  const toWrapUp = mayCall ? items.find((item) => item.Outcome === null) : undefined;

  return (
    <div className="stack">
      {mayCall ? (
        <div className="inline-form">
          <label>
            {t.calls.callFrom}
            <select
              value={numberType}
              onChange={(event) => setNumberType(event.target.value as OutboundNumberType)}
            >
              {outboundNumberTypes.map((type) => (
                <option key={type} value={type}>
                  {t.calls.numberTypes[type]}
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
            {record.isPending ? t.calls.calling : t.calls.callCustomer} <Kbd>c</Kbd>
          </button>
        </div>
      ) : null}
      {record.isError ? <ErrorMessage title={t.calls.notMade} error={record.error} /> : null}
      {toWrapUp ? <WrapUpForm key={toWrapUp.ID} record={toWrapUp} wrapUp={wrapUp} /> : null}
      {wrapUp.isSuccess && !toWrapUp ? <Notice>{t.calls.wrapUpSaved}</Notice> : null}
      {calls.isPending ? <Loading label={t.calls.loading} /> : null}
      {calls.isError ? <ErrorMessage error={calls.error} /> : null}
      {calls.data && items.length === 0 ? <Empty>{t.calls.none}</Empty> : null}
      {items.length > 0 ? (
        <table className="data-table" data-testid="call-records">
          <caption>{t.calls.records}</caption>
          <thead>
            <tr>
              <th scope="col">{t.calls.started}</th>
              <th scope="col">{t.calls.direction}</th>
              <th scope="col">{t.calls.number}</th>
              <th scope="col">{t.calls.outcome}</th>
              <th scope="col">{t.calls.wrapUp}</th>
              <th scope="col">{t.calls.ended}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.ID}>
                <td>{fmt.dateTime(item.InitiatedAt ?? item.CreatedAt)}</td>
                <td>{item.Outbound ? t.calls.outbound : t.calls.inbound}</td>
                <td>{item.CustomerPhoneNumber}</td>
                <td>
                  <span className="call-outcome">{t.calls.state[callState(item)]}</span>
                </td>
                <td data-testid="call-wrap-up">
                  {item.Outcome ? (
                    <>
                      <strong>{t.calls.outcomes[item.Outcome]}</strong>
                      {item.NextContactDate
                        ? ` · ${t.summary.nextContact(fmt.date(item.NextContactDate))}`
                        : ''}
                      {item.WrapUpNote ? <p className="note-text">{item.WrapUpNote}</p> : null}
                    </>
                  ) : (
                    t.calls.noWrapUp
                  )}
                </td>
                <td>{fmt.dateTime(item.EndedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** Today in the staff member's time zone, as a date input wants it. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

function WrapUpForm({ record, wrapUp }: { record: CallRecord; wrapUp: ReturnType<typeof useWrapUpCall> }) {
  const { t, fmt } = useI18n();
  const [outcome, setOutcome] = useState<CallOutcome | ''>('');
  const [note, setNote] = useState('');
  const [next, setNext] = useState('');
  const needsDate = outcome !== '' && callOutcomesNeedingNextContact.includes(outcome);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outcome === '' || (needsDate && !next) || wrapUp.isPending) return;
    wrapUp.mutate({
      callRecordID: record.ID,
      body: { Outcome: outcome, Note: note.trim(), NextContactDate: next || null },
    });
  };
  const headingId = `wrap-up-${record.ID}`;
  return (
    <form className="card wrap-up" onSubmit={submit} aria-labelledby={headingId} data-testid="wrap-up-form">
      <h3 id={headingId}>
        {t.calls.wrapUpTitle}{' '}
        <span className="hint">
          {fmt.dateTime(record.InitiatedAt ?? record.CreatedAt)} · {t.calls.state[callState(record)]}
        </span>
      </h3>
      <div className="form-grid">
        <label>
          {t.calls.outcomeLabel}
          <select
            required
            value={outcome}
            onChange={(event) => setOutcome(event.target.value as CallOutcome | '')}
          >
            <option value="">{t.calls.chooseOutcome}</option>
            {callOutcomes.map((value) => (
              <option key={value} value={value}>
                {t.calls.outcomes[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.calls.nextContact}
          <input
            type="date"
            min={today()}
            required={needsDate}
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
        </label>
        <label className="wide">
          {t.calls.note}
          <textarea
            rows={2}
            maxLength={maxWrapUpNoteLength}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
      </div>
      {needsDate && !next ? <p className="hint">{t.calls.needsDate}</p> : null}
      <div className="toolbar">
        <button
          type="submit"
          className="primary"
          disabled={outcome === '' || (needsDate && !next) || wrapUp.isPending}
        >
          {wrapUp.isPending ? t.common.saving : t.calls.saveWrapUp}
        </button>
      </div>
      {wrapUp.isError ? <ErrorMessage title={t.calls.wrapUpNotSaved} error={wrapUp.error} /> : null}
    </form>
  );
}
