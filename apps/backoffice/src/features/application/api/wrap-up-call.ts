import { type CallWrapUpBody, callRecordSchema } from '@nordloan/domain/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseWith, request, segment } from '#src/shared/api/http.ts';
import { application360Key } from './get-application-360.ts';

// POST /backoffice/call-records/{id}/wrap-up: the agent's outcome, note and next contact date (issue 38).

export type CallWrapUpInput = Pick<CallWrapUpBody, 'Outcome'> & Partial<Omit<CallWrapUpBody, 'Outcome'>>;

export async function wrapUpCall(callRecordID: string, body: CallWrapUpInput) {
  return parseWith(callRecordSchema)(
    await request('POST', `/backoffice/call-records/${segment(callRecordID)}/wrap-up`, { body }),
  );
}

export function useWrapUpCall(applicationID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callRecordID, body }: { callRecordID: string; body: CallWrapUpInput }) =>
      wrapUpCall(callRecordID, body),
    // The calls list and the case summary's last call both show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: application360Key(applicationID) }),
  });
}
