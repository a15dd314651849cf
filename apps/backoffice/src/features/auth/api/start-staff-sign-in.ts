import { z } from 'zod';
import { parseWith, request } from '#src/shared/api/http.ts';

// Staff sign-in through the workforce identity provider (OpenID Connect, docs/decisions/0029): the API
// answers where to send the browser; the provider's answer comes back to this app with
// `#token=…&provider-name=staff`, which session-store.ts takes (and removes from the address) at start.

const answerSchema = z.object({ authorizationUrl: z.string().url() });

export async function startStaffSignIn(returnTo: string): Promise<string> {
  const answer = parseWith(answerSchema)(
    await request('POST', '/auth/oidc/staff/start', { body: { returnTo }, anonymous: true }),
  );
  return answer.authorizationUrl;
}
