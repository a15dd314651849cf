import { type Assignment, assignmentSchema } from '@nordloan/domain/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// Taking the next item and marking one processed are done from the queue and from an open application,
// so these requests are shared; the hooks live in each feature.

/** POST /backoffice/assignments/next { BucketID } → the oldest unassigned item, now the caller's. */
export async function takeNextAssignment(bucketID: string): Promise<Assignment> {
  return parseWith(assignmentSchema)(
    await request('POST', '/backoffice/assignments/next', { body: { BucketID: bucketID } }),
  );
}

/** POST /backoffice/assignments/{id}/processed { Revision }; a stale Revision answers 409. */
export async function markProcessed(assignment: Assignment): Promise<Assignment> {
  return parseWith(assignmentSchema)(
    await request('POST', `/backoffice/assignments/${segment(assignment.ID)}/processed`, {
      body: { Revision: assignment.Revision },
    }),
  );
}

/** The bucket the broker last took work from: `n` on an application continues with it. */
const lastBucketKey = 'nordloan.backoffice.lastBucket';
export function rememberBucket(bucketID: string): void {
  try {
    sessionStorage.setItem(lastBucketKey, bucketID);
  } catch {
    // private mode: the shortcut then needs the application's own bucket
  }
}
export function lastBucket(): string | null {
  try {
    return sessionStorage.getItem(lastBucketKey);
  } catch {
    return null;
  }
}

/** Take next (n), from the queue or from an open application: the hook both use. */
export function useTakeNextAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bucketID: string) => takeNextAssignment(bucketID),
    onSuccess: (_assignment, bucketID) => {
      rememberBucket(bucketID);
      void queryClient.invalidateQueries({ queryKey: ['bucket-summary'] });
      void queryClient.invalidateQueries({ queryKey: ['assignments'] });
    },
  });
}
