import type { InsuranceOffer } from '@nordloan/domain/insurance';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';

/**
 * Step 2: the offer. Strictly opt-in: no cover is chosen and the consent box is not ticked until the
 * applicant does it; a price example stands beside every cover, and the brand's example below them.
 */
export function OfferStep({
  offer,
  busy,
  onAccept,
  onDecline,
  onBack,
}: {
  offer: InsuranceOffer;
  busy: boolean;
  onAccept: (insuredMonthlyAmount: number) => void;
  onDecline: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const id = useId();
  const [amount, setAmount] = useState<number | null>(null);
  const [optIn, setOptIn] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (amount === null || !optIn) return;
    onAccept(amount);
  };

  return (
    <form
      className="panel"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="insurance-offer"
    >
      <h2 id={`${id}-title`}>{t('insuranceJourney.offer.heading')}</h2>
      <fieldset
        className="choice-group"
        aria-describedby={submitted && amount === null ? `${id}-cover-error` : undefined}
      >
        <legend>{t('insuranceJourney.offer.legend')}</legend>
        {offer.Coverages.map((coverage) => (
          <label key={coverage.InsuredMonthlyAmount} className="choice" data-testid="insurance-coverage">
            <input
              type="radio"
              name="coverage"
              value={coverage.InsuredMonthlyAmount}
              checked={amount === coverage.InsuredMonthlyAmount}
              onChange={() => {
                setAmount(coverage.InsuredMonthlyAmount);
                trackFlowEvent('select-coverage', { coverage: String(coverage.InsuredMonthlyAmount) });
              }}
            />
            <span>
              <strong>
                {t('insuranceJourney.offer.coverage', {
                  amount: format.currency(coverage.InsuredMonthlyAmount),
                })}
              </strong>
              <br />
              <span className="muted" data-testid="insurance-price-example">
                {t('insuranceJourney.offer.priceExample', {
                  premium: format.currency(coverage.MonthlyPremium),
                  total: format.currency(coverage.PriceExample.TotalCost),
                  months: coverage.PriceExample.Months,
                })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {submitted && amount === null && (
        <p id={`${id}-cover-error`} className="error-text" role="alert">
          {t('insuranceJourney.offer.chooseCoverage')}
        </p>
      )}
      {offer.BrandPriceExample && (
        <p data-testid="insurance-example">
          {t('insuranceJourney.offer.brandExample', {
            monthly: format.currency(offer.BrandPriceExample.MonthlyCost),
            total: format.currency(offer.BrandPriceExample.TotalCost),
          })}
        </p>
      )}
      <label className="choice">
        <input
          type="checkbox"
          checked={optIn}
          onChange={(event) => setOptIn(event.target.checked)}
          aria-describedby={submitted && !optIn ? `${id}-optin-error` : undefined}
          data-testid="insurance-opt-in"
        />
        {t('insuranceJourney.offer.optIn', { insurer: offer.Insurer ?? '' })}
      </label>
      {submitted && !optIn && (
        <p id={`${id}-optin-error`} className="error-text" role="alert">
          {t('insuranceJourney.offer.optInRequired')}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('common.back')}
        </button>
        <button type="submit" className="button" disabled={busy} data-testid="insurance-accept">
          {t('insuranceJourney.offer.accept')}
        </button>
      </div>
      <button
        type="button"
        className="button button--secondary"
        onClick={onDecline}
        data-testid="insurance-decline"
      >
        {t('insuranceJourney.offer.decline')}
      </button>
    </form>
  );
}
