import type { ComponentType } from 'react';
import { Link, Navigate, type RouteObject, useOutletContext } from 'react-router';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { SignInPage } from '#src/features/auth/components/sign-in-page.tsx';
import { I18nProvider, useI18n } from '#src/shared/i18n/i18n.tsx';
import { useToken } from '#src/shared/session/session-store.ts';
import { type StaffContext, StaffLayout } from './staff-layout.tsx';

// Page paths never start with an API prefix (/backoffice, /auth, /loan-application, …): the server
// answers page requests for those paths with index.html only when no API route matches.
//
// Every page is its own chunk, loaded when its route is first reached (issue 40: the first screen
// ≤ 80 kB gzip, checked by scripts/check-bundle-budget.mjs). To add a page, add ONE line to the list
// below with `page(() => import('<the page module>'), (module) => module.YourPage)`; when the page needs
// the signed-in agent, read it inside the returned component with useStaff(). Never import a page
// module statically here: it would land in the first screen's script.

/** The signed-in agent (the layout's outlet context), for pages that need it. */
export const useStaff = () => useOutletContext<StaffContext>();

/** A route's `lazy`: the page's module is fetched when the route is first matched, then kept. */
export function page<M>(load: () => Promise<M>, component: (module: M) => ComponentType) {
  return async () => ({ Component: component(await load()) });
}

function SignedIn() {
  const token = useToken();
  // The language follows the agent's market once the agent is known (issue 38); /backoffice/me is the
  // layout's own query, so this asks nothing more.
  const me = useMe();
  return (
    <I18nProvider market={token ? me.data?.Agent.MarketCountry : undefined}>
      {token ? <StaffLayout /> : <SignInPage />}
    </I18nProvider>
  );
}

function NotFoundPage() {
  const { t } = useI18n();
  return (
    <main id="main" className="page">
      <h1>{t.layout.notFoundTitle}</h1>
      <p>
        {t.layout.notFoundText} <Link to="/queue">{t.layout.toQueue}</Link>.
      </p>
    </main>
  );
}

export function staffRoutes(): RouteObject[] {
  return [
    {
      element: <SignedIn />,
      // Nothing while the first page's chunk loads (a few ms); the index.html shell stays.
      HydrateFallback: () => null,
      children: [
        { index: true, element: <Navigate to="/queue" replace /> },
        {
          path: 'queue',
          lazy: page(
            () => import('#src/features/queue/components/queue-page.tsx'),
            ({ QueuePage }) =>
              () => <QueuePage agentID={useStaff().agentID} />,
          ),
        },
        {
          path: 'applications/:applicationID/:tab?',
          lazy: page(
            () => import('#src/features/application/components/application-page.tsx'),
            ({ ApplicationPage }) =>
              () => {
                const { agentID, permissions } = useStaff();
                return <ApplicationPage agentID={agentID} permissions={permissions} />;
              },
          ),
        },
        {
          path: 'search',
          lazy: page(
            () => import('#src/features/search/components/search-page.tsx'),
            (m) => m.SearchPage,
          ),
        },
        {
          path: 'calls',
          lazy: page(
            () => import('#src/features/calls/components/call-list-page.tsx'),
            ({ CallListPage }) =>
              () => <CallListPage countries={useStaff().countries} />,
          ),
        },
        {
          path: 'screening',
          lazy: page(
            () => import('#src/features/screening/components/screening-page.tsx'),
            (m) => m.ScreeningPage,
          ),
        },
        {
          path: 'buckets',
          lazy: page(
            () => import('#src/features/buckets/components/bucket-admin-page.tsx'),
            (m) => m.BucketAdminPage,
          ),
        },
        {
          path: 'regulatory-figures',
          lazy: page(
            () => import('#src/features/regulatory-figures/components/regulatory-figures-page.tsx'),
            ({ RegulatoryFiguresPage }) =>
              () => <RegulatoryFiguresPage manageCountries={useStaff().figureCountries} />,
          ),
        },
        {
          path: 'erasure-requests',
          lazy: page(
            () => import('#src/features/erasure-requests/components/erasure-requests-page.tsx'),
            (m) => m.ErasureRequestsPage,
          ),
        },
        {
          path: 'human-reviews',
          lazy: page(
            () => import('#src/features/human-review/components/human-reviews-page.tsx'),
            (m) => m.HumanReviewsPage,
          ),
        },
        {
          path: 'human-reviews/:reviewID',
          lazy: page(
            () => import('#src/features/human-review/components/human-review-page.tsx'),
            (m) => m.HumanReviewPage,
          ),
        },
        {
          path: 'lenders',
          lazy: page(
            () => import('#src/features/lenders/components/lenders-page.tsx'),
            ({ LendersPage }) =>
              () => <LendersPage manageCountries={useStaff().permissions['lender.manage'] ?? []} />,
          ),
        },
        {
          path: 'lender-portal',
          lazy: page(
            () => import('#src/features/lender-portal/components/lender-portal-page.tsx'),
            (m) => m.LenderPortalPage,
          ),
        },
        {
          path: 'lender-portal/:reference',
          lazy: page(
            () => import('#src/features/lender-portal/components/portal-application-page.tsx'),
            (m) => m.PortalApplicationPage,
          ),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
