import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request, segment } from '#src/shared/api/http.ts';
import { listSchema } from '#src/shared/api/list.ts';

// GET /backoffice/applications/{id}/audit: who read or changed what, when and why.

export const auditEntrySchema = z.looseObject({
  ID: z.string(),
  At: z.string(),
  ActorAgentID: z.string().nullish(),
  ActorName: z.string().nullish(),
  Action: z.string(),
  Reason: z.string().nullish(),
  Details: z.unknown().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export async function listApplicationAudit(applicationID: string, offset = 0) {
  return parseWith(listSchema(auditEntrySchema))(
    await request('GET', `/backoffice/applications/${segment(applicationID)}/audit`, {
      query: { offset, limit: 100 },
    }),
  );
}

export const applicationAuditQueryOptions = (applicationID: string) =>
  queryOptions({
    queryKey: ['application-360', applicationID, 'audit'],
    queryFn: () => listApplicationAudit(applicationID),
  });

export function useApplicationAudit(applicationID: string, enabled: boolean) {
  return useQuery({ ...applicationAuditQueryOptions(applicationID), enabled });
}
