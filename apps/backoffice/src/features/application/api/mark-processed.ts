import type { Assignment } from '@nordloan/domain/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markProcessed } from '#src/shared/api/assignments.ts';
import { application360Key } from './get-application-360.ts';

export function useMarkProcessed(applicationID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignment: Assignment) => markProcessed(assignment),
    onSettled: () => {
      // A 409 (stale Revision) also means the view is out of date: read it again either way.
      void queryClient.invalidateQueries({ queryKey: application360Key(applicationID) });
      void queryClient.invalidateQueries({ queryKey: ['assignments'] });
      void queryClient.invalidateQueries({ queryKey: ['bucket-summary'] });
    },
  });
}
