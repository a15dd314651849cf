import type { InsuranceRequestView } from '@nordloan/domain/insurance';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { useMandate, useStartMandate } from '../api/insurance-mandate.ts';

const providerNames: Record<string, string> = {
  'bankid-no': 'BankID',
  'bankid-se': 'BankID',
  ftn: 'FTN',
  mitid: 'MitID',
};

/** Step 3: the applicant signs the insurance mandate with their e-ID; we follow the order until it ends. */
export function MandateStep({
  request,
  provider,
  onSigned,
}: {
  request: InsuranceRequestView;
  provider: string;
  onSigned: () => void;
}) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const id = useId();
  const start = useStartMandate(provider);
  const [mandateId, setMandateId] = useState<string | null>(
    request.Mandate && request.Mandate.Status !== 'failed' ? request.Mandate.ID : null,
  );
  const mandate = useMandate(provider, mandateId);
  const status = mandate.data?.Status;
  useEffect(() => {
    if (status === 'signed') onSigned();
  }, [status, onSigned]);

  const sign = async () => {
    const started = await start.mutateAsync(request.ID).catch(() => null);
    if (started) setMandateId(started.ID);
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`} data-testid="insurance-mandate">
      <h2 id={`${id}-title`}>{t('insuranceJourney.mandate.heading')}</h2>
      <p>
        {t('insuranceJourney.mandate.lead', {
          amount: format.currency(request.InsuredMonthlyAmount),
          premium: format.currency(request.MonthlyPremium),
          provider: providerNames[provider] ?? provider,
        })}
      </p>
      <div
        role="status"
        aria-live="polite"
        data-testid="insurance-mandate-status"
        data-status={status ?? 'none'}
      >
        {status === 'pending' && <p>{t('insuranceJourney.mandate.pending')}</p>}
        {status === 'signed' && <p>{t('insuranceJourney.mandate.signed')}</p>}
      </div>
      {(status === 'failed' || start.isError) && (
        <p className="error-text" role="alert">
          {status === 'failed' ? t('insuranceJourney.mandate.failed') : t('insuranceJourney.error')}
        </p>
      )}
      {status !== 'pending' && status !== 'signed' && (
        <button
          type="button"
          className="button"
          onClick={sign}
          disabled={start.isPending}
          data-testid="insurance-sign"
        >
          {t('insuranceJourney.mandate.sign')}
        </button>
      )}
    </section>
  );
}
