import type { Product } from '@nordloan/domain/enums';
import type { PresentedQuote, QuotesPresentationV2 } from '@nordloan/domain/lending/loan-quote.schema';
import { type OfferCommission, rankingOrder } from '@nordloan/domain/lending/transparency';
import { isApplicationStatusCode, isTerminalStatus } from '@nordloan/domain/statuses';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { useApplicationLiveUpdates } from '#src/features/my-page/api/application-events.ts';
import { useLendingSummary } from '#src/features/my-page/api/get-lending-summary.ts';
import { usePaymentRemarks } from '#src/features/my-page/api/get-payment-remarks.ts';
import { useProductRecommendation } from '#src/features/my-page/api/get-product-recommendation.ts';
import {
  liveSafetyPollMs,
  offersPollMs,
  useQuotesPresentation,
} from '#src/features/my-page/api/get-quotes-presentation.ts';
import { useTransparency } from '#src/features/my-page/api/get-transparency.ts';
import { useGoToBank } from '#src/features/my-page/api/quote-actions.ts';
import { useQuoteHistory } from '#src/features/my-page/api/re-quote.ts';
import { useWithdrawApplication } from '#src/features/my-page/api/withdraw-application.ts';
import { AcceptOfferDialog } from '#src/features/my-page/components/accept-offer-dialog.tsx';
import { ChangeOfferDialog } from '#src/features/my-page/components/change-offer-dialog.tsx';
import { ContactLogPanel } from '#src/features/my-page/components/contact-preferences.tsx';
import { DocumentsPanel } from '#src/features/my-page/components/documents-panel.tsx';
import { ModalDialog } from '#src/features/my-page/components/modal-dialog.tsx';
import { OfferCard } from '#src/features/my-page/components/offer-card.tsx';
import { QuoteHistory } from '#src/features/my-page/components/quote-history.tsx';
import { ReQuoteDialog } from '#src/features/my-page/components/re-quote-dialog.tsx';
import { SecuredCasePanel } from '#src/features/my-page/components/secured-case-panel.tsx';
import { StatusTimeline } from '#src/features/my-page/components/status-timeline.tsx';
import { TransparencyPanel } from '#src/features/my-page/components/transparency-panel.tsx';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import { shouldPollOffers } from '#src/features/my-page/model/offer-polling.ts';
import {
  explainFirstOffer,
  isOfferSortKey,
  type OfferSortKey,
  offerSortKeys,
  sortOffers,
} from '#src/features/my-page/model/offer-sorting.ts';
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
}

/** How often the timeline is refreshed between acceptance and payout (the bank's steps take days). */
const bankStepsPollMs = 30_000;

type OpenModal =
  | { kind: 'accept'; quote: PresentedQuote }
  | { kind: 'change'; quote: PresentedQuote }
  | { kind: 'withdraw' }
  | { kind: 'requote' }
  | null;

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

/** Why the first offer is first under the chosen order, and the order itself (issue 13, ADR 0031). */
function RankingExplanation({
  quotes,
  sortKey,
}: {
  quotes: readonly PresentedQuote[];
  sortKey: OfferSortKey;
}) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const { format: brandFormat } = useBrand();
  const sorted = sortOffers(quotes, sortKey);
  const why = explainFirstOffer(sorted, sortKey);
  if (!why) return null;
  const first = sorted[0]!;
  const second = sorted[1]!;
  const difference =
    why.decidedBy === 'effectiveRate'
      ? brandFormat.number(Math.round(why.difference * 100) / 100)
      : format.money(why.difference, first.Currency);
  const label = (key: OfferSortKey) => t(`offers.sort.${key}`);
  return (
    <aside className="ranking-explanation" data-testid="ranking-explanation" aria-live="polite">
      <h3>{t('offers.ranking.title')}</h3>
      <p data-testid="ranking-first">
        {t(`offers.ranking.first_${why.decidedBy}`, {
          first: first.Lender.Name,
          second: second.Lender.Name,
          difference,
        })}
        {why.tiedOn.length > 0 &&
          ` ${t('offers.ranking.tied', { figures: why.tiedOn.map(label).join(', ') })}`}
      </p>
      <p className="muted">
        {t('offers.ranking.rule', { order: rankingOrder(sortKey).map(label).join(', ') })}
      </p>
    </aside>
  );
}

