import type { PaymentMandateKind } from '@nordloan/domain/enums';
import type { InsuranceRequestView } from '@nordloan/domain/insurance';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#src/shared/api/http.ts';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import { usePaymentMandate, useStartPaymentMandate } from '../api/payment-mandate.ts';
import { isValidCardNumber, localCardForm } from '../model/card-form.ts';

/** Step 4: how the premium is paid. The customer chooses among the kinds the country offers. */
export function PaymentStep({
  request,
  kinds,
  onActive,
  onDecline,
}: {
  request: InsuranceRequestView;
  kinds: PaymentMandateKind[];
  onActive: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<PaymentMandateKind | null>(kinds.length === 1 ? kinds[0]! : null);
  const [payer, setPayer] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [mandate, setMandate] = useState<{ kind: PaymentMandateKind; id: string } | null>(null);
  const start = useStartPaymentMandate();
  const followed = usePaymentMandate(mandate?.kind ?? 'kid', mandate?.id ?? null);
  const status = followed.data?.Status;
  useEffect(() => {
    if (status === 'active') onActive();
    if (status === 'declined' || status === 'failed') {
      trackFlowEvent('payment-failed', {
        provider: mandate?.kind,
        reason: followed.data?.FailureReason ?? status,
      });
    }
  }, [status, onActive, mandate?.kind, followed.data?.FailureReason]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setUnavailable(false);
    if (!kind) return;
    const valid = kind === 'card' ? isValidCardNumber(payer) : payer.replace(/[\s.-]/g, '').length >= 8;
    setInvalid(!valid);
    if (!valid) return;
    try {
      const body =
        kind === 'card'
          ? { InsuranceRequestID: request.ID, CardToken: await localCardForm.tokenize(payer) }
          : { InsuranceRequestID: request.ID, AccountNumber: payer };
      const created = await start.mutateAsync({ kind, body });
      if (created) setMandate({ kind, id: created.ID });
    } catch (error) {
      if (error instanceof ApiError && error.status === 503) {
        setUnavailable(true);
        trackFlowEvent('payment-failed', { provider: kind, reason: 'provider-unavailable' });
      } else if (error instanceof ApiError && error.status === 400) setInvalid(true);
      else setUnavailable(true);
    }
  };

  const busy = start.isPending || status === 'pending';
  return (
    <form
      className="panel"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="insurance-payment"
    >
      <h2 id={`${id}-title`}>{t('insuranceJourney.payment.heading')}</h2>
      <fieldset className="choice-group">
        <legend>{t('insuranceJourney.payment.legend')}</legend>
        {kinds.map((option) => (
          <label key={option} className="choice">
            <input
              type="radio"
              name="payment-kind"
              value={option}
              checked={kind === option}
              onChange={() => {
                setKind(option);
                setPayer('');
                setInvalid(false);
              }}
              data-testid={`insurance-kind-${option}`}
            />
            {t(`insuranceJourney.payment.kinds.${option}`)}
          </label>
        ))}
      </fieldset>
      {kind && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-payer`}>
            {kind === 'card'
              ? t('insuranceJourney.payment.cardNumber')
              : t('insuranceJourney.payment.accountNumber')}
          </label>
          {kind === 'card' && (
            <p id={`${id}-card-note`} className="muted">
              {t('insuranceJourney.payment.cardNote')}
            </p>
          )}
          <input
            id={`${id}-payer`}
            className="text-input"
            inputMode={kind === 'card' ? 'numeric' : 'text'}
            autoComplete={kind === 'card' ? 'cc-number' : 'off'}
            value={payer}
            onChange={(event) => setPayer(event.target.value)}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={
              [kind === 'card' ? `${id}-card-note` : null, invalid ? `${id}-payer-error` : null]
                .filter(Boolean)
                .join(' ') || undefined
            }
            data-testid="insurance-payer"
          />
          {invalid && (
            <p id={`${id}-payer-error`} className="error-text" role="alert">
              {kind === 'card'
                ? t('insuranceJourney.payment.invalidCard')
                : t('insuranceJourney.payment.invalidAccount')}
            </p>
          )}
        </div>
      )}
      <div
        role="status"
        aria-live="polite"
        data-testid="insurance-payment-status"
        data-status={status ?? 'none'}
      >
        {status === 'pending' && <p>{t('insuranceJourney.payment.pending')}</p>}
      </div>
      {(status === 'declined' || status === 'failed') && (
        <p className="error-text" role="alert">
          {t('insuranceJourney.payment.declined')}
        </p>
      )}
      {unavailable && (
        <p className="error-text" role="alert" data-testid="insurance-payment-unavailable">
          {t('insuranceJourney.payment.unavailable')}
        </p>
      )}
      <button type="submit" className="button" disabled={!kind || busy} data-testid="insurance-pay">
        {t('insuranceJourney.payment.submit')}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={onDecline}
        data-testid="insurance-decline-payment"
      >
        {t('insuranceJourney.payment.decline')}
      </button>
    </form>
  );
}
