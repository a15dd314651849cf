import type { ScreeningDecision } from '@nordloan/domain/screening';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, segment } from '#src/shared/api/http.ts';

// POST /backoffice/person-checks/{id}/decision { Decision, Reason }: block stops the application
// (198/199 through the status-transition service), clear lets it continue. Both are audited.

export type { ScreeningDecision };

export interface PersonCheckDecision {
  personCheckID: string;
  Decision: ScreeningDecision;
  Reason: string;
}

export const decidePersonCheck = ({ personCheckID, Decision, Reason }: PersonCheckDecision) =>
  request('POST', `/backoffice/person-checks/${segment(personCheckID)}/decision`, {
    body: { Decision, Reason },
  });

export function useDecidePersonCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePersonCheck,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['screening-reviews'] });
      void queryClient.invalidateQueries({ queryKey: ['application-360'] });
    },
  });
}
