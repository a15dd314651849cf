import type { InsurancePolicyView } from '@nordloan/domain/insurance';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';

/** A policy's facts, as a description list (journey's last step and the personal page). */
export function PolicyDetails({ policy }: { policy: InsurancePolicyView }) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const rows: [string, string][] = [
    [t('insuranceJourney.policy.number'), policy.PolicyNumber],
    [t('insuranceJourney.policy.insurer'), policy.Insurer],
    [t('insuranceJourney.policy.cover'), format.currency(policy.InsuredMonthlyAmount)],
    [t('insuranceJourney.policy.premium'), format.currency(policy.MonthlyPremium)],
    [t('insuranceJourney.policy.startsOn'), format.date(policy.StartsOn)],
    [t('insuranceJourney.policy.status'), t(`insuranceJourney.policy.statuses.${policy.Status}`)],
  ];
  if (policy.TerminationReason) {
    rows.push([
      t('insuranceJourney.policy.terminationReason'),
      t(`insuranceJourney.panel.reasons.${policy.TerminationReason}`, {
        defaultValue: policy.TerminationReason,
      }),
    ]);
  } else {
    rows.push([t('insuranceJourney.policy.withdrawalUntil'), format.date(policy.WithdrawalDeadline)]);
  }
  return (
    <dl className="insurance-policy" data-testid="insurance-policy" data-status={policy.Status}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
