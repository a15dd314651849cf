// The loan requests: one per application and lender (§3 LoanRequest), created by the fan-out, moved through
// the finer codes (§4) by the lender jobs, callbacks, decisions and closing.
import { and, asc, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { insertRowsAsJson } from '#src/db/json-rows.ts';
import { type LoanRequestRow, loanRequest } from '#src/db/schema/lending.ts';

/** Creates the requests that do not exist yet (a retried fan-out creates nothing twice). */
export async function insertLoanRequests(
  db: Executor,
  input: { applicationId: string; lenderIds: string[]; now: Date },
): Promise<void> {
  if (input.lenderIds.length === 0) return;
  await db
    .insert(loanRequest)
    .values(
      input.lenderIds.map((lenderId) => ({
        loanApplicationId: input.applicationId,
        lenderId,
        status: 211,
        createdAt: input.now,
        updatedAt: input.now,
      })),
    )
    .onConflictDoNothing();
}

/** insertLoanRequests for several applications in one statement. */
export async function insertLoanRequestsOf(
  db: Executor,
  input: { requests: ReadonlyArray<{ applicationId: string; lenderIds: readonly string[] }>; now: Date },
): Promise<void> {
  const values = input.requests.flatMap(({ applicationId, lenderIds }) =>
    lenderIds.map((lenderId) => ({
      loanApplicationId: applicationId,
      lenderId,
      status: 211,
      createdAt: input.now,
      updatedAt: input.now,
    })),
  );
  if (values.length === 0) return;
  await db.execute(insertRowsAsJson(loanRequest, values, { onConflictDoNothing: true }));
}

export async function findLoanRequest(db: Executor, id: string): Promise<LoanRequestRow | undefined> {
  const [row] = await db.select().from(loanRequest).where(eq(loanRequest.id, id));
  return row;
}

export async function findLoanRequestForUpdate(
  db: Executor,
  id: string,
): Promise<LoanRequestRow | undefined> {
  const [row] = await db.select().from(loanRequest).where(eq(loanRequest.id, id)).for('update');
  return row;
}

/** The id of the application a request belongs to, as a sub-select (e.g. to lock that application by it). */
export function applicationIdOfRequest(requestId: string): SQL {
  return sql`SELECT ${loanRequest.loanApplicationId} FROM ${loanRequest} WHERE ${loanRequest.id} = ${requestId}`;
}

/** An application's loan requests by lender id; `forUpdate`: held until the transaction ends (take the
 * application's row lock first). */
export async function listLoanRequests(
  db: Executor,
  applicationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<LoanRequestRow[]> {
  const query = db
    .select()
    .from(loanRequest)
    .where(eq(loanRequest.loanApplicationId, applicationId))
    .orderBy(asc(loanRequest.lenderId));
  return options.forUpdate ? query.for('update') : query;
}

/**
 * The requests of several applications, each application's by lender id (as listLoanRequests), in one
 * statement; `forUpdate`: held until the transaction ends (take the applications' row locks first).
 */
export async function listLoanRequestsOfApplications(
  db: Executor,
  applicationIds: readonly string[],
  options: { forUpdate?: boolean } = {},
): Promise<Map<string, LoanRequestRow[]>> {
  const byApplication = new Map<string, LoanRequestRow[]>(applicationIds.map((id) => [id, []]));
  if (applicationIds.length === 0) return byApplication;
  const query = db
    .select()
    .from(loanRequest)
    .where(inArray(loanRequest.loanApplicationId, [...applicationIds]))
    .orderBy(asc(loanRequest.loanApplicationId), asc(loanRequest.lenderId));
  for (const row of await (options.forUpdate ? query.for('update') : query)) {
    byApplication.get(row.loanApplicationId)?.push(row);
  }
  return byApplication;
}

/** Requests by id, in one statement (the calls of a batch of lender jobs). */
export async function listLoanRequestsByIds(db: Executor, ids: readonly string[]): Promise<LoanRequestRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(loanRequest)
    .where(inArray(loanRequest.id, [...ids]));
}

/** One request's new status and the fields that change with it (a field left out keeps its value). */
export interface LoanRequestChange {
  id: string;
  status: number;
  reasonCode?: string | null | undefined;
  reason?: string | null | undefined;
  externalReference?: string | null | undefined;
  registeredAt?: Date | null | undefined;
  decidedAt?: Date | null | undefined;
}

/** The fields a LoanRequestChange may set besides its status, and their columns. */
const requestChangeColumns = [
  ['reasonCode', 'reason_code'],
  ['reason', 'reason'],
  ['externalReference', 'external_reference'],
  ['registeredAt', 'registered_at'],
  ['decidedAt', 'decided_at'],
] as const;

/**
 * Changes several requests in one statement (`UPDATE … FROM jsonb_to_recordset(…)`): the lenders of one job
 * answered together (ADR 0044), a batch's hundreds (ADR 0047). As with `updateLoanRequest`, a field a
 * change leaves out keeps its value and one given as null is cleared: each row lists the fields it sets.
 */
export async function updateLoanRequests(
  db: Executor,
  changes: readonly LoanRequestChange[],
  now: Date,
): Promise<LoanRequestRow[]> {
  if (changes.length === 0) return [];
  const rows = changes.map((change) => {
    const row: Record<string, unknown> = { id: change.id, status: change.status, given: [] as string[] };
    for (const [key, column] of requestChangeColumns) {
      const value = change[key];
      if (value === undefined) continue;
      row[column] = value instanceof Date ? value.toISOString() : value;
      (row.given as string[]).push(column);
    }
    return row;
  });
  // The column names are this module's constants above, never input.
  const givenOr = (column: (typeof requestChangeColumns)[number][1], current: Column) =>
    sql`CASE WHEN ${sql.raw(`'${column}'`)} = ANY(v.given) THEN ${sql.raw(`v.${column}`)} ELSE ${current} END`;
  return db
    .update(loanRequest)
    .set({
      status: sql`v.status`,
      reasonCode: givenOr('reason_code', loanRequest.reasonCode),
      reason: givenOr('reason', loanRequest.reason),
      externalReference: givenOr('external_reference', loanRequest.externalReference),
      registeredAt: givenOr('registered_at', loanRequest.registeredAt),
      decidedAt: givenOr('decided_at', loanRequest.decidedAt),
      updatedAt: now,
    })
    .from(
      sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, status integer, given text[], reason_code text, reason text, external_reference text, registered_at timestamptz, decided_at timestamptz)`,
    )
    .where(eq(loanRequest.id, sql`v.id`))
    .returning();
}

export async function updateLoanRequest(
  db: Executor,
  id: string,
  changes: Partial<Omit<typeof loanRequest.$inferInsert, 'id' | 'loanApplicationId' | 'lenderId'>>,
): Promise<LoanRequestRow> {
  const [row] = await db.update(loanRequest).set(changes).where(eq(loanRequest.id, id)).returning();
  return row!;
}

/** For each of `applicationIds`, its lenders with a request in `statuses` (for the 361 duplicate decline). */
export async function openRequestLenderIdsOf(
  db: Executor,
  input: { applicationIds: readonly string[]; statuses: readonly number[] },
): Promise<Map<string, Set<string>>> {
  const byApplication = new Map<string, Set<string>>();
  if (input.applicationIds.length === 0) return byApplication;
  const rows = await db
    .selectDistinct({ applicationId: loanRequest.loanApplicationId, lenderId: loanRequest.lenderId })
    .from(loanRequest)
    .where(
      and(
        inArray(loanRequest.loanApplicationId, [...input.applicationIds]),
        inArray(loanRequest.status, [...input.statuses]),
      ),
    );
  for (const row of rows) {
    const lenders = byApplication.get(row.applicationId) ?? new Set<string>();
    lenders.add(row.lenderId);
    byApplication.set(row.applicationId, lenders);
  }
  return byApplication;
}
