import type { LoanApplication } from '@nordloan/domain/loan-application';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { myPageHref } from '#src/brands/brand-pages.ts';

// A second application of a product the applicant already has one of (ADR 0007: one active application per
// product). Issue 38: never a silent overwrite — the applicant chooses. A draft still being filled in is
// continued at its saved step or withdrawn to start over; one already with the banks is on the personal page.

export function ExistingApplicationChoice({
  application,
  editable,
  busy,
  onContinue,
  onStartOver,
}: {
  application: LoanApplication;
  editable: boolean;
  busy: boolean;
  onContinue: () => void;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const { brand, format } = useBrand();
  const what = {
    product: t(`products.${application.Product}`).toLowerCase(),
    id: application.HumanReadableID,
    date: format.date(application.UpdatedAt),
    amount: application.Amount === null ? '' : format.currency(application.Amount),
  };
  return (
    <section
      className="panel apply-step"
      aria-labelledby="apply-step-title"
      data-testid="existing-application"
      data-application-id={application.ID}
    >
      {editable ? (
        <>
          <p>{t('apply.existing.lead', what)}</p>
          <p>{t('apply.existing.question')}</p>
          <p className="muted">{t('apply.existing.startOverNote')}</p>
          <div className="apply-actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={onStartOver}
              disabled={busy}
              data-testid="existing-start-over"
            >
              {t('apply.existing.startOver')}
            </button>
            <button
              type="button"
              className="button"
              onClick={onContinue}
              disabled={busy}
              data-testid="existing-continue"
            >
              {t('apply.existing.continue')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t('apply.existing.withBanks', what)}</p>
          <div className="apply-actions">
            <a className="button" href={myPageHref(brand, window.location)} data-testid="existing-my-page">
              {t('apply.sent.toMyPage')}
            </a>
          </div>
        </>
      )}
    </section>
  );
}
