import type { Country } from '@nordloan/domain/enums';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import {
  type HumanReviewLenderRow,
  type HumanReviewRow,
  humanReview,
  humanReviewLender,
} from '#src/db/schema/human-review.ts';
import { loanRequest } from '#src/db/schema/lending.ts';

// The SQL of human reviews (docs/decisions/0065). Compliance writes human_review and human_review_lender;
// it only reads loan_request (the lenders' declines), which the lending engine writes.

export type NewHumanReview = typeof humanReview.$inferInsert;

/** The application's lender requests, for the declines among them. */
export async function listRequestsOfApplication(db: Executor, applicationId: string) {
  return db
    .select({
      id: loanRequest.id,
      lenderId: loanRequest.lenderId,
      status: loanRequest.status,
      reasonCode: loanRequest.reasonCode,
      externalReference: loanRequest.externalReference,
      decidedAt: loanRequest.decidedAt,
      updatedAt: loanRequest.updatedAt,
    })
    .from(loanRequest)
    .where(eq(loanRequest.loanApplicationId, applicationId))
    .orderBy(asc(loanRequest.lenderId));
}

/** Inserts the review, or answers undefined when the application already has an open one. */
export async function insertHumanReview(
  db: Executor,
  values: NewHumanReview,
): Promise<HumanReviewRow | undefined> {
  const [row] = await db.insert(humanReview).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertLenderForwards(
  db: Executor,
  rows: Array<typeof humanReviewLender.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) await db.insert(humanReviewLender).values(rows);
}

export async function findHumanReview(db: Executor, id: string): Promise<HumanReviewRow | undefined> {
  const [row] = await db.select().from(humanReview).where(eq(humanReview.id, id));
  return row;
}

export async function findHumanReviewForUpdate(
  db: Executor,
  id: string,
): Promise<HumanReviewRow | undefined> {
  const [row] = await db.select().from(humanReview).where(eq(humanReview.id, id)).for('update');
  return row;
}

export async function listReviewsOfApplication(
  db: Executor,
  applicationId: string,
): Promise<HumanReviewRow[]> {
  return db
    .select()
    .from(humanReview)
    .where(eq(humanReview.loanApplicationId, applicationId))
    .orderBy(desc(humanReview.createdAt), desc(humanReview.id));
}

export async function listLenderAnswers(db: Executor, reviewIds: string[]): Promise<HumanReviewLenderRow[]> {
  if (reviewIds.length === 0) return [];
  return db
    .select()
    .from(humanReviewLender)
    .where(inArray(humanReviewLender.humanReviewId, reviewIds))
    .orderBy(asc(humanReviewLender.lenderId));
}

export async function recordLenderAnswer(
  db: Executor,
  key: { reviewId: string; lenderId: string },
  answer: Pick<HumanReviewLenderRow, 'status' | 'outcome' | 'explanation' | 'answeredAt'> & { now: Date },
): Promise<void> {
  await db
    .update(humanReviewLender)
    .set({
      status: answer.status,
      outcome: answer.outcome,
      explanation: answer.explanation,
      answeredAt: answer.answeredAt,
      updatedAt: answer.now,
    })
    .where(
      and(
        eq(humanReviewLender.humanReviewId, key.reviewId),
        eq(humanReviewLender.lenderId, key.lenderId),
        eq(humanReviewLender.status, 'pending'),
      ),
    );
}

export async function answerHumanReview(
  db: Executor,
  id: string,
  answer: Pick<HumanReviewRow, 'outcome' | 'explanation' | 'answeredBy' | 'answeredAt'>,
): Promise<HumanReviewRow | undefined> {
  const [row] = await db
    .update(humanReview)
    .set({ ...answer, status: 'answered', updatedAt: answer.answeredAt! })
    .where(and(eq(humanReview.id, id), eq(humanReview.status, 'open')))
    .returning();
  return row;
}

/** The work queue: reviews of the markets given, by due date (the oldest promise first). */
export async function listQueue(
  db: Executor,
  filter: { countries: Country[]; status: 'open' | 'answered'; offset: number; limit: number },
) {
  const where = and(inArray(humanReview.country, filter.countries), eq(humanReview.status, filter.status));
  const pending = sql<number>`(SELECT count(*)::int FROM ${humanReviewLender} WHERE ${humanReviewLender.humanReviewId} = ${humanReview.id} AND ${humanReviewLender.status} = 'pending')`;
  const [items, [total]] = await Promise.all([
    db
      .select({
        review: humanReview,
        humanReadableId: loanApplication.humanReadableId,
        lendersPending: pending,
      })
      .from(humanReview)
      .innerJoin(loanApplication, eq(loanApplication.id, humanReview.loanApplicationId))
      .where(where)
      .orderBy(
        filter.status === 'open' ? asc(humanReview.dueAt) : desc(humanReview.answeredAt),
        asc(humanReview.id),
      )
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ n: count() }).from(humanReview).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}
