import { useState } from 'react';
import {
  type Lender,
  useLenders,
  usePauseLender,
  useResumeLender,
} from '#src/features/lenders/api/lenders.ts';
import { useLenderTexts } from '#src/features/lenders/model/lender-texts.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';
import { AddLenderForm, EditLenderForm } from './lender-form.tsx';
import { LenderUsers } from './lender-users.tsx';

// Issue 33 item 4 (docs/decisions/0067): a country's Manager sees its lenders — how each is reached, its
// products and commission, paused or not — adds one (its own API, or our lender portal), edits one and
// pauses or resumes it. A stored secret is only ever said to be there.

export function LendersPage({ manageCountries }: { manageCountries: readonly string[] }) {
  const text = useLenderTexts();
  const { t } = useI18n();
  useDocumentTitle(text.documentTitle);
  const lenders = useLenders();
  const [editing, setEditing] = useState<string | null>(null);
  const editedLender = lenders.data?.find((lender) => lender.ID === editing);
  return (
    <main id="main" className="page">
      <h1>{text.title}</h1>
      {lenders.isPending ? <Loading label={text.loading} /> : null}
      {lenders.isError ? <ErrorMessage error={lenders.error} /> : null}
      {lenders.data?.length === 0 ? <Empty>{text.none}</Empty> : null}
      <div className="stack">
        {manageCountries.map((country) => {
          const rows = lenders.data?.filter((lender) => lender.Country === country) ?? [];
          if (rows.length === 0) return null;
          return (
            <section key={country} className="card" aria-labelledby={`lenders-${country}`}>
              <h2 id={`lenders-${country}`}>{t.countries[country as keyof typeof t.countries] ?? country}</h2>
              <LenderTable lenders={rows} onEdit={setEditing} />
            </section>
          );
        })}
        {editedLender ? (
          <EditLenderForm key={editedLender.ID} lender={editedLender} onDone={() => setEditing(null)} />
        ) : null}
        {editedLender?.Channel === 'portal' ? (
          <LenderUsers key={`users-${editedLender.ID}`} lender={editedLender} />
        ) : null}
        {manageCountries.length > 0 ? <AddLenderForm countries={manageCountries} /> : null}
      </div>
    </main>
  );
}

function LenderTable({ lenders, onEdit }: { lenders: Lender[]; onEdit: (id: string) => void }) {
  const text = useLenderTexts();
  const { t, fmt } = useI18n();
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">{text.lender}</th>
          <th scope="col">{text.channel}</th>
          <th scope="col">{text.products}</th>
          <th scope="col">{text.commission}</th>
          <th scope="col">{text.status}</th>
          <th scope="col">{text.actions}</th>
        </tr>
      </thead>
      <tbody>
        {lenders.map((lender) => (
          <tr key={lender.ID} data-testid={`lender-${lender.ID}`}>
            <td>
              {lender.Name}
              <span className="hint"> {lender.ID}</span>
            </td>
            <td>{text.channels[lender.Channel]}</td>
            <td>{lender.Products.map((product) => t.products[product] ?? product).join(', ')}</td>
            <td>{fmt.percent(lender.CommissionPercent)}</td>
            <td>
              {!lender.Active ? (
                <span className="badge badge-stopped">{text.inactive}</span>
              ) : lender.Paused ? (
                <span className="badge badge-stopped">{text.paused}</span>
              ) : (
                <span className="badge badge-open">{text.active}</span>
              )}
            </td>
            <td>
              <LenderActions lender={lender} onEdit={() => onEdit(lender.ID)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LenderActions({ lender, onEdit }: { lender: Lender; onEdit: () => void }) {
  const text = useLenderTexts();
  const pause = usePauseLender();
  const resume = useResumeLender();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = `pause-reason-${lender.ID}`;
  return (
    <div className="inline-form">
      <button type="button" className="link-button" onClick={onEdit}>
        {text.edit}
      </button>
      {lender.Paused ? (
        <button type="button" disabled={resume.isPending} onClick={() => resume.mutate({ id: lender.ID })}>
          {text.resume}
        </button>
      ) : asking ? (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim().length < 3) return;
            pause.mutate({ id: lender.ID, reason: reason.trim() }, { onSuccess: () => setAsking(false) });
          }}
        >
          <label htmlFor={reasonId}>{text.pauseReason}</label>
          <input
            id={reasonId}
            value={reason}
            minLength={3}
            maxLength={500}
            required
            onChange={(event) => setReason(event.target.value)}
          />
          <button type="submit" disabled={pause.isPending || reason.trim().length < 3}>
            {text.confirmPause(lender.Name)}
          </button>
          <button type="button" className="link-button" onClick={() => setAsking(false)}>
            {text.cancel}
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setAsking(true)}>
          {text.pause}
        </button>
      )}
      {pause.isError ? <ErrorMessage title={text.notSaved} error={pause.error} /> : null}
      {resume.isError ? <ErrorMessage title={text.notSaved} error={resume.error} /> : null}
      {pause.isSuccess && lender.Paused ? <Notice>{text.pausedNotice(lender.Name)}</Notice> : null}
      {resume.isSuccess && !lender.Paused ? <Notice>{text.resumedNotice(lender.Name)}</Notice> : null}
    </div>
  );
}
