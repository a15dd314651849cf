import type { PresentedQuote } from '@nordloan/domain/lending/loan-quote.schema';
import type { OfferCommission } from '@nordloan/domain/lending/transparency';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import { ExplainOfferButton } from '#src/features/my-page/explain-offer/explain-offer.tsx';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';

export interface OfferCardActions {
  onAccept?: () => void;
  onChange?: () => void;
}

interface OfferProps {
  quote: PresentedQuote;
  isRecommended: boolean;
  actions: OfferCardActions;
  /** What the lender pays us if this offer is taken (issue 13: disclosed on the offer itself). */
  commission?: OfferCommission | undefined;
  /** "8 years — you asked for 6" when the offer is not for what was asked (issue 38). */
  termsNote?: string | null | undefined;
}

function Badges({ quote, isRecommended }: { quote: PresentedQuote; isRecommended: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="offer__badges">
      {isRecommended && <span className="badge badge--recommended">{t('offers.offer.recommended')}</span>}
      {quote.Status === 'accepted' && (
        <span className="badge badge--accepted">{t('offers.offer.accepted')}</span>
      )}
      {quote.Decision === 'counter-offer' && <span className="badge">{t('offers.offer.counterOffer')}</span>}
    </div>
  );
}

/** The figures behind "details": the rest of what the offer says, opened on request (§4 toggle-details). */
function OfferDetails({
  quote,
  children,
  titleId,
}: {
  quote: PresentedQuote;
  children?: ReactNode;
  titleId: string;
}) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const toggle = () => {
    setOpen(!open);
    trackFlowEvent('toggle-details', { open: !open, lender: quote.Lender.Name });
  };
  return (
    <>
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls={detailsId}
        aria-describedby={titleId}
        onClick={toggle}
      >
        {open ? t('offers.offer.hideDetails') : t('offers.offer.showDetails')}
      </button>
      <div id={detailsId} hidden={!open} className="offer__more">
        <dl className="offer__details">
          <div>
            <dt>{t('offers.offer.amount')}</dt>
            <dd>{format.money(quote.Amount, quote.Currency)}</dd>
          </div>
          <div>
            <dt>{t('offers.offer.nominalRate')}</dt>
            <dd>{format.rate(quote.NominalRate)}</dd>
          </div>
          <div>
            <dt>{t('offers.offer.startupFee')}</dt>
            <dd>{format.money(quote.StartupFee, quote.Currency)}</dd>
          </div>
          <div>
            <dt>{t('offers.offer.monthlyFee')}</dt>
            <dd>{format.money(quote.MonthlyFee, quote.Currency)}</dd>
          </div>
          <div>
            <dt>{t('offers.offer.totalPayable')}</dt>
            <dd>{format.money(quote.TotalPayable, quote.Currency)}</dd>
          </div>
        </dl>
        {children}
        <p className="muted">{t('offers.offer.expires', { date: format.day(quote.ExpiresAt) })}</p>
      </div>
    </>
  );
}

function RepresentativeExample({ quote }: { quote: PresentedQuote }) {
  const { t } = useTranslation();
  return (
    <p className="offer__example">
      <span className="offer__example-label">{t('offers.offer.representativeExample')}: </span>
      {quote.RepresentativeExample.Text}
    </p>
  );
}

const keyFigures = ['monthlyPayment', 'effectiveRate', 'totalCost', 'duration'] as const;

/** The four figures a thumb compares, in the same order on every offer; `short` labels in the compact list. */
function KeyFigures({
  quote,
  className,
  short,
}: {
  quote: PresentedQuote;
  className: string;
  short?: boolean;
}) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const values = {
    monthlyPayment: format.money(quote.MonthlyPayment, quote.Currency),
    effectiveRate: format.rate(quote.EffectiveRate),
    totalCost: format.money(quote.TotalCost, quote.Currency),
    duration: format.duration(quote.DurationMonths),
  };
  const testIds = {
    monthlyPayment: 'offer-monthly',
    effectiveRate: 'offer-rate',
    totalCost: 'offer-total-cost',
    duration: 'offer-duration',
  };
  return (
    <dl className={className}>
      {keyFigures.map((figure) => (
        <div key={figure}>
          {short ? (
            <dt>
              <span aria-hidden="true">{t(`offers.offer.short.${figure}`)}</span>
              <span className="visually-hidden">{t(`offers.offer.${figure}`)}</span>
            </dt>
          ) : (
            <dt>{t(`offers.offer.${figure}`)}</dt>
          )}
          <dd data-testid={testIds[figure]}>{values[figure]}</dd>
        </div>
      ))}
    </dl>
  );
}

