import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { entityRequest, fillPath, joinUrl, parseAnswer } from '#src/shared/api/http.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';

// §7 GET /loan-application/magic/{magicToken}: no token; answers the application's ID (§2 "A magic
// token in the page start resolves to an application id").
const magicApplicationSchema = z.object({ ID: z.string() });

export async function getApplicationIdByMagicToken(magicToken: string): Promise<string | null> {
  const url = joinUrl(serviceUrl(), fillPath('/loan-application/magic/{magicToken}', { magicToken }));
  const body = await entityRequest<unknown>('GET', url, { requireToken: false });
  return parseAnswer(magicApplicationSchema, body)?.ID ?? null;
}

export const applicationIdByMagicTokenQueryOptions = (magicToken: string) =>
  queryOptions({
    queryKey: queryKeys.magicApplication(magicToken),
    queryFn: () => getApplicationIdByMagicToken(magicToken),
  });

export function useApplicationIdByMagicToken(magicToken: string | null) {
  return useQuery({ ...applicationIdByMagicTokenQueryOptions(magicToken ?? ''), enabled: !!magicToken });
}
