import type { Product } from '@nordloan/domain/enums';
import type { PresentedQuote, QuotesPresentationV2 } from '@nordloan/domain/lending/loan-quote.schema';
import {
  applicationStatus,
  isApplicationStatusCode,
  isInStatusGroup,
  isTerminalStatus,
  statusPhase,
  statusPhases,
} from '@nordloan/domain/statuses';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { AgreementSigningPanel } from '#src/features/my-page/agreement-signing/agreement-signing-panel.tsx';
import { useApplicationLiveUpdates } from '#src/features/my-page/api/application-events.ts';
import { useLendingSummary } from '#src/features/my-page/api/get-lending-summary.ts';
import { usePaymentRemarks } from '#src/features/my-page/api/get-payment-remarks.ts';
import { useProductRecommendation } from '#src/features/my-page/api/get-product-recommendation.ts';
import {
  liveSafetyPollMs,
  offersPollMs,
  useQuotesPresentation,
} from '#src/features/my-page/api/get-quotes-presentation.ts';
import { useRegisterDebts } from '#src/features/my-page/api/get-register-debts.ts';
import { useTransparency } from '#src/features/my-page/api/get-transparency.ts';
import { useQuoteHistory } from '#src/features/my-page/api/re-quote.ts';
import { useWithdrawApplication } from '#src/features/my-page/api/withdraw-application.ts';
import { AcceptOfferDialog } from '#src/features/my-page/components/accept-offer-dialog.tsx';
import { ChangeOfferDialog } from '#src/features/my-page/components/change-offer-dialog.tsx';
import { CoApplicantInvitePanel } from '#src/features/my-page/components/co-applicant-invite-panel.tsx';
import { ContactLogPanel } from '#src/features/my-page/components/contact-preferences.tsx';
import { Disclosure } from '#src/features/my-page/components/disclosure.tsx';
import { DocumentsPanel } from '#src/features/my-page/components/documents-panel.tsx';
import { ModalDialog } from '#src/features/my-page/components/modal-dialog.tsx';
import { NextStepsPanel } from '#src/features/my-page/components/next-steps-panel.tsx';
import { type OfferAction, OffersPanel } from '#src/features/my-page/components/offers-panel.tsx';
import { QuoteHistory } from '#src/features/my-page/components/quote-history.tsx';
import { ReQuoteDialog } from '#src/features/my-page/components/re-quote-dialog.tsx';
import { RegistersPanel } from '#src/features/my-page/components/registers-panel.tsx';
import { SecuredCasePanel } from '#src/features/my-page/components/secured-case-panel.tsx';
import { StatusTimeline } from '#src/features/my-page/components/status-timeline.tsx';
import { TransparencyPanel } from '#src/features/my-page/components/transparency-panel.tsx';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import { HumanReviewPanel } from '#src/features/my-page/human-review/components/human-review-panel.tsx';
import {
  type ApplicationState,
  deriveApplicationState,
  isEditableStatus,
} from '#src/features/my-page/model/application-state.ts';
import { shouldPollOffers } from '#src/features/my-page/model/offer-polling.ts';
import { recommendedOffer, requestedTermsOf } from '#src/features/my-page/model/offer-sorting.ts';
import { RateWatchPanel } from '#src/features/my-page/rate-watch/rate-watch-panel.tsx';
import { RefinancingPanel } from '#src/features/my-page/refinancing/refinancing-panel.tsx';
import { CreditWithdrawalPanel } from '#src/features/my-page/withdrawal/credit-withdrawal-panel.tsx';
import { useAuthStore } from '#src/session/auth-store.ts';
import { DebtRegisterSlot } from '#src/shared/debt-register/debt-register-slot.tsx';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import '#src/features/my-page/my-page.css';

/** The fields of an application the personal page reads (the session layer's list answer). */
export interface MyPageApplication {
  ID: string;
  Product: Product;
  Status?: number | undefined;
  HumanReadableID?: string | undefined;
  CreatedAt: string;
  Amount?: unknown;
  Duration?: unknown;
  PersonID?: string | null | undefined;
  CoApplicantPersonID?: string | null | undefined;
}

