import { type DevAgent, useDevAgents } from '#src/features/auth/api/list-dev-agents.ts';
import { useStaffLogin } from '#src/features/auth/api/staff-login.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { ErrorMessage, Loading } from '#src/shared/ui/feedback.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Development sign-in: pick one of the seeded agents. In production the staff identity provider signs
// people in instead, and GET /backoffice/dev/agents answers 404 — the page then says so.

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
      <p className="lead">Sign in as one of the development agents.</p>
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
