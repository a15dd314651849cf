import { agentSchema } from '@nordloan/domain/backoffice';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// GET /backoffice/agents?country= and PATCH /backoffice/agents/{id} { Disabled } (Manager/Super).

const agentListSchema = z.union([
  z.array(agentSchema.loose()),
  z.object({ Items: z.array(agentSchema.loose()) }).transform((list) => list.Items),
]);

export async function listAgents(country?: string) {
  return parseWith(agentListSchema)(await request('GET', '/backoffice/agents', { query: { country } }));
}

export const agentsQueryOptions = () => queryOptions({ queryKey: ['agents'], queryFn: () => listAgents() });

export function useAgents() {
  return useQuery(agentsQueryOptions());
}

export function useSetAgentDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentID, Disabled }: { agentID: string; Disabled: boolean }) =>
      request('PATCH', `/backoffice/agents/${segment(agentID)}`, { body: { Disabled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agents'] }),
  });
}
