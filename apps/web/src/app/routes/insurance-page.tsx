import { useTranslation } from 'react-i18next';
import { UnauthorizedFallback } from '#src/app/error-pages.tsx';
import { EidLoginButton } from '#src/app/routes/eid-login-button.tsx';
import { useBrand } from '#src/brands/brand-context.tsx';
import { type BrandPage, myPageHref } from '#src/brands/brand-pages.ts';
import { InsuranceJourney } from '#src/features/insurance/components/insurance-journey.tsx';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';
import '#src/features/insurance/insurance.css';

// The insurance journey at the brand's §2 insurance path (issue 10): signed in with e-ID first (the
// rules need the applicant's age and where they are registered), then features/insurance.

export function InsurancePage({ page }: { page: BrandPage }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const token = useAuthStore(effectiveToken);
  const title = t(`purposes.${page.purpose}`);
  useDocumentTitle(title, brand.name);

  return (
    <article aria-labelledby="insurance-title" data-page-kind="insurance">
      <h1 id="insurance-title">{title}</h1>
      <p className="lead">{t('insurance.lead')}</p>
      {token ? (
        <InsuranceJourney myPageHref={myPageHref(brand, window.location)} />
      ) : (
        <UnauthorizedFallback>
          <p className="login-stack">{t('insuranceJourney.login')}</p>
          <div className="login-stack">
            <EidLoginButton />
          </div>
        </UnauthorizedFallback>
      )}
    </article>
  );
}
