import { useState } from 'react';
import { type DevAgent, useDevAgents } from '#src/features/auth/api/list-dev-agents.ts';
import { useStaffLogin } from '#src/features/auth/api/staff-login.ts';
import { startStaffSignIn } from '#src/features/auth/api/start-staff-sign-in.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { lastSignInError, type SignInError } from '#src/shared/session/session-store.ts';
import { ErrorMessage, Loading } from '#src/shared/ui/feedback.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Sign-in: the staff identity provider (OpenID Connect, ADR 0029; the local provider outside production),
// and outside production also the development sign-in — pick one of the seeded agents. In production
// GET /backoffice/dev/agents answers 404 and only the company sign-in is there.

const signInErrorText: Record<SignInError, string> = {
  cancelled: 'The sign-in was cancelled. Sign in again when you are ready.',
  failed: 'The company sign-in could not be verified. Try again; if it keeps failing, tell IT support.',
  expired: 'The sign-in took too long or was started in another window. Try again.',
  refused: 'Your back-office account is disabled. Ask your manager to enable it.',
};

function CompanySignIn() {
  const [state, setState] = useState<'idle' | 'starting' | 'failed'>('idle');
  const [returned] = useState(lastSignInError);
  const start = async () => {
    setState('starting');
    try {
      // Back to this address (a link to an application opens it right after sign-in).
      const returnTo = `${window.location.origin}${window.location.pathname}${window.location.search}`;
      window.location.assign(await startStaffSignIn(returnTo));
    } catch {
      setState('failed');
    }
  };
  return (
    <section className="company-sign-in" aria-labelledby="company-sign-in">
      <h2 id="company-sign-in">Company account</h2>
      <button type="button" className="primary" onClick={start} disabled={state === 'starting'}>
        {state === 'starting' ? 'Going to the sign-in…' : 'Sign in with your company account'}
      </button>
      {returned && state === 'idle' ? (
        <p className="error-box" role="alert" data-testid="sign-in-error">
          {signInErrorText[returned]}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="error-box" role="alert">
          The sign-in could not be started. Try again.
        </p>
      ) : null}
    </section>
  );
}

function rolesText(agent: DevAgent): string {
  return agent.Roles.map((role) => (role.Country ? `${role.Name} (${role.Country})` : role.Name)).join(', ');
}

export function SignInPage() {
  useDocumentTitle('Sign in');
  const agents = useDevAgents();
  const login = useStaffLogin();

  const signIn = (agent: DevAgent) =>
    // Signing in keeps the address: a link to an application opens it right after sign-in.
    login.mutate(agent.ID);

  const byCountry = new Map<string, DevAgent[]>();
  for (const agent of agents.data ?? []) {
    byCountry.set(agent.MarketCountry, [...(byCountry.get(agent.MarketCountry) ?? []), agent]);
  }

  return (
    <main className="sign-in" id="main">
      <h1>nordloan back office</h1>
      <CompanySignIn />
      <p className="lead">Development sign-in: pick one of the agents.</p>
      {agents.isPending ? <Loading label="Loading agents…" /> : null}
      {agents.isError ? (
        <ErrorMessage
          title="The agent list is not available"
          error={
            agents.error instanceof ApiError && agents.error.status === 404
              ? new Error('Development sign-in is off here; use the staff identity provider.')
              : agents.error
          }
        />
      ) : null}
      {login.isError ? <ErrorMessage title="Sign-in failed" error={login.error} /> : null}
      {[...byCountry.entries()].map(([country, list]) => (
        <section key={country} className="agent-group" aria-labelledby={`agents-${country}`}>
          <h2 id={`agents-${country}`}>{country}</h2>
          <ul className="agent-list">
            {list.map((agent) => (
              <li key={agent.ID}>
                <button
                  type="button"
                  className="agent-button"
                  disabled={agent.Disabled || login.isPending}
                  onClick={() => signIn(agent)}
                >
                  <span className="agent-name">{agent.Name}</span>
                  <span className="agent-roles">
                    {rolesText(agent)}
                    {agent.Disabled ? ' — disabled' : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
