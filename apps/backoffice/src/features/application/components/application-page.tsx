import type { Application360 } from '@nordloan/domain/application-360';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { NavLink, useNavigate, useParams } from 'react-router';
import {
  applicantName,
  mayDo,
  useApplication360,
} from '#src/features/application/api/get-application-360.ts';
import { useMarkProcessed } from '#src/features/application/api/mark-processed.ts';
import { useResendMagicLink } from '#src/features/application/api/resend-magic-link.ts';
import { useRunScreening } from '#src/features/application/api/run-screening.ts';
import { useWithdrawApplication } from '#src/features/application/api/withdraw-application.ts';
import { lastBucket, useTakeNextAssignment } from '#src/shared/api/assignments.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { ErrorMessage, Kbd, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { formatDateTime } from '#src/shared/ui/format.ts';
import { useShortcut } from '#src/shared/ui/shortcuts.ts';
import { StatusBadge } from '#src/shared/ui/status.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';
import {
  ApplicantsTab,
  type ApplicationTabId,
  applicationTabs,
  ConsentsTab,
  DocumentsTab,
  FinancesTab,
  HistoryTab,
  isApplicationTab,
} from './application-tabs.tsx';
import { AuditTab } from './audit-tab.tsx';
import { CallsTab } from './calls-tab.tsx';
import { InsuranceTab } from './insurance-tab.tsx';
import { NotesTab } from './notes-tab.tsx';
import { QuotesTab } from './quotes-tab.tsx';

// The application 360° view: everything about one application on one page, its tabs reachable with the
// number keys, and the case handler's actions — mark processed (p), next item (n), call (c on Calls),
// note, withdraw, resend the magic link, change an offer (on Quotes), screen again.

export function ApplicationPage({ agentID }: { agentID: string }) {
  const { applicationID = '', tab } = useParams();
  const activeTab: ApplicationTabId = isApplicationTab(tab) ? tab : 'applicants';
  const navigate = useNavigate();
  const view = useApplication360(applicationID);
  useDocumentTitle(view.data ? `Application ${view.data.Application.HumanReadableID}` : 'Application');

  useShortcut(
    applicationTabs.map((_, index) => String(index + 1)),
    (event) => {
      const entry = applicationTabs[Number(event.key) - 1];
      if (entry) navigate(`/applications/${applicationID}/${entry.id}`);
    },
  );

  if (view.isPending) {
    return (
      <main id="main" className="page">
        <Loading label="Opening the application…" />
      </main>
    );
  }
  if (view.isError) {
    const hidden = view.error instanceof ApiError && view.error.status === 404;
    return (
      <main id="main" className="page">
        <h1>Application</h1>
        <ErrorMessage
          title={hidden ? 'Not available' : 'The application could not be opened'}
          error={
            hidden ? new Error('No application with this id in the countries you work with.') : view.error
          }
        />
      </main>
    );
  }

  const data = view.data;
  return (
    <main id="main" className="page application-page">
      <ApplicationHeader view={data} agentID={agentID} />
      <nav className="tabs" aria-label="Application sections">
        {applicationTabs.map((entry, index) => (
          <NavLink
            key={entry.id}
            to={`/applications/${applicationID}/${entry.id}`}
            className={({ isActive }) => (isActive || entry.id === activeTab ? 'tab active' : 'tab')}
            aria-current={entry.id === activeTab ? 'page' : undefined}
            aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
          >
            {entry.label}
            {counts(data, entry.id)} {index < 9 ? <Kbd>{index + 1}</Kbd> : null}
          </NavLink>
        ))}
      </nav>
      <section
        className="tab-panel"
        aria-label={applicationTabs.find((entry) => entry.id === activeTab)?.label}
      >
        {activeTab === 'applicants' ? <ApplicantsTab view={data} /> : null}
        {activeTab === 'finances' ? <FinancesTab view={data} /> : null}
        {activeTab === 'documents' ? <DocumentsTab view={data} /> : null}
        {activeTab === 'quotes' ? <QuotesTab view={data} /> : null}
        {activeTab === 'consents' ? <ConsentsTab view={data} /> : null}
        {activeTab === 'calls' ? <CallsTab applicationID={applicationID} /> : null}
        {activeTab === 'history' ? <HistoryTab view={data} /> : null}
        {activeTab === 'notes' ? <NotesTab view={data} /> : null}
        {activeTab === 'audit' ? <AuditTab applicationID={applicationID} /> : null}
        {activeTab === 'insurance' ? <InsuranceTab view={data} /> : null}
      </section>
    </main>
  );
}

function counts(view: Application360, tab: ApplicationTabId): string {
  const list: Partial<Record<ApplicationTabId, unknown[]>> = {
    applicants: view.Applicants,
    documents: view.Documents,
    quotes: view.Quotes,
    calls: view.Calls,
    notes: view.Notes,
  };
  const items = list[tab];
  return items && items.length > 0 ? ` (${items.length})` : '';
}

