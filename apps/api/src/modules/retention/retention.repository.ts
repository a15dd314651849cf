import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { loanApplicationApplicant } from '#src/db/schema/applications.ts';
import { customer, person } from '#src/db/schema/core.ts';

// The SQL of the retention job (ADR 0033).

/**
 * Persons whose data the rules no longer let us keep, not yet anonymised: none of their applications (as
 * the customer's person or as an applicant) or insurance requests and policies is still moving or running,
 * and the last one changed (or ended) before
 * `relationshipEndedBefore`; or they never applied and their record has not changed since
 * `neverAppliedSilentSince`.
 */
export async function findPersonsPastRetention(
  db: Executor,
  options: {
    relationshipEndedBefore: Date;
    neverAppliedSilentSince: Date;
    activeStatusCodes: readonly number[];
    limit: number;
  },
): Promise<string[]> {
  const active = sql.join(
    options.activeStatusCodes.map((code) => sql`${code}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH linked AS (
      SELECT la.person_id AS person_id, la.status IN (${active}) AS moving, la.updated_at AS changed_at
      FROM loan_application la
      WHERE la.person_id IS NOT NULL
      UNION ALL
      SELECT a.person_id, la.status IN (${active}), la.updated_at
      FROM loan_application_applicant a JOIN loan_application la ON la.id = a.loan_application_id
      WHERE a.person_id IS NOT NULL
      UNION ALL
      -- Insurance is a customer relationship too: an undecided request or a running policy keeps the
      -- person; an ended one counts from its end.
      SELECT person_id, decision = 'new', updated_at FROM insurance_request
      UNION ALL
      SELECT person_id, terminated_at IS NULL, coalesce(terminated_at, updated_at) FROM insurance_policy
    ),
    per_person AS (
      SELECT person_id, max(changed_at) AS last_change, bool_or(moving) AS moving
      FROM linked GROUP BY person_id
    )
    SELECT p.id FROM person p LEFT JOIN per_person pp ON pp.person_id = p.id
    WHERE p.anonymised_at IS NULL
      AND (
        (pp.person_id IS NOT NULL AND NOT pp.moving
          AND pp.last_change < ${options.relationshipEndedBefore.toISOString()}::timestamptz)
        OR (pp.person_id IS NULL AND p.updated_at < ${options.neverAppliedSilentSince.toISOString()}::timestamptz)
      )
    ORDER BY p.updated_at
    LIMIT ${options.limit}`);
  return ((result as { rows?: { id: string }[] }).rows ?? []).map((row) => row.id);
}

/**
 * What the rules count for one person (the same links as findPersonsPastRetention): whether anything links
 * them to us, whether any of it is still moving, and its last change. The erasure request (ADR 0069) shows
 * the day the sweep will anonymise them from this.
 */
export async function findRetentionBasisOfPerson(
  db: Executor,
  personId: string,
  activeStatusCodes: readonly number[],
): Promise<{ linked: boolean; moving: boolean; lastChange: Date | null }> {
  const active = sql.join(
    activeStatusCodes.map((code) => sql`${code}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH linked AS (
      SELECT la.status IN (${active}) AS moving, la.updated_at AS changed_at
      FROM loan_application la WHERE la.person_id = ${personId}
      UNION ALL
      SELECT la.status IN (${active}), la.updated_at
      FROM loan_application_applicant a JOIN loan_application la ON la.id = a.loan_application_id
      WHERE a.person_id = ${personId}
      UNION ALL
      SELECT decision = 'new', updated_at FROM insurance_request WHERE person_id = ${personId}
      UNION ALL
      SELECT terminated_at IS NULL, coalesce(terminated_at, updated_at) FROM insurance_policy
      WHERE person_id = ${personId}
    )
    SELECT count(*)::int AS links, coalesce(bool_or(moving), false) AS moving, max(changed_at) AS last_change
    FROM linked`);
  const row = (result as { rows?: { links: number; moving: boolean; last_change: string | Date | null }[] })
    .rows?.[0];
  return {
    linked: Number(row?.links ?? 0) > 0,
    moving: Boolean(row?.moving),
    lastChange: row?.last_change ? new Date(row.last_change) : null,
  };
}

/** What anonymising clears of an applicant in a revision's snapshot (as of the applicant row). */
const clearedApplicantFields = JSON.stringify({ EmployerName: null, JobTitle: null });

/**
 * Clears every personal field of the person, their customers' contact details, what their applicant
 * rows (and their applications' revisions) say about their work, and the addresses we sent their applications' messages to. The national id becomes a placeholder (sealed like any number) and its
 * lookup hash a value no number hashes to, so the person can no longer be found by number.
 * The application rows stay, without anyone in them: their figures are the lenders' and our statistics.
 */
export async function anonymisePerson(db: Executor, personId: string, now: Date): Promise<void> {
  // The applications they are or were an applicant of are held first, in id order: every change of an
  // application locks its row before its applicant rows (ADR 0045), and a change waiting on this one
  // must not write a revision from the applicants as they were.
  const applicationsOfPerson = sql`
    SELECT loan_application_id FROM loan_application_applicant WHERE person_id = ${personId}
    UNION SELECT loan_application_id FROM loan_application_former_applicant WHERE person_id = ${personId}`;
  await db.execute(sql`
    SELECT id FROM loan_application WHERE id IN (${applicationsOfPerson}) ORDER BY id FOR UPDATE`);
  await db
    .update(person)
    .set({
      nationalId: 'anonymised',
      nationalIdHash: `anonymised:${personId}`,
      birthDate: null,
      firstName: null,
      lastName: null,
      email: null,
      phone: null,
      addressKind: null,
      streetAddress: null,
      coName: null,
      postalCode: null,
      city: null,
      addressCountry: null,
      citizenship: null,
      isPoliticallyExposed: null,
      politicallyExposedRole: null,
      anonymisedAt: now,
      updatedAt: now,
    })
    .where(eq(person.id, personId));
  await db
    .update(customer)
    .set({ email: null, phone: null, updatedAt: now })
    .where(eq(customer.personId, personId));
  await db
    .update(loanApplicationApplicant)
    .set({ employerName: null, jobTitle: null })
    .where(inArray(loanApplicationApplicant.personId, [personId]));
  // The revisions' snapshots hold the applicant as they were at each change, also of an application they
  // were taken off: their employer and job title go there too. The revision rows and their figures stay
  // (they are the application's history).
  await db.execute(sql`
    UPDATE loan_application_revision SET snapshot = snapshot
      || CASE WHEN snapshot->'MainApplicant'->>'PersonID' = ${personId}
              THEN jsonb_build_object('MainApplicant', (snapshot->'MainApplicant') || ${clearedApplicantFields}::jsonb)
              ELSE '{}'::jsonb END
      || CASE WHEN snapshot->'CoApplicant'->>'PersonID' = ${personId}
              THEN jsonb_build_object('CoApplicant', (snapshot->'CoApplicant') || ${clearedApplicantFields}::jsonb)
              ELSE '{}'::jsonb END
    WHERE loan_application_id IN (${applicationsOfPerson})
      AND ${personId} IN (snapshot->'MainApplicant'->>'PersonID', snapshot->'CoApplicant'->>'PersonID')`);
  // The applicant rows changed, so each application moves to a new Revision with a revision row (its
  // snapshot the last one's, now cleared): every writer of an application's parts bumps its Revision, which
  // a change that waited for this one's lock relies on to read the applicants again (ADR 0045) and a PATCH
  // written at the Revision it read relies on (ADR 0046). UpdatedAt stays: the rules count a co-applicant's
  // time from it.
  await db.execute(sql`
    WITH bumped AS (
      UPDATE loan_application SET revision = revision + 1
      WHERE id IN (SELECT loan_application_id FROM loan_application_applicant WHERE person_id = ${personId})
      RETURNING id, revision, status
    )
    INSERT INTO loan_application_revision
      (loan_application_id, revision, status, snapshot, changed_by, reason, created_at)
    SELECT bumped.id, bumped.revision, bumped.status,
           jsonb_set(last.snapshot, '{Revision}', to_jsonb(bumped.revision)), 'system:retention', 'anonymised',
           ${now.toISOString()}::timestamptz
      FROM bumped
      JOIN loan_application_revision last
        ON last.loan_application_id = bumped.id AND last.revision = bumped.revision - 1`);
  // Where we wrote to them: the record of each message stays (when, channel, kind), the address goes.
  await db.execute(sql`
    UPDATE notification SET recipient = 'anonymised'
    WHERE loan_application_id IN (SELECT id FROM loan_application WHERE person_id = ${personId})`);
  await db.execute(sql`
    UPDATE message SET recipient = 'anonymised', last_error = NULL, subject = NULL, text_body = NULL,
                       html_body = NULL
    WHERE loan_application_id IN (SELECT id FROM loan_application WHERE person_id = ${personId})`);
}
