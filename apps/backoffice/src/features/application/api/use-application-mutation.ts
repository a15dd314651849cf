import { useMutation, useQueryClient } from '@tanstack/react-query';
import { application360Key } from './get-application-360.ts';

/** A staff action on one application: on success the 360° view (and its audit tab) is read again. */
export function useApplicationMutation<T>(applicationID: string, action: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: application360Key(applicationID) }),
  });
}