function ApplicationHeader({ view, agentID }: { view: Application360; agentID: string }) {
  const { Application: application, Assignment: assignment } = view;
  const navigate = useNavigate();
  const markProcessed = useMarkProcessed(application.ID);
  const takeNext = useTakeNextAssignment();
  const resend = useResendMagicLink(application.ID);
  const screening = useRunScreening(application.ID);
  const [withdrawing, setWithdrawing] = useState(false);

  const canProcess = !!assignment && !assignment.ProcessedAt;
  const process = () => {
    if (assignment && canProcess && !markProcessed.isPending) markProcessed.mutate(assignment);
  };
  const nextBucket = assignment?.BucketID ?? lastBucket();
  const next = () => {
    if (!nextBucket || takeNext.isPending) return;
    takeNext.mutate(nextBucket, {
      onSuccess: (item) => navigate(`/applications/${item.LoanApplicationID}`),
    });
  };
  useShortcut('p', process, canProcess);
  useShortcut('n', next, !!nextBucket);

  const emptyBucket = takeNext.error instanceof ApiError && takeNext.error.status === 404;

  return (
    <header className="application-header">
      <div className="title-row">
        <h1>
          {application.HumanReadableID} · {applicantName(view)}
        </h1>
        <StatusBadge code={application.Status} />
      </div>
      <p className="meta">
        {[application.Product, application.Country, application.Brand].join(' · ')}
        {assignment
          ? ` · ${
              assignment.ProcessedAt
                ? `processed ${formatDateTime(assignment.ProcessedAt)}`
                : assignment.AssigneeID === agentID
                  ? 'assigned to you'
                  : assignment.AssigneeID
                    ? 'assigned to a colleague'
                    : 'unassigned'
            }`
          : ''}
      </p>
      <div className="toolbar" role="toolbar" aria-label="Actions">
        <button
          type="button"
          className="primary"
          onClick={process}
          disabled={!canProcess || markProcessed.isPending}
          aria-keyshortcuts="p"
        >
          {assignment?.ProcessedAt ? 'Processed' : markProcessed.isPending ? 'Saving…' : 'Mark processed'}{' '}
          <Kbd>p</Kbd>
        </button>
        <button
          type="button"
          onClick={next}
          disabled={!nextBucket || takeNext.isPending}
          aria-keyshortcuts="n"
        >
          {takeNext.isPending ? 'Taking…' : 'Next item'} <Kbd>n</Kbd>
        </button>
        {mayDo(view, '/magic-link') ? (
          <button type="button" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? 'Sending…' : 'Resend magic link'}
          </button>
        ) : null}
        {mayDo(view, '/screening') ? (
          <button type="button" onClick={() => screening.mutate()} disabled={screening.isPending}>
            {screening.isPending ? 'Screening…' : 'Screen PEP/sanctions'}
          </button>
        ) : null}
        {mayDo(view, '/withdraw') ? (
          <button
            type="button"
            className="danger"
            onClick={() => setWithdrawing((open) => !open)}
            aria-expanded={withdrawing}
          >
            Withdraw…
          </button>
        ) : null}
      </div>
      {markProcessed.isError ? (
        <ErrorMessage title="Not marked processed" error={markProcessed.error} />
      ) : null}
      {markProcessed.isSuccess ? <Notice>Marked processed. Press n for the next item.</Notice> : null}
      {emptyBucket ? <Notice>The bucket is empty: nothing more to take.</Notice> : null}
      {takeNext.isError && !emptyBucket ? <ErrorMessage error={takeNext.error} /> : null}
      {resend.isSuccess ? <Notice>A new magic link was sent to the customer.</Notice> : null}
      {resend.isError ? <ErrorMessage title="The link was not sent" error={resend.error} /> : null}
      {screening.isSuccess ? <Notice>Screening done: see Consents for the checks.</Notice> : null}
      {screening.isError ? <ErrorMessage title="Screening failed" error={screening.error} /> : null}
      {withdrawing ? (
        <WithdrawForm applicationID={application.ID} onDone={() => setWithdrawing(false)} />
      ) : null}
    </header>
  );
}

function WithdrawForm({ applicationID, onDone }: { applicationID: string; onDone: () => void }) {
  const withdraw = useWithdrawApplication(applicationID);
  const [reason, setReason] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // The form opens on request: the reason is what the broker types next.
  useEffect(() => field.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) withdraw.mutate(reason.trim(), { onSuccess: onDone });
  };
  return (
    <form className="inline-form danger-zone" onSubmit={submit} aria-label="Withdraw the application">
      <label>
        Reason for withdrawing
        <input
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          maxLength={500}
          ref={field}
        />
      </label>
      <button type="submit" className="danger" disabled={withdraw.isPending || !reason.trim()}>
        {withdraw.isPending ? 'Withdrawing…' : 'Withdraw application'}
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      {withdraw.isError ? <ErrorMessage title="Not withdrawn" error={withdraw.error} /> : null}
    </form>
  );
}
