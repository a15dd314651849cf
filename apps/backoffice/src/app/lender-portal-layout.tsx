import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useI18n } from '#src/shared/i18n/i18n.tsx';

// The frame for a lender's people (issue 33 item 6, docs/decisions/0068): they sign in like staff, but the
// back office shows them the lender portal only — every other page sends them there (the API refuses them
// everything else anyway).

const portalNavText = {
  en: 'Applications',
  nb: 'Søknader',
  sv: 'Ansökningar',
  fi: 'Hakemukset',
  da: 'Ansøgninger',
};

/** Whether the signed-in agent is a lender's person (the Lender role). */
export const isLenderUser = (roles: readonly { Name: string }[]) =>
  roles.some((role) => role.Name === 'Lender');

export function LenderPortalLayout({ agentName, onSignOut }: { agentName: string; onSignOut: () => void }) {
  const { t, language } = useI18n();
  const location = useLocation();
  if (!location.pathname.startsWith('/lender-portal')) return <Navigate to="/lender-portal" replace />;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t.layout.skipToContent}
      </a>
      <header className="topbar">
        <span className="product">{t.common.appName}</span>
        <nav aria-label={t.layout.sections}>
          <NavLink to="/lender-portal">{portalNavText[language]}</NavLink>
        </nav>
        <div className="who">
          <span data-testid="agent-name">{agentName}</span>
          <button type="button" className="link-button" onClick={onSignOut}>
            {t.layout.signOut}
          </button>
        </div>
      </header>
      <Outlet />
    </div>
  );
}
