import { agentSchema } from '@nordloan/domain/backoffice';
import { countrySchema } from '@nordloan/domain/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request } from '#src/shared/api/http.ts';
import { useToken } from '#src/shared/session/session-store.ts';

// GET /backoffice/me → the signed-in agent and, per permission, the countries it holds it in.

export const meSchema = z.object({
  Agent: agentSchema.loose(),
  Permissions: z.record(z.string(), z.array(countrySchema)),
});
export type Me = z.infer<typeof meSchema>;

export async function getMe(): Promise<Me> {
  return parseWith(meSchema)(await request('GET', '/backoffice/me'));
}

export const meQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['me'], queryFn: getMe, staleTime: 5 * 60_000, enabled: !!token });

export function useMe() {
  return useQuery(meQueryOptions(useToken()));
}

/** Bucket and agent admin is for managers (contract: Manager/Super only); the server decides anyway. */
export function mayAdministerBuckets(me: Me | undefined): boolean {
  return !!me?.Agent.Roles.some((role) => role.Name === 'Manager' || role.Name === 'Super');
}

/** The countries the agent works with (from any permission it holds). */
export function agentCountries(me: Me | undefined): string[] {
  if (!me) return [];
  return [...new Set(Object.values(me.Permissions).flat())].sort();
}
