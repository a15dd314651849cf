import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// Taking the next item and marking one processed are done from the queue and from an open application,
// so these requests are shared; the hooks live in each feature.

export const assignmentAnswerSchema = z.looseObject({
  // The assignment's own id when the server sends one; the routes fall back to the application id.
  ID: z.string().optional(),
  LoanApplicationID: z.string(),
  BucketID: z.string(),
  AssigneeID: z.string().nullable(),
  ProcessedAt: z.string().nullable(),
  ProcessedBy: z.string().nullable().optional(),
  Country: z.string(),
  CreatedAt: z.string(),
  Revision: z.number().int(),
  HumanReadableID: z.union([z.string(), z.number()]).nullable().optional(),
  Product: z.string().nullable().optional(),
  Status: z.number().int().nullable().optional(),
  ApplicantName: z.string().nullable().optional(),
});
export type AssignmentAnswer = z.infer<typeof assignmentAnswerSchema>;

export const assignmentKey = (assignment: Pick<AssignmentAnswer, 'ID' | 'LoanApplicationID'>) =>
  assignment.ID ?? assignment.LoanApplicationID;

/** POST /backoffice/assignments/next { BucketID } → the oldest unassigned item, now the caller's. */
export async function takeNextAssignment(bucketID: string): Promise<AssignmentAnswer> {
  return parseWith(assignmentAnswerSchema)(
    await request('POST', '/backoffice/assignments/next', { body: { BucketID: bucketID } }),
  );
}

/** POST /backoffice/assignments/{id}/processed { Revision }; a stale Revision answers 409. */
export async function markProcessed(assignment: AssignmentAnswer): Promise<unknown> {
  return request('POST', `/backoffice/assignments/${segment(assignmentKey(assignment))}/processed`, {
    body: { Revision: assignment.Revision },
  });
}

/** The bucket the broker last took work from: `n` on an application continues with it. */
const lastBucketKey = 'nordloan.backoffice.lastBucket';
export function rememberBucket(bucketID: string): void {
  try {
    sessionStorage.setItem(lastBucketKey, bucketID);
  } catch {
    // private mode: the shortcut then asks for a bucket
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
