import type { BrandPathPurpose } from '@nordloan/domain/brands/brand-config.schema';
import type { Product } from '@nordloan/domain/enums';
import {
  applicationStatus,
  isApplicationStatusCode,
  isTerminalStatus,
  statusPhase,
  statusPhases,
} from '@nordloan/domain/statuses';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UnauthorizedFallback } from '#src/app/error-pages.tsx';
import { EidLoginButton } from '#src/app/routes/eid-login-button.tsx';
import { mainHostHref } from '#src/app/site-layout.tsx';
import { useSessionSync } from '#src/app/use-session-sync.ts';
import { useBrand } from '#src/brands/brand-context.tsx';
import type { BrandPage } from '#src/brands/brand-pages.ts';
import { InsurancePoliciesPanel } from '#src/features/insurance/components/insurance-policies-panel.tsx';
import { ApplicationSection } from '#src/features/my-page/components/application-section.tsx';
import { ContactPreferencesPanel } from '#src/features/my-page/components/contact-preferences.tsx';
import {
  CostWarning,
  InsuranceUpsell,
  MarketingConsentPanel,
} from '#src/features/my-page/components/page-notices.tsx';
import { MyDataPanel } from '#src/features/my-page/my-data/components/my-data-panel.tsx';
import { authStore, useAuthStore } from '#src/session/auth-store.ts';
import { CreditWarning, creditWarningToShow } from '#src/shared/compliance/credit-warning.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';
import '#src/features/insurance/insurance.css';

// Personal page (issue 6): login (the 401 fallback with the e-ID login button, ADR 0029), or
// the applicant's applications — loaded by the §4 sync table for this page's view (overview without a
// product, results with one) — each with its state, offers and actions (features/my-page). Issue 38: the
// application waiting for the applicant's decision comes first, and the page's insurance and settings
// come after the applications under named sections (docs/decisions/0061).

/** Which application needs the applicant most: offers to choose, then the bank's steps, then the rest. */
function attentionRank(status: number | undefined): number {
  const code = status ?? applicationStatus.started;
  const phase = statusPhase(code);
  if (phase === statusPhases.customerDecision && isActive(code)) return 0;
  if (phase >= statusPhases.disbursementDecision && phase < statusPhases.disbursed && isActive(code))
    return 1;
  if (isActive(code)) return 2;
  return 3;
}

function isActive(code: number): boolean {
  return !(isApplicationStatusCode(code) && isTerminalStatus(code));
}

function inPageOrder<T extends { CreatedAt: string; Status?: number | undefined }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => attentionRank(a.Status) - attentionRank(b.Status) || b.CreatedAt.localeCompare(a.CreatedAt),
  );
}

/** The apply page a product is applied for on (where a draft continues). */
const applyPurposeOf: Record<Product, BrandPathPurpose> = {
  UnsecuredLoan: 'applyUnsecured',
  CreditCard: 'applyUnsecured',
  SecuredLoan: 'applySecured',
  DiscoveryLoan: 'oneFormApply',
};

function LoginPanel() {
  const { t } = useTranslation();
  return (
    <UnauthorizedFallback>
      <p className="login-stack">{t('myPage.loginLead')}</p>
      <div className="login-stack">
        <EidLoginButton />
      </div>
    </UnauthorizedFallback>
  );
}

export function MyPage({ page }: { page: BrandPage }) {
  const { t } = useTranslation();
  const { brand, isMyPageHost } = useBrand();
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.token);
  const customerId = useAuthStore((state) => state.customerId);
  const personId = useAuthStore((state) => state.personId);
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

  const insuranceHref = brand.paths.applyInsurance
    ? mainHostHref(brand.paths.applyInsurance, isMyPageHost)
    : null;
  // Issue 38 item 2: the apply page opens a draft at its saved step from `?resume=<applicationId>`.
  const continueHref = (application: { ID: string; Product: Product }) => {
    const path = brand.paths[applyPurposeOf[application.Product]] ?? brand.paths.applyUnsecured;
    return mainHostHref(`${path}?resume=${encodeURIComponent(application.ID)}`, isMyPageHost);
  };
  return (
    <article aria-labelledby="my-page-title" data-page-kind="my-page" data-logged-in="true">
      <div className="page-heading">
        <h1 id="my-page-title">{title}</h1>
        <button type="button" className="button button--secondary" onClick={logout}>
          {t('myPage.logout')}
        </button>
      </div>
      {/* CCD2 art. 8(1) over the offers (ADR 0064); the §3 high-cost warning where the country has none. */}
      {creditWarningToShow(brand.country) ? <CreditWarning /> : <CostWarning />}
      <div className="my-page__layout">
        <div>
          <h2 className="visually-hidden">{t('myPage.applicationsTitle')}</h2>
          {applicationsError ? (
            <p className="error-text" role="alert">
              {t('myPage.loadFailed')}
            </p>
          ) : applicationsStatus === 'success' && applications?.length ? (
            inPageOrder(applications).map((application) => (
              <ApplicationSection
                key={application.ID}
                application={application}
                continueHref={continueHref(application)}
              />
            ))
          ) : applicationsStatus === 'success' || !sync.plan ? (
            <p>{t('myPage.noApplications')}</p>
          ) : (
            <p role="status">{t('common.loading')}</p>
          )}
        </div>
        <div className="my-page__aside" data-testid="my-page-settings">
          <InsurancePoliciesPanel today={new Date().toISOString().slice(0, 10)} />
          <InsuranceUpsell insuranceHref={insuranceHref} />
          <MarketingConsentPanel customerId={customerId} />
          <ContactPreferencesPanel customerId={customerId} />
          <MyDataPanel personId={personId} />
        </div>
      </div>
    </article>
  );
}
