import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRecordSchema, startCall } from '#src/shared/api/calls.ts';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

export function useStartCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callOrderID: string) => startCall(callOrderID),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['call-list'] }),
  });
}

/** GET /backoffice/call-records/{id}: the record as the telephony adapter's events update it. */
export async function getCallRecord(callRecordID: string) {
  return parseWith(callRecordSchema)(
    await request('GET', `/backoffice/call-records/${segment(callRecordID)}`),
  );
}

export const callRecordQueryOptions = (callRecordID: string) =>
  queryOptions({
    queryKey: ['call-record', callRecordID],
    queryFn: () => getCallRecord(callRecordID),
    // Polled until the call has ended.
    refetchInterval: (query) => (query.state.data?.EndedAt ? false : 1_000),
  });

export function useCallRecord(callRecordID: string | null) {
  return useQuery({ ...callRecordQueryOptions(callRecordID ?? ''), enabled: !!callRecordID });
}
