import type { CustomerTerminationReason, InsurancePolicyView } from '@nordloan/domain/insurance';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInsurancePolicies, useTerminatePolicy } from '../api/policies.ts';
import { PolicyDetails } from './policy-details.tsx';

/**
 * The personal page's insurance: each policy with its status, and the customer's own ways out — withdraw
 * (within the withdrawal period) or terminate — each confirmed before it is sent.
 */
export function InsurancePoliciesPanel({ today }: { today: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const policies = useInsurancePolicies();
  const withPolicy = (policies.data ?? []).filter((request) => request.Policy);
  if (policies.isPending || (withPolicy.length === 0 && !policies.isError)) return null;
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="insurance-policies">
      <h2 id={titleId}>{t('insuranceJourney.panel.heading')}</h2>
      {policies.isError && (
        <p className="error-text" role="alert">
          {t('insuranceJourney.error')}
        </p>
      )}
      {withPolicy.map((request) => (
        <PolicyItem key={request.ID} policy={request.Policy!} today={today} />
      ))}
    </section>
  );
}

function PolicyItem({ policy, today }: { policy: InsurancePolicyView; today: string }) {
  const { t } = useTranslation();
  const terminate = useTerminatePolicy();
  const [confirming, setConfirming] = useState<CustomerTerminationReason | null>(null);
  const active = policy.Status === 'active';
  const mayWithdraw = active && today <= policy.WithdrawalDeadline;
  return (
    <div className="insurance-policy-item">
      <PolicyDetails policy={policy} />
      {active && !confirming && (
        <div className="button-row">
          {mayWithdraw && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming('customer-withdrew')}
              data-testid="insurance-withdraw"
            >
              {t('insuranceJourney.panel.withdraw')}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConfirming('customer-terminated')}
            data-testid="insurance-terminate"
          >
            {t('insuranceJourney.panel.terminate')}
          </button>
        </div>
      )}
      {active && confirming && (
        <div className="insurance-confirm">
          <p>
            {confirming === 'customer-withdrew'
              ? t('insuranceJourney.panel.confirmWithdraw')
              : t('insuranceJourney.panel.confirmTerminate')}
          </p>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
              {t('insuranceJourney.panel.cancel')}
            </button>
            <button
              type="button"
              className="button"
              disabled={terminate.isPending}
              onClick={() =>
                terminate.mutate(
                  { id: policy.ID, reason: confirming },
                  { onSuccess: () => setConfirming(null) },
                )
              }
              data-testid="insurance-confirm-termination"
            >
              {t('insuranceJourney.panel.confirm')}
            </button>
          </div>
        </div>
      )}
      {terminate.isError && (
        <p className="error-text" role="alert">
          {t('insuranceJourney.error')}
        </p>
      )}
    </div>
  );
}
