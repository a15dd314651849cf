import { auditItemSchema, listOf } from '@nordloan/domain/backoffice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// GET /backoffice/applications/{id}/audit: who read or changed what, when and why.

export async function listApplicationAudit(applicationID: string, offset = 0) {
  return parseWith(listOf(auditItemSchema))(
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
