// The applicants of an application (main and co-applicant rows) and the persons who no longer are one.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { jsonRows, qualified } from '#src/db/json-rows.ts';
import {
  type LoanApplicationApplicantRow,
  loanApplication,
  loanApplicationApplicant,
  loanApplicationFormerApplicant,
} from '#src/db/schema/applications.ts';

export type ApplicantValues = Partial<
  Omit<typeof loanApplicationApplicant.$inferInsert, 'id' | 'loanApplicationId' | 'role' | 'createdAt'>
>;

// The applicants of the outer application row (in role order, as findApplicants), as a column of the
// statement reading the row: one round trip per read (issue 12).
export const applicantsOfRow = jsonRows(loanApplicationApplicant, {
  where: sql`${qualified(loanApplicationApplicant.loanApplicationId)} = ${qualified(loanApplication.id)}`,
  orderBy: sql`${qualified(loanApplicationApplicant.role)} ASC`,
});

/** The applicants of several applications (each application's in role order, as findApplicants). */
export async function findApplicantsOf(
  db: Executor,
  applicationIds: readonly string[],
): Promise<Map<string, LoanApplicationApplicantRow[]>> {
  const byApplication = new Map<string, LoanApplicationApplicantRow[]>(applicationIds.map((id) => [id, []]));
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select()
    .from(loanApplicationApplicant)
    .where(inArray(loanApplicationApplicant.loanApplicationId, [...applicationIds]))
    .orderBy(asc(loanApplicationApplicant.loanApplicationId), asc(loanApplicationApplicant.role));
  for (const row of rows) byApplication.get(row.loanApplicationId)?.push(row);
  return byApplication;
}

export async function findApplicants(
  db: Executor,
  applicationId: string,
): Promise<LoanApplicationApplicantRow[]> {
  return db
    .select()
    .from(loanApplicationApplicant)
    .where(eq(loanApplicationApplicant.loanApplicationId, applicationId))
    .orderBy(asc(loanApplicationApplicant.role));
}

/** Sets the given fields of one applicant, creating the row on first use. */
export async function upsertApplicant(
  db: Executor,
  applicationId: string,
  role: 'MainApplicant' | 'CoApplicant',
  values: ApplicantValues,
  now: Date,
) {
  const [row] = await db
    .insert(loanApplicationApplicant)
    .values({ loanApplicationId: applicationId, role, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [loanApplicationApplicant.loanApplicationId, loanApplicationApplicant.role],
      set: { ...values, updatedAt: now },
    })
    .returning();
  return row!;
}

/**
 * Records that `personId` is no longer an applicant of the application (a co-applicant taken off or
 * replaced): its earlier revisions still hold their part, which the retention job clears (ADR 0033).
 */
export async function recordFormerApplicant(
  db: Executor,
  input: { applicationId: string; personId: string; now: Date },
): Promise<void> {
  await db
    .insert(loanApplicationFormerApplicant)
    .values({ loanApplicationId: input.applicationId, personId: input.personId, leftAt: input.now })
    .onConflictDoNothing();
}

export async function deleteApplicant(db: Executor, applicationId: string, role: string) {
  await db
    .delete(loanApplicationApplicant)
    .where(
      and(
        eq(loanApplicationApplicant.loanApplicationId, applicationId),
        eq(loanApplicationApplicant.role, role),
      ),
    );
}
