import type { PresentedQuote } from '@nordloan/domain/lending/loan-quote.schema';
import type { OfferCommission } from '@nordloan/domain/lending/transparency';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';

export interface OfferCardActions {
  onAccept?: () => void;
  onChange?: () => void;
  onGoToBank?: () => void;
  goToBankPending?: boolean;
  goToBankFailed?: boolean;
}

/** One offer (its action buttons are described by the lender's name, so each is told apart): the five figures, its representative example, details on request, and what can be done. */
export function OfferCard({
  quote,
  isRecommended,
  actions,
  commission,
}: {
  quote: PresentedQuote;
  isRecommended: boolean;
  actions: OfferCardActions;
  /** What the lender pays us if this offer is taken (issue 13: disclosed on the offer itself). */
  commission?: OfferCommission | undefined;
}) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const titleId = useId();
  const isAccepted = quote.Status === 'accepted';
  const toggle = () => {
    setOpen(!open);
    trackFlowEvent('toggle-details', { open: !open, lender: quote.Lender.Name });
  };

  return (
    <li
      className={`offer${isRecommended ? ' offer--recommended' : ''}`}
      data-testid="offer"
      data-quote-id={quote.ID}
    >
      <article aria-labelledby={titleId}>
        <div className="offer__head">
          <h3 id={titleId} className="offer__lender">
            {quote.Lender.Name}
          </h3>
          <div className="offer__badges">
            {isRecommended && (
              <span className="badge badge--recommended">{t('offers.offer.recommended')}</span>
            )}
            {isAccepted && <span className="badge badge--accepted">{t('offers.offer.accepted')}</span>}
            {quote.Decision === 'counter-offer' && (
              <span className="badge">{t('offers.offer.counterOffer')}</span>
            )}
          </div>
        </div>
        <dl className="offer__figures">
          <div>
            <dt>{t('offers.offer.amount')}</dt>
            <dd>{format.money(quote.Amount, quote.Currency)}</dd>
          </div>
          <div>
            <dt>{t('offers.offer.duration')}</dt>
            <dd>{format.duration(quote.DurationMonths)}</dd>
          </div>
          <div>
            <dt>{t('offers.offer.monthlyPayment')}</dt>
            <dd data-testid="offer-monthly">{format.money(quote.MonthlyPayment, quote.Currency)}</dd>
          </div>
          <div>
            <dt>{t('offers.offer.effectiveRate')}</dt>
            <dd data-testid="offer-rate">{format.rate(quote.EffectiveRate)}</dd>
          </div>
          <div>
            <dt>{t('offers.offer.totalCost')}</dt>
            <dd data-testid="offer-total-cost">{format.money(quote.TotalCost, quote.Currency)}</dd>
          </div>
        </dl>
        {commission && (
          <p className="offer__commission" data-testid="offer-commission">
            <strong>{t('offers.commission.label')}:</strong>{' '}
            {t('offers.commission.text', {
              amount: format.money(commission.CommissionAmount, commission.Currency),
              percent: format.rate(commission.CommissionPercent),
            })}
          </p>
        )}
        <p className="offer__example">
          <span className="offer__example-label">{t('offers.offer.representativeExample')}: </span>
          {quote.RepresentativeExample.Text}
        </p>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={toggle}
        >
          {open ? t('offers.offer.hideDetails') : t('offers.offer.showDetails')}
        </button>
        <div id={detailsId} hidden={!open}>
          <dl className="offer__details">
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
          <p className="muted">{t('offers.offer.expires', { date: format.day(quote.ExpiresAt) })}</p>
        </div>
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
          {actions.onGoToBank && (
            <button
              type="button"
              className="button"
              onClick={actions.onGoToBank}
              disabled={actions.goToBankPending}
              aria-describedby={titleId}
              data-testid="go-to-bank"
            >
              {t('offers.goToBank.button')}
            </button>
          )}
        </div>
        {actions.goToBankFailed && (
          <p className="error-text" role="alert">
            {t('offers.goToBank.failed')}
          </p>
        )}
      </article>
    </li>
  );
}
