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
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { ErrorMessage, Kbd, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { useShortcut } from '#src/shared/ui/shortcuts.ts';
import { brandName, StatusBadge } from '#src/shared/ui/status.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';
import { ApplicantsTab, type ApplicationTabId, FinancesTab, visibleTabs } from './application-tabs.tsx';
import { AuditTab } from './audit-tab.tsx';
import { CallsTab } from './calls-tab.tsx';
import { CaseSummary } from './case-summary.tsx';
import { InsuranceTab } from './insurance-tab.tsx';
import { NotesTab } from './notes-tab.tsx';
import { QuotesTab } from './quotes-tab.tsx';
import { RecordDetails } from './record-details.tsx';
import { ConsentsTab, DocumentsTab, HistoryTab } from './record-tabs.tsx';

// The application 360° view: who and what at the top with the case summary (issue 38: understood in ten
// seconds), then the tabs the caller's role may read, reachable with the number keys, and the case
// handler's actions — mark processed (p), next item (n), call (c on Calls), note, withdraw, resend the
// magic link, change an offer (on Quotes), screen again. Internal ids only in the record details.

export function ApplicationPage({
  agentID,
  permissions = {},
}: {
  agentID: string;
  permissions?: Record<string, string[]>;
}) {
  const { applicationID = '', tab } = useParams();
  const navigate = useNavigate();
  const { t } = useI18n();
  const view = useApplication360(applicationID);
  const tabs = view.data ? visibleTabs(view.data.Application.Country, permissions) : [];
  const activeTab: ApplicationTabId = tabs.some((entry) => entry.id === tab)
    ? (tab as ApplicationTabId)
    : 'applicants';
  useDocumentTitle(
    view.data
      ? `${applicantName(view.data, t.common.applicant)} · ${view.data.Application.HumanReadableID}`
      : t.application.title,
  );

  useShortcut(
    tabs.slice(0, 9).map((_, index) => String(index + 1)),
    (event) => {
      const entry = tabs[Number(event.key) - 1];
      if (entry) navigate(`/applications/${applicationID}/${entry.id}`);
    },
  );

  if (view.isPending) {
    return (
      <main id="main" className="page">
        <Loading label={t.application.opening} />
      </main>
    );
  }
  if (view.isError) {
    const hidden = view.error instanceof ApiError && view.error.status === 404;
    return (
      <main id="main" className="page">
        <h1>{t.application.title}</h1>
        <ErrorMessage
          title={hidden ? t.application.notAvailable : t.application.couldNotOpen}
          error={hidden ? new Error(t.application.notInYourCountries) : view.error}
        />
      </main>
    );
  }

  const data = view.data;
  const tabLabel = (id: ApplicationTabId) => t.application.tabs[id];
  return (
    <main id="main" className="page application-page">
      <ApplicationHeader view={data} agentID={agentID} />
      <CaseSummary view={data} />
      <nav className="tabs" aria-label={t.application.sections}>
        {tabs.map((entry, index) => (
          <NavLink
            key={entry.id}
            to={`/applications/${applicationID}/${entry.id}`}
            className={({ isActive }) => (isActive || entry.id === activeTab ? 'tab active' : 'tab')}
            aria-current={entry.id === activeTab ? 'page' : undefined}
            aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
          >
            {tabLabel(entry.id)}
            {counts(data, entry.id)} {index < 9 ? <Kbd>{index + 1}</Kbd> : null}
          </NavLink>
        ))}
      </nav>
      <section className="tab-panel" aria-label={tabLabel(activeTab)}>
        {activeTab === 'applicants' ? <ApplicantsTab view={data} /> : null}
        {activeTab === 'finances' ? <FinancesTab view={data} /> : null}
        {activeTab === 'documents' ? <DocumentsTab view={data} /> : null}
        {activeTab === 'quotes' ? <QuotesTab view={data} /> : null}
        {activeTab === 'consents' ? <ConsentsTab view={data} /> : null}
        {activeTab === 'calls' ? <CallsTab view={data} /> : null}
        {activeTab === 'history' ? <HistoryTab view={data} /> : null}
        {activeTab === 'notes' ? <NotesTab view={data} /> : null}
        {activeTab === 'audit' ? <AuditTab applicationID={applicationID} /> : null}
        {activeTab === 'insurance' ? <InsuranceTab view={data} /> : null}
      </section>
      <RecordDetails view={data} />
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
  const { t } = useI18n();
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
  const mine = assignment?.AssigneeID === agentID && !assignment.ProcessedAt;

  return (
    <header className="application-header">
      <div className="title-row">
        <h1>{applicantName(view, t.common.applicant)}</h1>
        <StatusBadge code={application.Status} />
        {mine ? <span className="badge badge-mine">{t.summary.assignedToYou}</span> : null}
      </div>
      <p className="meta">
        {[
          t.common.applicationNumber(application.HumanReadableID),
          t.products[application.Product] ?? application.Product,
          t.countries[application.Country] ?? application.Country,
          brandName(application.Brand),
        ].join(' · ')}
      </p>
      <div className="toolbar" role="toolbar" aria-label={t.application.actions}>
        <button
          type="button"
          className="primary"
          onClick={process}
          disabled={!canProcess || markProcessed.isPending}
          aria-keyshortcuts="p"
        >
          {assignment?.ProcessedAt
            ? t.application.processed
            : markProcessed.isPending
              ? t.common.saving
              : t.application.markProcessed}{' '}
          <Kbd>p</Kbd>
        </button>
        <button
          type="button"
          onClick={next}
          disabled={!nextBucket || takeNext.isPending}
          aria-keyshortcuts="n"
        >
          {takeNext.isPending ? t.application.taking : t.application.nextItem} <Kbd>n</Kbd>
        </button>
        {mayDo(view, '/magic-link') ? (
          <button type="button" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? t.application.sending : t.application.resendLink}
          </button>
        ) : null}
        {mayDo(view, '/screening') ? (
          <button type="button" onClick={() => screening.mutate()} disabled={screening.isPending}>
            {screening.isPending ? t.application.screening : t.application.screen}
          </button>
        ) : null}
        {mayDo(view, '/withdraw') ? (
          <button
            type="button"
            className="danger"
            onClick={() => setWithdrawing((open) => !open)}
            aria-expanded={withdrawing}
          >
            {t.application.withdraw}
          </button>
        ) : null}
      </div>
      {markProcessed.isError ? (
        <ErrorMessage title={t.application.notProcessed} error={markProcessed.error} />
      ) : null}
      {markProcessed.isSuccess ? <Notice>{t.application.markedProcessed}</Notice> : null}
      {emptyBucket ? <Notice>{t.application.bucketEmpty}</Notice> : null}
      {takeNext.isError && !emptyBucket ? <ErrorMessage error={takeNext.error} /> : null}
      {resend.isSuccess ? <Notice>{t.application.linkSent}</Notice> : null}
      {resend.isError ? <ErrorMessage title={t.application.linkNotSent} error={resend.error} /> : null}
      {screening.isSuccess ? <Notice>{t.application.screeningDone}</Notice> : null}
      {screening.isError ? (
        <ErrorMessage title={t.application.screeningFailed} error={screening.error} />
      ) : null}
      {withdrawing ? (
        <WithdrawForm applicationID={application.ID} onDone={() => setWithdrawing(false)} />
      ) : null}
    </header>
  );
}

function WithdrawForm({ applicationID, onDone }: { applicationID: string; onDone: () => void }) {
  const { t } = useI18n();
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
    <form className="inline-form danger-zone" onSubmit={submit} aria-label={t.application.withdrawForm}>
      <label>
        {t.application.withdrawReason}
        <input
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          maxLength={500}
          ref={field}
        />
      </label>
      <button type="submit" className="danger" disabled={withdraw.isPending || !reason.trim()}>
        {withdraw.isPending ? t.application.withdrawing : t.application.withdrawButton}
      </button>
      <button type="button" onClick={onDone}>
        {t.common.cancel}
      </button>
      {withdraw.isError ? <ErrorMessage title={t.application.notWithdrawn} error={withdraw.error} /> : null}
    </form>
  );
}
