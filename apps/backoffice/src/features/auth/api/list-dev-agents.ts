import { agentSchema } from '@nordloan/domain/backoffice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request } from '#src/shared/api/http.ts';

// GET /backoffice/dev/agents: the seeded agents, for the development sign-in page (404 in production).

export const devAgentListSchema = z.array(agentSchema.loose());
export type DevAgent = z.infer<typeof devAgentListSchema>[number];

export async function listDevAgents(): Promise<DevAgent[]> {
  return parseWith(devAgentListSchema)(await request('GET', '/backoffice/dev/agents', { anonymous: true }));
}

export const devAgentsQueryOptions = () =>
  queryOptions({ queryKey: ['dev-agents'], queryFn: listDevAgents, staleTime: 60_000 });

export function useDevAgents() {
  return useQuery(devAgentsQueryOptions());
}
