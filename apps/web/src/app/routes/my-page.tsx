import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UnauthorizedFallback } from '#src/app/error-pages.tsx';
import { DevLoginForm } from '#src/app/routes/dev-login-form.tsx';
import { isDevIdentityProviderOffered } from '#src/app/runtime.ts';
import { useSessionSync } from '#src/app/use-session-sync.ts';
import { useBrand } from '#src/brands/brand-context.tsx';
import type { BrandPage } from '#src/brands/brand-pages.ts';
import type { LoanApplication } from '#src/features/loan-application/api/loan-application.schema.ts';
import { authStore, useAuthStore } from '#src/session/auth-store.ts';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Personal page skeleton: login (the 401 fallback) or the applicant's applications and offers, loaded by
// the §4 sync table for this page's view (overview without a product, results with one).

function ApplicationItem({ application }: { application: LoanApplication }) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const phase = application.Status ? String(Math.floor(application.Status / 100)) : '1';
  return (
    <li className="card" data-testid="application-item">
      <span className="card__title">{t(`products.${application.Product}`)}</span>
      <span className="card__meta">
        {t('myPage.applicationNumber', { id: application.HumanReadableID ?? application.ID })} ·{' '}
        {t('myPage.createdAt', { date: format.date(application.CreatedAt) })}
      </span>{' '}
      <span className="status-badge">
        <span className="visually-hidden">{t('myPage.status')}: </span>
        {t(`phases.${phase}`, { defaultValue: t('phases.1') })}
      </span>
    </li>
  );
}

function LoginPanel() {
  const { t } = useTranslation();
  return (
    <UnauthorizedFallback>
      <p className="login-stack">{t('myPage.loginLead')}</p>
      {isDevIdentityProviderOffered(window.location.host) && (
        <div className="login-stack">
          <DevLoginForm />
        </div>
      )}
    </UnauthorizedFallback>
  );
}

export function MyPage({ page }: { page: BrandPage }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.token);
  const title = t(`purposes.${page.purpose}`);
  useDocumentTitle(title, brand.name);
  const sync = useSessionSync({ view: page.view, product: page.product });

  if (sync.isAuthenticating) {
    return (
      <p role="status" aria-live="polite">
        {t('common.loading')}
      </p>
    );
  }
  if (!token) return <LoginPanel />;

  const applications = page.view === 'overview' ? sync.all.data : sync.loan.data ? [sync.loan.data] : null;
  const applicationsStatus = page.view === 'overview' ? sync.all.status : sync.loan.status;
  const applicationsError = page.view === 'overview' ? sync.all.error : sync.loan.error;
  const logout = () => {
    authStore.getState().unsetAuth();
    queryClient.clear();
  };

  return (
    <article aria-labelledby="my-page-title" data-page-kind="my-page" data-logged-in="true">
      <div className="page-heading">
        <h1 id="my-page-title">{title}</h1>
        <button type="button" className="button button--secondary" onClick={logout}>
          {t('myPage.logout')}
        </button>
      </div>
      <div className="layout-two">
        <section aria-labelledby="applications-title">
          <h2 id="applications-title">{t('myPage.applicationsTitle')}</h2>
          {applicationsError ? (
            <p className="error-text" role="alert">
              {t('myPage.loadFailed')}
            </p>
          ) : applicationsStatus === 'success' && applications?.length ? (
            <ul className="application-list">
              {applications.map((application) => (
                <ApplicationItem key={application.ID} application={application} />
              ))}
            </ul>
          ) : applicationsStatus === 'success' || !sync.plan ? (
            <p>{t('myPage.noApplications')}</p>
          ) : (
            <p role="status">{t('common.loading')}</p>
          )}
        </section>
        <section className="panel" aria-labelledby="offers-title">
          <h2 id="offers-title">{t('myPage.offersTitle')}</h2>
          {sync.quotes.data?.length ? (
            <p data-testid="offer-count">{sync.quotes.data.length}</p>
          ) : (
            <p>{t('myPage.noOffers')}</p>
          )}
        </section>
      </div>
    </article>
  );
}
