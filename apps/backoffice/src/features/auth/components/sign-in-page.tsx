import { useState } from 'react';
import { type DevAgent, useDevAgents } from '#src/features/auth/api/list-dev-agents.ts';
import { useStaffLogin } from '#src/features/auth/api/staff-login.ts';
import { startStaffSignIn } from '#src/features/auth/api/start-staff-sign-in.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import type { Messages } from '#src/shared/i18n/messages.ts';
import { lastSignInError, type SignInError } from '#src/shared/session/session-store.ts';
import { ErrorMessage, Loading } from '#src/shared/ui/feedback.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Sign-in: the staff identity provider (OpenID Connect, ADR 0029; the local provider outside production),
// and outside production also the development sign-in — pick one of the seeded agents. In production
// GET /backoffice/dev/agents answers 404 and only the company sign-in is there.

function CompanySignIn() {
  const { t } = useI18n();
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
      <h2 id="company-sign-in">{t.signIn.companyAccount}</h2>
      <button type="button" className="primary" onClick={start} disabled={state === 'starting'}>
        {state === 'starting' ? t.signIn.goingToSignIn : t.signIn.withCompanyAccount}
      </button>
      {returned && state === 'idle' ? (
        <p className="error-box" role="alert" data-testid="sign-in-error">
          {t.signIn.errors[returned satisfies SignInError]}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="error-box" role="alert">
          {t.signIn.notStarted}
        </p>
      ) : null}
    </section>
  );
}

function rolesText(t: Messages, agent: DevAgent): string {
  return agent.Roles.map((role) => {
    const name = t.roles[role.Name] ?? role.Name;
    return role.Country ? `${name} (${t.countries[role.Country] ?? role.Country})` : name;
  }).join(', ');
}

export function SignInPage() {
  const { t } = useI18n();
  useDocumentTitle(t.signIn.title);
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
      <h1>{t.common.appName}</h1>
      <CompanySignIn />
      <p className="lead">{t.signIn.devLead}</p>
      {agents.isPending ? <Loading label={t.signIn.loadingAgents} /> : null}
      {agents.isError ? (
        <ErrorMessage
          title={t.signIn.agentsUnavailable}
          error={
            agents.error instanceof ApiError && agents.error.status === 404
              ? new Error(t.signIn.devOff)
              : agents.error
          }
        />
      ) : null}
      {login.isError ? <ErrorMessage title={t.signIn.failed} error={login.error} /> : null}
      {[...byCountry.entries()].map(([country, list]) => (
        <section key={country} className="agent-group" aria-labelledby={`agents-${country}`}>
          <h2 id={`agents-${country}`}>{t.countries[country] ?? country}</h2>
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
                    {rolesText(t, agent)}
                    {agent.Disabled ? t.signIn.disabled : ''}
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
