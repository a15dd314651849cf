// What the scheduled expiry sweep looks for (closing/expiry.service.ts): applications left too long in a
// status, offers whose validity ended, applications waiting for the customer with no open offer left.
import { statusGroups } from '@nordloan/domain/statuses';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { type LoanQuoteRow, loanQuote } from '#src/db/schema/lending.ts';

/** Applications in `statuses` not changed since `before`, oldest first. */
export async function findStaleApplicationIds(
  db: Executor,
  input: { statuses: readonly number[]; before: Date; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: loanApplication.id })
    .from(loanApplication)
    .where(
      and(inArray(loanApplication.status, [...input.statuses]), lt(loanApplication.updatedAt, input.before)),
    )
    .orderBy(asc(loanApplication.updatedAt))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

/** Open offers whose validity ended. */
export async function findExpiredOpenQuotes(
  db: Executor,
  input: { now: Date; limit: number },
): Promise<LoanQuoteRow[]> {
  return db
    .select()
    .from(loanQuote)
    .where(and(eq(loanQuote.status, 'approved'), lte(loanQuote.expiresAt, input.now)))
    .orderBy(asc(loanQuote.expiresAt))
    .limit(input.limit);
}

/** Applications waiting for the customer (Approved: 400/410) with no open offer left and none being accepted. */
export async function findApplicationsWithoutOpenOffers(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: loanApplication.id })
    .from(loanApplication)
    .where(
      and(
        inArray(loanApplication.status, [...statusGroups.Approved]),
        sql`NOT EXISTS (SELECT 1 FROM loan_quote q WHERE q.loan_application_id = ${loanApplication.id}
              AND (q.status = 'approved' OR q.acceptance_status = 'pending'))`,
        sql`NOT EXISTS (SELECT 1 FROM loan_request r WHERE r.loan_application_id = ${loanApplication.id}
              AND (r.status BETWEEN 211 AND 249 OR r.status = 251 OR r.status BETWEEN 311 AND 349))`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}
