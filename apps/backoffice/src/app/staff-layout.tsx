import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { agentCountries, mayAdministerBuckets, useMe } from '#src/features/auth/api/get-me.ts';
import { FiguresBanner } from '#src/features/regulatory-figures/components/figures-banner.tsx';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { isStaffLanguage, languageNames, staffLanguages } from '#src/shared/i18n/language.ts';
import { clearToken } from '#src/shared/session/session-store.ts';
import { ErrorMessage, Kbd, Loading } from '#src/shared/ui/feedback.tsx';
import { useShortcut } from '#src/shared/ui/shortcuts.ts';
import { isLenderUser, LenderPortalLayout } from './lender-portal-layout.tsx';

/** The erasure queue's link (issue 36 item 3; its page keeps its texts in its own chunk). */
const erasureNavText = {
  en: 'Erasure requests',
  nb: 'Sletteforespørsler',
  sv: 'Raderingsbegäranden',
  fi: 'Poistopyynnöt',
  da: 'Sletteanmodninger',
};

/** The lenders page's link (issue 33 item 4; the shared catalogues are at their size limit). */
const lenderNavText = {
  en: 'Lenders',
  nb: 'Långivere',
  sv: 'Långivare',
  fi: 'Lainanantajat',
  da: 'Långivere',
};

/** The human-review queue's link (issue 34 item 3; its pages keep their texts in their own chunk). */
const humanReviewNavText = {
  en: 'Human reviews',
  nb: 'Manuelle vurderinger',
  sv: 'Manuella granskningar',
  fi: 'Ihmisen arvioinnit',
  da: 'Manuelle vurderinger',
};

// The frame around every signed-in page: who is signed in, the sections, the language, and the keyboard
// shortcuts (shown in the footer, and in full with ?).

export interface StaffContext {
  agentID: string;
  countries: string[];
  /** The countries whose regulatory figures the agent may enter (issue 39). */
  figureCountries: string[];
  /** Per permission, the countries the agent holds it in (GET /backoffice/me). */
  permissions: Record<string, string[]>;
}

export function StaffLayout() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t, language } = useI18n();
  const [help, setHelp] = useState(false);

  useShortcut('/', () => {
    navigate('/search');
    // The search page focuses its field when it mounts; when it is already open, focus it here.
    document.getElementById('search-q')?.focus();
  });
  useShortcut('?', () => setHelp((open) => !open));
  useShortcut('Escape', () => setHelp(false), help);

  const signOut = () => {
    clearToken();
    queryClient.clear();
    navigate('/', { replace: true });
  };

  if (me.isPending) {
    return (
      <main id="main" className="page">
        <Loading label={t.layout.signingIn} />
      </main>
    );
  }
  if (me.isError) {
    return (
      <main id="main" className="page">
        <ErrorMessage
          title={t.layout.accountNotLoaded}
          error={me.error}
          action={
            <button type="button" onClick={signOut}>
              {t.layout.signInAgain}
            </button>
          }
        />
      </main>
    );
  }

  const agent = me.data.Agent;
  // A lender's person sees the lender portal only (ADR 0068).
  if (isLenderUser(agent.Roles)) return <LenderPortalLayout agentName={agent.Name} onSignOut={signOut} />;
  const countries = agentCountries(me.data);
  const figureCountries = me.data.Permissions['regulatoryFigures.manage'] ?? [];
  const context: StaffContext = {
    agentID: agent.ID,
    countries,
    figureCountries,
    permissions: me.data.Permissions,
  };
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t.layout.skipToContent}
      </a>
      <header className="topbar">
        <span className="product">{t.common.appName}</span>
        <nav aria-label={t.layout.sections}>
          <NavLink to="/queue">{t.layout.nav.queue}</NavLink>
          <NavLink to="/search">
            {t.layout.nav.search} <Kbd>/</Kbd>
          </NavLink>
          <NavLink to="/calls">{t.layout.nav.calls}</NavLink>
          <NavLink to="/screening">{t.layout.nav.screening}</NavLink>
          {me.data.Permissions['audit.read']?.length ? (
            <NavLink to="/erasure-requests">{erasureNavText[language]}</NavLink>
          ) : null}
          {mayAdministerBuckets(me.data) ? <NavLink to="/buckets">{t.layout.nav.buckets}</NavLink> : null}
          {me.data.Permissions['humanReview.answer']?.length ? (
            <NavLink to="/human-reviews">{humanReviewNavText[language]}</NavLink>
          ) : null}
          {me.data.Permissions['regulatoryFigures.read']?.length ? (
            <NavLink to="/regulatory-figures">{t.layout.nav.figures}</NavLink>
          ) : null}
          {me.data.Permissions['lender.manage']?.length ? (
            <NavLink to="/lenders">{lenderNavText[language]}</NavLink>
          ) : null}
        </nav>
        <div className="who">
          <span data-testid="agent-name">{agent.Name}</span>
          <span className="countries">
            {countries.map((code) => t.countries[code] ?? code).join(', ') || t.layout.noCountries}
          </span>
          <LanguageSwitch />
          <button type="button" className="link-button" onClick={signOut}>
            {t.layout.signOut}
          </button>
        </div>
      </header>
      <FiguresBanner manageCountries={figureCountries} />
      <Outlet context={context} />
      <footer className="shortcut-bar">
        <span>
          <Kbd>n</Kbd> {t.layout.shortcutBar.next}
        </span>
        <span>
          <Kbd>p</Kbd> {t.layout.shortcutBar.processed}
        </span>
        <span>
          <Kbd>/</Kbd> {t.layout.shortcutBar.search}
        </span>
        <span>
          <Kbd>1</Kbd>–<Kbd>9</Kbd> {t.layout.shortcutBar.tabs}
        </span>
        <span>
          <Kbd>c</Kbd> {t.layout.shortcutBar.call}
        </span>
        <button
          type="button"
          className="link-button"
          onClick={() => setHelp((open) => !open)}
          aria-expanded={help}
        >
          <Kbd>?</Kbd> {t.layout.shortcutBar.all}
        </button>
      </footer>
      {help ? <ShortcutHelp onClose={() => setHelp(false)} /> : null}
    </div>
  );
}

/** The staff member's language, in its own name; the choice is remembered in this browser. */
function LanguageSwitch() {
  const { t, language, setLanguage } = useI18n();
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t.layout.language}</span>
      <select
        value={language}
        onChange={(event) => {
          if (isStaffLanguage(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {staffLanguages.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const shortcuts: [string, string][] = [
    ['n', t.layout.shortcuts.n],
    ['p', t.layout.shortcuts.p],
    ['/', t.layout.shortcuts.search],
    ['1–9', t.layout.shortcuts.tabs],
    ['c', t.layout.shortcuts.c],
    ['?', t.layout.shortcuts.help],
    ['Esc', t.layout.shortcuts.esc],
  ];
  return (
    <section className="shortcut-help" aria-labelledby="shortcut-help-heading">
      <h2 id="shortcut-help-heading">{t.layout.shortcutsTitle}</h2>
      <dl>
        {shortcuts.map(([key, text]) => (
          <div key={key}>
            <dt>
              <Kbd>{key}</Kbd>
            </dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={onClose}>
        {t.common.close}
      </button>
    </section>
  );
}
