import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { documentShare } from '#src/db/schema/document-shares.ts';
import { loanRequest } from '#src/db/schema/lending.ts';

// What the lender portal reads: only rows of one lender, by the lender's id in every WHERE.

/** The lender's requests, newest first, with the few application columns its list shows. */
export async function listRequestsOfLender(db: Executor, lenderId: string, limit = 200) {
  return db
    .select({
      request: loanRequest,
      country: loanApplication.country,
      product: loanApplication.product,
      amount: loanApplication.amount,
      durationYears: loanApplication.durationYears,
    })
    .from(loanRequest)
    .innerJoin(loanApplication, eq(loanApplication.id, loanRequest.loanApplicationId))
    .where(eq(loanRequest.lenderId, lenderId))
    .orderBy(desc(loanRequest.createdAt), desc(loanRequest.id))
    .limit(limit);
}

/** The documents the applicant chose to send this lender on this application (ADR 0036). */
export async function listSharesWithLender(db: Executor, applicationId: string, lenderId: string) {
  return db
    .select()
    .from(documentShare)
    .where(and(eq(documentShare.loanApplicationId, applicationId), eq(documentShare.lenderId, lenderId)));
}
