import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request } from '#src/shared/api/http.ts';
import { saveToken } from '#src/shared/session/session-store.ts';

// POST /auth/dev/staff-login { AgentID } → { token } (the development identity provider; a disabled
// agent is refused with 403).

const answerSchema = z.object({ token: z.string().min(1) });

export async function staffLogin(agentID: string): Promise<string> {
  const answer = parseWith(answerSchema)(
    await request('POST', '/auth/dev/staff-login', { body: { AgentID: agentID }, anonymous: true }),
  );
  return answer.token;
}

export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffLogin,
    onSuccess: (token) => {
      // Nothing cached for a previous agent may show to the next one.
      queryClient.clear();
      saveToken(token);
    },
  });
}