/** How often the timeline is refreshed between acceptance and payout (the bank's steps take days). */
const bankStepsPollMs = 30_000;

type OpenModal = OfferAction | { kind: 'withdraw' } | { kind: 'requote' } | null;

const isEnded = (status: number) => isApplicationStatusCode(status) && isTerminalStatus(status);

function useQuotesLoadedEvent(applicationId: string, presentation: QuotesPresentationV2 | null | undefined) {
  const count = presentation
    ? presentation.Groups.reduce((sum, group) => sum + group.Quotes.length, 0)
    : null;
  useEffect(() => {
    // §4 loan-quote-presentation-loaded: when the offers are first shown, and again when more arrive.
    if (count !== null)
      trackFlowEvent('loan-quote-presentation-loaded', { applicationId, quoteCount: count });
  }, [applicationId, count]);
}

/** The application's state in one line (issue 38: one derived value, never two contradicting lines). */
function StateLine({ state }: { state: ApplicationState }) {
  const { t } = useTranslation();
  let text: string;
  switch (state.kind) {
    case 'draft':
      text = t('offers.state.draft');
      break;
    case 'waiting-for-co-applicant':
      text = t('offers.state.waitingForCoApplicant');
      break;
    case 'needs-correction':
      text = t('offers.state.needsCorrection');
      break;
    case 'registers-failed':
      text = t('offers.state.registersFailed');
      break;
    case 'received':
      text = t('offers.state.received');
      break;
    case 'banks-answering':
      text =
        state.pending === null
          ? t('offers.state.banksAnswering')
          : state.offers > 0
            ? `${t('offers.state.offersSoFar', { count: state.offers })} – ${t('offers.state.waitingFor', { count: state.pending })}.`
            : t('offers.state.banksAnsweringPending', { count: state.pending });
      break;
    case 'choose-offer':
      text = t('offers.state.chooseOffer', { count: state.offers });
      break;
    case 'no-offers':
      text = t('offers.state.noOffers');
      break;
    case 'offers-unavailable':
      text = t('offers.state.offersUnavailable');
      break;
    case 'accepted':
      text = t('offers.state.accepted');
      break;
    case 'payout':
      text = t('offers.state.payout');
      break;
    case 'disbursed':
      text = t('offers.state.disbursed');
      break;
    case 'ended':
      text = t(`offers.timeline.now.${state.sentence}`);
      break;
  }
  return (
    <p
      className={`application__state application__state--${state.kind}`}
      data-testid="application-state"
      data-state={state.kind}
      role="status"
      aria-live="polite"
    >
      {text}
    </p>
  );
}

/**
 * One application (issue 38: offers first): its state in one line; the first offer of the ranking with its
 * accept button and the others compact; what to do next (continue a draft, the bank's next steps after
 * acceptance, documents); then, behind named sections, the history, each lender's path, the registers'
 * answers, earlier offers and the contact log.
 */
