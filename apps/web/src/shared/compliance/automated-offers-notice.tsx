import { useTranslation } from 'react-i18next';

// CCD2 art. 13 (issue 34, ADR 0064): the consumer is told when an offer is personalised on the basis of
// automated processing of personal data — the lenders price the application automatically, and the order
// of the offers is computed. Shown with the offers on the personal page.
export function AutomatedOffersNotice() {
  const { t } = useTranslation();
  return (
    <p className="muted automated-offers-notice" data-testid="automated-offers-notice">
      {t('compliance.automatedOffers')}
    </p>
  );
}
