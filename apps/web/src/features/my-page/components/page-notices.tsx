import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import {
  marketingChannelsGiven,
  useConsentState,
  useRevokeMarketingConsent,
} from '#src/features/my-page/api/marketing-consent.ts';
import { Disclosure } from '#src/features/my-page/components/disclosure.tsx';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';

/** Sweden's mandatory warning (regulation.md; KOVFS 2025:1), on brands whose §3 hasHighCostWarning is on. */
export function CostWarning() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const titleId = useId();
  if (!brand.myPage.hasHighCostWarning) return null;
  return (
    <aside className="cost-warning" aria-labelledby={titleId} data-testid="cost-warning">
      <h2 id={titleId}>{t('offers.costWarning.title')}</h2>
      <p>{t('offers.costWarning.text')}</p>
      <p>{t('offers.costWarning.help')}</p>
    </aside>
  );
}

/**
 * The insurance upsell with the brand's example (§3 my-page options; §9 monthly 350, total 5858), behind its
 * named section below the offers (issue 38).
 */
export function InsuranceUpsell({ insuranceHref }: { insuranceHref: string | null }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const format = useOfferFormat();
  const options = brand.myPage.offers;
  if (!options.hasInsuranceUpsell || !options.insuranceExample) return null;
  return (
    <Disclosure title={t('offers.insurance.title')} testId="insurance-upsell" level={2}>
      <p>{t('offers.insurance.text')}</p>
      <p>
        {t('offers.insurance.example', {
          monthly: format.money(options.insuranceExample.monthlyCost),
          total: format.money(options.insuranceExample.totalCost),
        })}
      </p>
      {insuranceHref && (
        <a href={insuranceHref} onClick={() => trackFlowEvent('open-product-fact-sheet', {})}>
          {t('offers.insurance.link')}
        </a>
      )}
    </Disclosure>
  );
}

/**
 * Where the applicant revokes marketing consent (§7 DELETE /customer/{id}/consent) and sees the result,
 * behind its named section below the offers (issue 38).
 */
export function MarketingConsentPanel({ customerId }: { customerId: string | null }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const state = useConsentState(customerId, brand.brand);
  const revoke = useRevokeMarketingConsent(customerId ?? '', brand.brand);
  if (!customerId) return null;
  const channels = marketingChannelsGiven(state.data);
  const channelList = new Intl.ListFormat(brand.i18n.defaultLocale, { type: 'conjunction' }).format(
    channels.map((channel) => t(`offers.consent.channels.${channel}`, { defaultValue: channel })),
  );
  return (
    <Disclosure title={t('offers.consent.title')} testId="marketing-consent" level={2}>
      <p>{t('offers.consent.lead')}</p>
      {state.isSuccess && (
        <p data-testid="consent-state">
          {channels.length ? t('offers.consent.given', { channels: channelList }) : t('offers.consent.none')}
        </p>
      )}
      {channels.length > 0 && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => revoke.mutate()}
          disabled={revoke.isPending}
        >
          {revoke.isPending ? t('offers.consent.revoking') : t('offers.consent.revoke')}
        </button>
      )}
      <p role="status" aria-live="polite" data-testid="consent-result">
        {revoke.isSuccess ? t('offers.consent.revoked') : ''}
      </p>
      {revoke.isError && (
        <p className="error-text" role="alert">
          {t('offers.consent.failed')}
        </p>
      )}
    </Disclosure>
  );
}