function OffersList({
  presentation,
  applicationStatus,
  recommendedQuoteId,
  commissions,
  onOpen,
}: {
  presentation: QuotesPresentationV2;
  applicationStatus: number;
  recommendedQuoteId: string | null;
  commissions: ReadonlyMap<string, OfferCommission>;
  onOpen: (modal: OpenModal) => void;
}) {
  const { t } = useTranslation();
  const [sortKey, setSortKey] = useState<OfferSortKey>('totalCost');
  const sortId = useId();
  const goToBank = useGoToBank();
  const quotes = presentation.Groups.flatMap((group) => group.Quotes);
  const hasAccepted = quotes.some((quote) => quote.Status === 'accepted');
  const mayDecide = !hasAccepted && applicationStatus >= 400 && applicationStatus < 500;

  const openBank = async (quote: PresentedQuote) => {
    trackFlowEvent('go-to-bank', { applicationId: quote.LoanApplicationID, lender: quote.Lender.Name });
    const url = await goToBank.mutateAsync(quote.ID).catch(() => null);
    if (url) window.open(url, '_blank', 'noopener');
  };

  if (!quotes.length) return null;
  // The explanation covers the group compared first: the offers for what was asked, else the counter-offers.
  const explained = presentation.Groups.find((group) => group.Quotes.length > 1);
  return (
    <>
      {quotes.length > 1 && (
        <div className="offers__toolbar">
          <label htmlFor={sortId}>{t('offers.sort.label')}</label>
          <select
            id={sortId}
            className="text-input offers__sort"
            value={sortKey}
            data-testid="offer-sort"
            onChange={(event) => isOfferSortKey(event.target.value) && setSortKey(event.target.value)}
          >
            {offerSortKeys.map((key) => (
              <option key={key} value={key}>
                {t(`offers.sort.${key}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {explained && <RankingExplanation quotes={explained.Quotes} sortKey={sortKey} />}
      {presentation.Groups.filter((group) => group.Quotes.length).map((group) => (
        <div key={group.Group}>
          {group.Group === 'counter-offers' && (
            <h3 className="offers__group">{t('offers.list.counterOffers')}</h3>
          )}
          <ul className="offers__list">
            {sortOffers(group.Quotes, sortKey).map((quote) => {
              const open = mayDecide && quote.Status === 'approved';
              // The lender's signing page matters between acceptance and payout.
              const accepted =
                quote.Status === 'accepted' &&
                quote.AcceptanceStatus === 'accepted' &&
                applicationStatus >= 500 &&
                applicationStatus < 700;
              return (
                <OfferCard
                  key={quote.ID}
                  quote={quote}
                  isRecommended={quote.ID === recommendedQuoteId}
                  commission={commissions.get(quote.ID)}
                  actions={{
                    ...(open ? { onAccept: () => onOpen({ kind: 'accept', quote }) } : {}),
                    ...(open ? { onChange: () => onOpen({ kind: 'change', quote }) } : {}),
                    ...(accepted ? { onGoToBank: () => void openBank(quote) } : {}),
                    goToBankPending: goToBank.isPending,
                    goToBankFailed: goToBank.isError,
                  }}
                />
              );
            })}
          </ul>
        </div>
      ))}
    </>
  );
}

/** One application: its timeline in plain words, its offers as they arrive, and what can be done. */
export function ApplicationSection({ application }: { application: MyPageApplication }) {
  const { t } = useTranslation();
  const { format: brandFormat } = useBrand();
  const format = useOfferFormat();
  const titleId = useId();
  const [modal, setModal] = useState<OpenModal>(null);
  const [notice, setNotice] = useState('');

  const summaryProbe = useLendingSummary(application.ID, { refetchInterval: false });
  const knownStatus = summaryProbe.data?.Status ?? application.Status ?? 100;
  const submitted = knownStatus >= 160 && knownStatus !== 169;
  // Issue 13: changes are pushed while the stream is up; polling is the fallback while it is not.
  const { live } = useApplicationLiveUpdates(application.ID, { enabled: !isEnded(knownStatus) });
  const presentation = useQuotesPresentation(application.ID, { enabled: submitted, live });
  const polling = submitted && !live && shouldPollOffers(presentation.data);
  // The same summary query, refreshed with the offers while they are moving (status and history).
  // After acceptance the offers are settled but the bank's steps are not: the timeline follows them slowly.
  const afterAcceptance = knownStatus >= 500 && knownStatus < 700 && !isEnded(knownStatus);
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
  const quotes = presentation.data?.Groups.flatMap((group) => group.Quotes) ?? [];
  const history = useQuoteHistory(application.ID, { enabled: submitted && status >= 400 });
  // Item 5: while the applicant decides, every open offer can be re-quoted with one new amount or term.
  const openQuotes = quotes.filter((quote) => quote.Status === 'approved');
  const mayReQuote =
    (status === 400 || status === 410) &&
    openQuotes.length > 0 &&
    !quotes.some((quote) => quote.Status === 'accepted');
  const offerIds = quotes
    .map((quote) => quote.ID)
    .sort()
    .join(',');
  const recommendation = useProductRecommendation(application.ID, {
    enabled: !!presentation.data?.IsComplete && quotes.length > 0 && status < 500,
    offerIds,
  });
  const remarks = usePaymentRemarks(application.ID, { enabled: status >= 200 });
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
  const pendingCount = presentation.data?.Pending.length ?? 0;
  const declinedCount = presentation.data?.Declined.length ?? 0;

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
        <p className="muted">
          {amount !== null && `${t('offers.application.amount')}: ${format.money(amount)} · `}
          {years !== null && `${t('offers.application.duration')}: ${format.duration(years * 12)} · `}
          {t('offers.application.createdAt', { date: brandFormat.date(application.CreatedAt) })}
        </p>
      </header>
      <StatusTimeline status={status} createdAt={application.CreatedAt} history={summary.data?.History} />
      {application.Product === 'SecuredLoan' && status < 700 && !isEnded(status) && (
        <SecuredCasePanel applicationId={application.ID} />
      )}
      <p role="status" aria-live="polite" className="application__notice" data-testid="application-notice">
        {notice}
      </p>
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
      {remarks.data?.HasPaymentRemarks && (
        <aside className="notice" data-testid="payment-remarks">
          <h3>{t('offers.paymentRemarks.title')}</h3>
          {remarks.data.Message && <p>{remarks.data.Message}</p>}
          <ul>
            {remarks.data.PaymentRemarks.map((remark) => (
              <li key={`${remark.Creditor}-${remark.RegisteredAt}`}>
                {t('offers.paymentRemarks.item', {
                  creditor: remark.Creditor,
                  amount: format.money(remark.Amount),
                  date: format.day(remark.RegisteredAt),
                })}
              </li>
            ))}
          </ul>
          {remarks.data.LendersAcceptingPaymentRemarks.length > 0 && (
            <p>
              {t('offers.paymentRemarks.lendersAccepting', {
                names: remarks.data.LendersAcceptingPaymentRemarks.map((lender) => lender.Name).join(', '),
              })}
            </p>
          )}
        </aside>
      )}
      {/* An ended application without offers has nothing left to wait for: no "no offers yet". */}
      {submitted && !(isEnded(status) && quotes.length === 0) && (
        <div className="offers" data-testid="offers">
          <p className="live-status" data-testid="live-status" data-live={live}>
            {live ? t('offers.live.on') : t('offers.live.off')}
          </p>
          <p role="status" aria-live="polite" className="offers__progress" data-testid="offers-progress">
            {presentation.isError
              ? t('offers.list.loadFailed')
              : !presentation.data
                ? t('offers.list.waiting')
                : [
                    quotes.length ? t('offers.list.count', { count: quotes.length }) : t('offers.list.none'),
                    pendingCount
                      ? t('offers.list.pending', { count: pendingCount })
                      : t('offers.list.complete'),
                    declinedCount ? t('offers.list.declined', { count: declinedCount }) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
          </p>
          {recommendation.data && quotes.length > 0 && (
            <aside className="recommendation" data-testid="recommendation">
              <h3>{t('offers.recommendation.title')}</h3>
              <p>{t('offers.recommendation.because', { text: recommendation.data.Text })}</p>
            </aside>
          )}
          {presentation.data && (
            <OffersList
              presentation={presentation.data}
              applicationStatus={status}
              recommendedQuoteId={recommendation.data?.LoanQuoteID ?? null}
              commissions={commissions}
              onOpen={openModal}
            />
          )}
          {mayReQuote && (
            <div className="application__actions">
              <button
                type="button"
                className="button button--secondary"
                data-testid="re-quote"
                onClick={() => openModal({ kind: 'requote' })}
              >
                {t('offers.reQuote.button')}
              </button>
            </div>
          )}
          {history.data && <QuoteHistory quotes={history.data} />}
          {transparency.data && (
            <TransparencyPanel
              paths={transparency.data.LenderPaths}
              inquiries={transparency.data.CreditInquiries}
            />
          )}
          {quotes.length > 0 && status < 700 && (
            <DocumentsPanel applicationId={application.ID} quotes={quotes} />
          )}
        </div>
      )}
      <ContactLogPanel applicationId={application.ID} />
      {!isEnded(status) && status < 700 && (
        <div className="application__actions">
          <button
            type="button"
            className="button button--danger"
            onClick={() => openModal({ kind: 'withdraw' })}
          >
            {t('offers.withdraw.button')}
          </button>
        </div>
      )}
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
