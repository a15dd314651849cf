import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { agentCountries, mayAdministerBuckets, useMe } from '#src/features/auth/api/get-me.ts';
import { FiguresBanner } from '#src/features/regulatory-figures/components/figures-banner.tsx';
import { clearToken } from '#src/shared/session/session-store.ts';
import { ErrorMessage, Kbd, Loading } from '#src/shared/ui/feedback.tsx';
import { useShortcut } from '#src/shared/ui/shortcuts.ts';

// The frame around every signed-in page: who is signed in, the sections, and the keyboard shortcuts
// (shown in the footer, and in full with ?).

export interface StaffContext {
  agentID: string;
  countries: string[];
  /** The countries whose regulatory figures the agent may enter (issue 39). */
  figureCountries: string[];
}

export function StaffLayout() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
        <Loading label="Signing in…" />
      </main>
    );
  }
  if (me.isError) {
    return (
      <main id="main" className="page">
        <ErrorMessage
          title="Your account could not be loaded"
          error={me.error}
          action={
            <button type="button" onClick={signOut}>
              Sign in again
            </button>
          }
        />
      </main>
    );
  }

  const agent = me.data.Agent;
  const countries = agentCountries(me.data);
  const figureCountries = me.data.Permissions['regulatoryFigures.manage'] ?? [];
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="product">nordloan back office</span>
        <nav aria-label="Sections">
          <NavLink to="/queue">Queue</NavLink>
          <NavLink to="/search">
            Search <Kbd>/</Kbd>
          </NavLink>
          <NavLink to="/calls">Call list</NavLink>
          <NavLink to="/screening">PEP review</NavLink>
          {mayAdministerBuckets(me.data) ? <NavLink to="/buckets">Buckets</NavLink> : null}
          {me.data.Permissions['regulatoryFigures.read']?.length ? (
            <NavLink to="/regulatory-figures">Figures</NavLink>
          ) : null}
        </nav>
        <div className="who">
          <span data-testid="agent-name">{agent.Name}</span>
          <span className="countries">{countries.join(' ') || 'no countries'}</span>
          <button type="button" className="link-button" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <FiguresBanner manageCountries={figureCountries} />
      <Outlet context={{ agentID: agent.ID, countries, figureCountries } satisfies StaffContext} />
      <footer className="shortcut-bar">
        <span>
          <Kbd>n</Kbd> next item
        </span>
        <span>
          <Kbd>p</Kbd> mark processed
        </span>
        <span>
          <Kbd>/</Kbd> search
        </span>
        <span>
          <Kbd>1</Kbd>–<Kbd>9</Kbd> tabs
        </span>
        <span>
          <Kbd>c</Kbd> call
        </span>
        <button
          type="button"
          className="link-button"
          onClick={() => setHelp((open) => !open)}
          aria-expanded={help}
        >
          <Kbd>?</Kbd> all shortcuts
        </button>
      </footer>
      {help ? <ShortcutHelp onClose={() => setHelp(false)} /> : null}
    </div>
  );
}

const shortcuts: [string, string][] = [
  ['n', 'Take the next item of the bucket (queue, open application)'],
  ['p', 'Mark the open application processed'],
  ['/', 'Search'],
  ['1–9', 'Switch tabs of an application'],
  ['c', 'Call the customer (Calls tab) or the first on the call list'],
  ['?', 'Show or hide this list'],
  ['Esc', 'Close this list'],
];

function ShortcutHelp({ onClose }: { onClose: () => void }) {
  return (
    <section className="shortcut-help" aria-labelledby="shortcut-help-heading">
      <h2 id="shortcut-help-heading">Keyboard shortcuts</h2>
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
        Close
      </button>
    </section>
  );
}
