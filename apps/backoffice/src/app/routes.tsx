import { Link, Navigate, type RouteObject, useOutletContext } from 'react-router';
import { ApplicationPage } from '#src/features/application/components/application-page.tsx';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { SignInPage } from '#src/features/auth/components/sign-in-page.tsx';
import { BucketAdminPage } from '#src/features/buckets/components/bucket-admin-page.tsx';
import { CallListPage } from '#src/features/calls/components/call-list-page.tsx';
import { QueuePage } from '#src/features/queue/components/queue-page.tsx';
import { RegulatoryFiguresPage } from '#src/features/regulatory-figures/components/regulatory-figures-page.tsx';
import { ScreeningPage } from '#src/features/screening/components/screening-page.tsx';
import { SearchPage } from '#src/features/search/components/search-page.tsx';
import { I18nProvider, useI18n } from '#src/shared/i18n/i18n.tsx';
import { useToken } from '#src/shared/session/session-store.ts';
import { type StaffContext, StaffLayout } from './staff-layout.tsx';

// Page paths never start with an API prefix (/backoffice, /auth, /loan-application, …): the server
// answers page requests for those paths with index.html only when no API route matches.

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

const Queue = () => <QueuePage agentID={useOutletContext<StaffContext>().agentID} />;
const Application = () => {
  const { agentID, permissions } = useOutletContext<StaffContext>();
  return <ApplicationPage agentID={agentID} permissions={permissions} />;
};
const Calls = () => <CallListPage countries={useOutletContext<StaffContext>().countries} />;
const Figures = () => (
  <RegulatoryFiguresPage manageCountries={useOutletContext<StaffContext>().figureCountries} />
);

export function staffRoutes(): RouteObject[] {
  return [
    {
      element: <SignedIn />,
      children: [
        { index: true, element: <Navigate to="/queue" replace /> },
        { path: 'queue', element: <Queue /> },
        { path: 'applications/:applicationID/:tab?', element: <Application /> },
        { path: 'search', element: <SearchPage /> },
        { path: 'calls', element: <Calls /> },
        { path: 'screening', element: <ScreeningPage /> },
        { path: 'buckets', element: <BucketAdminPage /> },
        { path: 'regulatory-figures', element: <Figures /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
