import { useMutation } from '@tanstack/react-query';
import { fillPath } from '#src/shared/api/http.ts';
import { call } from './request.ts';

// POST /loan-application/{id}/magic-link: sends the applicant a link to continue (docs/decisions/0010).

export async function sendMagicLink(id: string, channel: 'email' | 'sms'): Promise<{ SentTo: string }> {
  const answer = await call<{ SentTo: string }>(
    'POST',
    fillPath('/loan-application/{id}/magic-link', { id }),
    {
      body: { Channel: channel },
    },
  );
  return answer ?? { SentTo: '' };
}

export const sendMagicLinkMutation = (id: string) => ({
  mutationFn: (channel: 'email' | 'sms') => sendMagicLink(id, channel),
});

export function useSendMagicLink(id: string) {
  return useMutation(sendMagicLinkMutation(id));
}