export function ApplicationSection({
  application,
  continueHref,
}: {
  application: MyPageApplication;
  /** The apply page that opens this application at its saved step (`?resume=<id>`); null without one. */
  continueHref: string | null;
}) {
  const { t } = useTranslation();
  const { format: brandFormat } = useBrand();
  const format = useOfferFormat();
  const titleId = useId();
  const [modal, setModal] = useState<OpenModal>(null);
  const [notice, setNotice] = useState('');
  // Only the main applicant invites the co-applicant (ADR 0038); the co-applicant sees no invite panel.
  const personId = useAuthStore((state) => state.personId);
  const isMainApplicant = !!personId && application.PersonID === personId;
  // The form is the main applicant's to fill in: the co-applicant is not sent to continue it.
  const isCoApplicant = !!personId && application.CoApplicantPersonID === personId;

  const summaryProbe = useLendingSummary(application.ID, { refetchInterval: false });
  const knownStatus = summaryProbe.data?.Status ?? application.Status ?? applicationStatus.started;
  const submitted =
    knownStatus >= applicationStatus.submitted && knownStatus !== applicationStatus.validationFailed;
  // Issue 13: changes are pushed while the stream is up; polling is the fallback while it is not.
  const { live } = useApplicationLiveUpdates(application.ID, { enabled: !isEnded(knownStatus) });
  const presentation = useQuotesPresentation(application.ID, { enabled: submitted, live });
  const polling = submitted && !live && shouldPollOffers(presentation.data);
  // The same summary query, refreshed with the offers while they are moving (status and history).
  // After acceptance the offers are settled but the bank's steps are not: the timeline follows them slowly.
  const afterAcceptance =
    isInStatusGroup(knownStatus, 'Accepted') || isInStatusGroup(knownStatus, 'Disbursing');
  const summary = useLendingSummary(application.ID, {
    // While the stream is up these slow polls are only its safety net (a lost notification).
    refetchInterval: polling
      ? offersPollMs
      : afterAcceptance
        ? bankStepsPollMs
        : submitted && shouldPollOffers(presentation.data)
          ? liveSafetyPollMs
          : false,
  });
  const transparency = useTransparency(application.ID, {
    enabled: submitted,
    refetchInterval: polling ? offersPollMs : false,
  });
  const commissions = new Map(
    (transparency.data?.Commissions ?? []).map((commission) => [commission.LoanQuoteID, commission]),
  );
  // The newest of the two answers wins (the summary keeps being refreshed after the offers settle).
  const status = Math.max(presentation.data?.Status ?? 0, summary.data?.Status ?? 0) || knownStatus;
  // What the applicant sees follows the status's phase (§4: the hundreds of its code).
  const phase = statusPhase(status);
  const quotes: PresentedQuote[] = presentation.data?.Groups.flatMap((group) => group.Quotes) ?? [];
  const requested = requestedTermsOf(application);
  const state = deriveApplicationState({
    status,
    progress: presentation.data
      ? {
          offers: quotes.length,
          pending: presentation.data.Pending.length,
          isComplete: presentation.data.IsComplete,
        }
      : null,
    offersFailed: presentation.isError,
  });
  const history = useQuoteHistory(application.ID, {
    enabled: submitted && phase >= statusPhases.customerDecision,
  });
  const acceptedQuote =
    quotes.find((quote) => quote.Status === 'accepted') ?? summary.data?.AcceptedQuote ?? null;
  const mayDecide = !acceptedQuote && isInStatusGroup(status, 'Approved');
  // Item 5: while the applicant decides, every open offer can be re-quoted with one new amount or term.
  const openQuotes = quotes.filter((quote) => quote.Status === 'approved');
  const mayReQuote = isInStatusGroup(status, 'Approved') && openQuotes.length > 0 && !acceptedQuote;
  // One recommendation, the first of the ranking, once every bank has answered (docs/decisions/0061).
  const recommendation =
    mayDecide && presentation.data?.IsComplete ? (recommendedOffer(openQuotes, requested) ?? null) : null;
  useProductRecommendation(application.ID, {
    enabled: recommendation !== null,
    offerIds: openQuotes
      .map((quote) => quote.ID)
      .sort()
      .join(','),
    expectedQuoteId: recommendation?.offer.ID ?? null,
  });
  const remarks = usePaymentRemarks(application.ID, { enabled: phase >= statusPhases.registration });
  const registerDebts = useRegisterDebts(application.ID, { enabled: phase >= statusPhases.registration });
  const withdraw = useWithdrawApplication(application.ID);
  const withdrawalWindow = presentation.data?.WithdrawalWindow ?? summary.data?.WithdrawalWindow ?? null;
  useQuotesLoadedEvent(application.ID, presentation.data);

  const openModal = (next: OpenModal) => {
    if (next?.kind === 'accept')
      trackFlowEvent('open-accept-offer-modal', { applicationId: application.ID, quoteId: next.quote.ID });
    if (next?.kind === 'change')
      trackFlowEvent('open-change-offer-modal', { applicationId: application.ID, quoteId: next.quote.ID });
    setNotice('');
    setModal(next);
  };
  const closeModal = () => {
    if (modal?.kind === 'accept')
      trackFlowEvent('close-accept-offer-modal', { applicationId: application.ID, quoteId: modal.quote.ID });
    if (modal?.kind === 'change')
      trackFlowEvent('close-change-offer-modal', { applicationId: application.ID, quoteId: modal.quote.ID });
    setModal(null);
  };
  const confirmWithdraw = async () => {
    try {
      await withdraw.mutateAsync();
      setModal(null);
      setNotice(t('offers.withdraw.done'));
    } catch {
      // shown in the dialog
    }
  };

  const product = t(`products.${application.Product}`);
  const amount = typeof application.Amount === 'number' ? application.Amount : null;
  const years = typeof application.Duration === 'number' ? application.Duration : null;
  const editable = isEditableStatus(status);
  const mayWithdraw = !isEnded(status) && phase < statusPhases.disbursed;
  const withdrawButton = (
    <button type="button" className="button button--danger" onClick={() => openModal({ kind: 'withdraw' })}>
      {t('offers.withdraw.button')}
    </button>
  );
  const showOffers = submitted && quotes.length > 0;

  return (
    <section
      className="application"
      aria-labelledby={titleId}
      data-testid="application"
      data-application-id={application.ID}
    >
      <header className="application__head">
        <h2 id={titleId}>
          {t('offers.application.heading', { product, id: application.HumanReadableID ?? application.ID })}
        </h2>
        <p className="application__meta muted">
          {amount !== null && `${format.money(amount)} · `}
          {years !== null && `${format.duration(years * 12)} · `}
          {t('offers.application.createdAt', { date: brandFormat.date(application.CreatedAt) })}
        </p>
      </header>
      <StateLine state={state} />
      <p role="status" aria-live="polite" className="application__notice" data-testid="application-notice">
        {notice}
      </p>
      {/* CCD2 art. 13 and 18(8) (ADR 0065): beside a decline, that it was automated and the right to a human review. */}
      <HumanReviewPanel
        applicationId={application.ID}
        enabled={submitted || knownStatus === applicationStatus.validationFailed}
      />
      {editable && mayWithdraw && (
        // Issue 38 item 2: a draft the applicant was told to complete can be completed from here.
        <div className="application__actions application__actions--draft">
          {continueHref && !isCoApplicant && (
            <a className="button" href={continueHref} data-testid="continue-application">
              {t('offers.draft.continue')}
            </a>
          )}
          {withdrawButton}
        </div>
      )}
      {isCoApplicant && editable && (
        // ADR 0079: the co-applicant fetches their own register debts here (theirs alone; NO and FI).
        <DebtRegisterSlot applicationId={application.ID} onCorrected={() => undefined} />
      )}
      {afterAcceptance && acceptedQuote && (
        <NextStepsPanel lender={acceptedQuote.Lender.Name} status={status} />
      )}
      {/* Issue 36 item 1 (ADR 0075): the lender's agreement, read and signed with e-ID here. */}
      {acceptedQuote && (
        <AgreementSigningPanel applicationId={application.ID} lenderName={acceptedQuote.Lender.Name} />
      )}
      {/* CCD2 art. 26 (ADR 0066): withdrawing from the signed agreement online, in two steps. */}
      <CreditWithdrawalPanel
        applicationId={application.ID}
        enabled={phase >= statusPhases.disbursementDecision}
      >
        {withdrawalWindow && (
          <aside className="notice withdrawal-window" data-testid="withdrawal-window">
            <h3>{t('offers.withdrawal.title')}</h3>
            <p>
              {withdrawalWindow.IsOpen
                ? t('offers.withdrawal.open', { date: format.day(withdrawalWindow.ClosesAt) })
                : t('offers.withdrawal.closed', { date: format.day(withdrawalWindow.ClosesAt) })}
            </p>
          </aside>
        )}
      </CreditWithdrawalPanel>
      {/* Issue 36 item 2 (ADR 0081): the rate watch of a paid-out loan, for the customer who took it. */}
      <RateWatchPanel
        applicationId={application.ID}
        enabled={knownStatus === applicationStatus.loanDisbursed && !isCoApplicant}
      />
      {showOffers && (
        <div className="offers" data-testid="offers">
          <OffersPanel
            quotes={quotes}
            requested={requested}
            recommendation={recommendation}
            mayDecide={mayDecide}
            commissions={commissions}
            onAction={openModal}
          />
          {mayReQuote && (
            <div className="application__actions application__actions--start">
              <button
                type="button"
                className="button button--secondary button--small"
                data-testid="re-quote"
                onClick={() => openModal({ kind: 'requote' })}
              >
                {t('offers.reQuote.button')}
              </button>
            </div>
          )}
        </div>
      )}
      {/* Issue 35 item 4 (ADR 0080): what paying the chosen debts off with each offer changes; the payoffs. */}
      {submitted && (
        <RefinancingPanel
          applicationId={application.ID}
          accepted={Boolean(acceptedQuote)}
          offers={`${status}:${quotes.map((quote) => `${quote.ID}.${quote.Status}`).join(',')}`}
        />
      )}
      {application.Product === 'SecuredLoan' && phase < statusPhases.disbursed && !isEnded(status) && (
        <SecuredCasePanel applicationId={application.ID} />
      )}
      {isMainApplicant &&
        application.CoApplicantPersonID &&
        !isEnded(status) &&
        phase < statusPhases.disbursed && <CoApplicantInvitePanel applicationId={application.ID} />}
      <div className="application__sections">
        {quotes.length > 0 && phase < statusPhases.disbursed && (
          <DocumentsPanel
            applicationId={application.ID}
            quotes={quotes}
            collapsed={{ open: afterAcceptance }}
          />
        )}
        <Disclosure title={t('offers.sections.history')} testId="section-history">
          <StatusTimeline status={status} createdAt={application.CreatedAt} history={summary.data?.History} />
        </Disclosure>
        {transparency.data && (
          <Disclosure title={t('offers.sections.lenders')} testId="section-lenders">
            <TransparencyPanel
              paths={transparency.data.LenderPaths}
              inquiries={transparency.data.CreditInquiries}
              headingLevel={4}
            />
          </Disclosure>
        )}
        {phase >= statusPhases.registration && (
          <Disclosure title={t('offers.sections.registers')} testId="section-registers">
            <RegistersPanel
              debts={registerDebts.data ?? null}
              checked={phase >= statusPhases.registration}
              remarks={remarks.data}
            />
          </Disclosure>
        )}
        {history.data && <QuoteHistory quotes={history.data} collapsed />}
        <ContactLogPanel applicationId={application.ID} collapsed />
      </div>
      {submitted && (
        <p className="live-status" data-testid="live-status" data-live={live}>
          {live ? t('offers.live.on') : t('offers.live.off')}
        </p>
      )}
      {mayWithdraw && !editable && <div className="application__actions">{withdrawButton}</div>}
      {modal?.kind === 'accept' && (
        <AcceptOfferDialog
          quote={modal.quote}
          onClose={closeModal}
          onAccepted={() => {
            closeModal();
            setNotice(t('offers.accept.done', { lender: modal.quote.Lender.Name }));
          }}
        />
      )}
      {modal?.kind === 'change' && (
        <ChangeOfferDialog
          quote={modal.quote}
          onClose={closeModal}
          onChanged={(lender) => {
            closeModal();
            setNotice(t('offers.change.done', { lender }));
          }}
        />
      )}
      {modal?.kind === 'requote' && openQuotes[0] && (
        <ReQuoteDialog
          applicationId={application.ID}
          amount={typeof application.Amount === 'number' ? application.Amount : openQuotes[0].Amount}
          durationMonths={application.Product === 'CreditCard' ? null : openQuotes[0].DurationMonths}
          currency={openQuotes[0].Currency}
          onClose={closeModal}
        />
      )}
      {modal?.kind === 'withdraw' && (
        <ModalDialog title={t('offers.withdraw.title')} onClose={closeModal} testId="withdraw-dialog">
          <p>{t('offers.withdraw.text')}</p>
          {withdraw.isError && (
            <p className="error-text" role="alert">
              {t('offers.withdraw.failed')}
            </p>
          )}
          <div className="modal__actions">
            <button
              type="button"
              className="button button--danger"
              onClick={confirmWithdraw}
              disabled={withdraw.isPending}
            >
              {withdraw.isPending ? t('offers.withdraw.withdrawing') : t('offers.withdraw.confirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={closeModal}>
              {t('offers.cancel')}
            </button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}
