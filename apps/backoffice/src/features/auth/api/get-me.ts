import { type StaffMe, staffMeSchema } from '@nordloan/domain/backoffice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseWith, request } from '#src/shared/api/http.ts';
import { useToken } from '#src/shared/session/session-store.ts';

// GET /backoffice/me → the signed-in agent and, per permission, the countries it holds it in.

export type Me = StaffMe;

export async function getMe(): Promise<Me> {
  return parseWith(staffMeSchema)(await request('GET', '/backoffice/me'));
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
