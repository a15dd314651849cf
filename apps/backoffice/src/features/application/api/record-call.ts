import type { OutboundNumberType } from '@nordloan/domain/enums';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRecordPageSchema, createCallOrder, startCall } from '#src/shared/api/calls.ts';
import { parseWith, request } from '#src/shared/api/http.ts';
import { application360Key } from './get-application-360.ts';

// Calling the customer from the 360° view: a call order for the application, then the call through the
// telephony adapter. The record's outcome arrives later through the adapter's events, so the application's
// call records are polled while a call is in progress.

export async function recordCall(applicationID: string, numberType: OutboundNumberType) {
  const order = await createCallOrder({ LoanApplicationID: applicationID, OutboundNumberType: numberType });
  return startCall(order.ID);
}

export async function listApplicationCalls(applicationID: string) {
  return parseWith(callRecordPageSchema)(
    await request('GET', '/backoffice/call-records', {
      query: { LoanApplicationID: applicationID, limit: 100 },
    }),
  );
}

export const applicationCallsQueryOptions = (applicationID: string) =>
  queryOptions({
    queryKey: ['application-360', applicationID, 'calls'],
    queryFn: () => listApplicationCalls(applicationID),
    refetchInterval: (query) => (query.state.data?.Items.some((record) => !record.EndedAt) ? 1_000 : false),
  });

export function useApplicationCalls(applicationID: string) {
  return useQuery(applicationCallsQueryOptions(applicationID));
}

export function useRecordCall(applicationID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (numberType: OutboundNumberType) => recordCall(applicationID, numberType),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: application360Key(applicationID) }),
  });
}