function TermsNote({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className="offer__terms-note" data-testid="offer-terms-note">
      {text}
    </p>
  );
}

/**
 * The first offer of the ranking, in full (issue 38: on the first screen with its accept button): the four
 * figures, why it is recommended, accept and change, the commission, the representative example, and the
 * rest on request. Its buttons are described by the lender's name, so each is told apart.
 */
export function OfferCard({
  quote,
  isRecommended,
  actions,
  commission,
  termsNote,
  recommendation,
}: OfferProps & { recommendation?: ReactNode }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const titleId = useId();
  return (
    <li
      className={`offer offer--best${isRecommended ? ' offer--recommended' : ''}`}
      data-testid="offer"
      data-quote-id={quote.ID}
      data-recommended={isRecommended}
    >
      <article aria-labelledby={titleId}>
        <div className="offer__head">
          <h3 id={titleId} className="offer__lender">
            {quote.Lender.Name}
          </h3>
          <Badges quote={quote} isRecommended={isRecommended} />
        </div>
        <TermsNote text={termsNote} />
        {recommendation}
        <KeyFigures quote={quote} className="offer__figures" />
        {(actions.onAccept || actions.onChange) && (
          <div className="offer__actions">
            {actions.onAccept && (
              <button type="button" className="button" onClick={actions.onAccept} aria-describedby={titleId}>
                {t('offers.accept.button')}
              </button>
            )}
            {actions.onChange && (
              <button
                type="button"
                className="button button--secondary"
                onClick={actions.onChange}
                aria-describedby={titleId}
              >
                {t('offers.change.button')}
              </button>
            )}
          </div>
        )}
        {commission && (
          <p className="offer__commission" data-testid="offer-commission">
            <strong>{t('offers.commission.label')}:</strong>{' '}
            {t('offers.commission.text', {
              amount: format.money(commission.CommissionAmount, commission.Currency),
              percent: format.rate(commission.CommissionPercent),
            })}
          </p>
        )}
        <RepresentativeExample quote={quote} />
        {/* CCD2 art. 12 (ADR 0066): the offer explained from its own figures; beside it the details. */}
        <div className="offer__links">
          <ExplainOfferButton quote={quote} describedBy={titleId} />
          <OfferDetails quote={quote} titleId={titleId} />
        </div>
      </article>
    </li>
  );
}

/**
 * Every other offer, compact so a thumb can compare them (issue 38): lender, the same four figures, what we
 * are paid, accept; the representative example, the other figures and "change" behind details.
 */
export function OfferRow({ quote, isRecommended, actions, commission, termsNote }: OfferProps) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const titleId = useId();
  return (
    <li
      className={`offer offer--row${isRecommended ? ' offer--recommended' : ''}`}
      data-testid="offer"
      data-quote-id={quote.ID}
      data-recommended={isRecommended}
    >
      <article aria-labelledby={titleId}>
        <div className="offer__head">
          <h4 id={titleId} className="offer__lender">
            {quote.Lender.Name}
          </h4>
          <Badges quote={quote} isRecommended={isRecommended} />
        </div>
        <TermsNote text={termsNote} />
        <KeyFigures quote={quote} className="offer__figures offer__figures--row" short />
        {commission && (
          <p className="offer__commission offer__commission--short" data-testid="offer-commission">
            {t('offers.commission.short', {
              amount: format.money(commission.CommissionAmount, commission.Currency),
              percent: format.rate(commission.CommissionPercent),
            })}
          </p>
        )}
        <div className="offer__actions offer__actions--row">
          {actions.onAccept && (
            <button
              type="button"
              className="button button--small"
              onClick={actions.onAccept}
              aria-describedby={titleId}
            >
              {t('offers.accept.button')}
            </button>
          )}
          <ExplainOfferButton quote={quote} describedBy={titleId} />
          <OfferDetails quote={quote} titleId={titleId}>
            <RepresentativeExample quote={quote} />
            {actions.onChange && (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={actions.onChange}
                aria-describedby={titleId}
              >
                {t('offers.change.button')}
              </button>
            )}
          </OfferDetails>
        </div>
      </article>
    </li>
  );
}
