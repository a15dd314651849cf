import type { Country } from '@nordloan/domain/enums';
import type {
  HumanReviewAnswerBody,
  HumanReviewQueuePage,
  StaffHumanReview,
} from '@nordloan/domain/human-review';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { conflict, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { agentIdOf, assertStaffMay, staffCountries } from '#src/lib/staff-access.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import {
  answerHumanReview,
  findHumanReview,
  findHumanReviewForUpdate,
  listQueue,
} from './human-review.repository.ts';
import { reviewsWithAnswers } from './human-review.service.ts';

// The back office's side of human reviews (docs/decisions/0065): the work queue by due date, one review
// with the applicant's view and the lenders' answers, and the answer — by a member of staff holding
// `humanReview.answer` in the application's country (another country's staff: 404, ADR 0006/0055).
// Every read and the answer are audited; the applicant is told through the messages module (`notify`,
// wired in app.ts: compliance and messages are one layer and do not import each other).

/** Tells the applicant their review is answered: one message, on the channel they allow (ADR 0030). */
export type NotifyReviewAnswered = (
  tx: Executor,
  input: { application: LoanApplicationRow; eventKey: string; now: Date },
) => Promise<unknown>;

export async function listHumanReviewQueue(options: {
  db: Db;
  caller: Caller;
  query: { country?: Country | undefined; status: 'open' | 'answered'; offset: number; limit: number };
  now: Date;
}): Promise<HumanReviewQueuePage> {
  const countries = staffCountries(options.caller, 'humanReview.answer', options.query.country);
  const { items, total } = await listQueue(options.db, { ...options.query, countries });
  return {
    Items: items.map(({ review, humanReadableId, lendersPending }) => ({
      ID: review.id,
      LoanApplicationID: review.loanApplicationId,
      HumanReadableID: humanReadableId,
      Country: review.country as Country,
      Status: review.status,
      CreatedAt: review.createdAt.toISOString(),
      DueAt: review.dueAt.toISOString(),
      Overdue: review.status === 'open' && review.dueAt < options.now,
      Decisions: review.decisions.length,
      LendersPending: Number(lendersPending),
    })),
    Total: total,
  };
}

async function staffView(db: Executor, reviewId: string): Promise<StaffHumanReview> {
  const row = await findHumanReview(db, reviewId);
  if (!row) throw notFound();
  const application = await findApplicationById(db, row.loanApplicationId);
  const [review] = await reviewsWithAnswers(db, [row]);
  return {
    ...review!,
    Country: row.country as Country,
    HumanReadableID: application?.humanReadableId ?? null,
    AnsweredBy: row.answeredBy,
  };
}

export async function getHumanReviewForStaff(options: {
  db: Db;
  caller: Caller;
  reviewId: string;
  now: Date;
}): Promise<StaffHumanReview> {
  const { db, caller, reviewId } = options;
  if (!isUuid(reviewId)) throw notFound();
  const row = await findHumanReview(db, reviewId);
  if (!row) throw notFound();
  assertStaffMay(caller, 'humanReview.answer', row.country, { record: true });
  // The applicant's own words are personal data: who read them is logged (issue 17).
  await recordAudit(db, {
    actor: caller,
    action: 'humanReview.read',
    subjectType: 'human-review',
    subjectId: row.id,
    loanApplicationId: row.loanApplicationId,
    country: row.country as Country,
    at: options.now,
  });
  return staffView(db, row.id);
}

export async function answerHumanReviewAsStaff(options: {
  db: Db;
  caller: Caller;
  reviewId: string;
  body: HumanReviewAnswerBody;
  now: Date;
  notify: NotifyReviewAnswered;
}): Promise<StaffHumanReview> {
  const { db, caller, reviewId, body, now } = options;
  if (!isUuid(reviewId)) throw notFound();
  return db.transaction(async (tx) => {
    const row = await findHumanReviewForUpdate(tx, reviewId);
    if (!row) throw notFound();
    const staff = assertStaffMay(caller, 'humanReview.answer', row.country, { record: true });
    if (row.status !== 'open') throw conflict('This human review has already been answered');
    await answerHumanReview(tx, row.id, {
      outcome: body.Outcome,
      explanation: body.Explanation,
      answeredBy: agentIdOf(staff),
      answeredAt: now,
    });
    await recordAudit(tx, {
      actor: caller,
      action: 'humanReview.answer',
      subjectType: 'human-review',
      subjectId: row.id,
      loanApplicationId: row.loanApplicationId,
      country: row.country as Country,
      details: { outcome: body.Outcome, overdue: row.dueAt < now },
      at: now,
    });
    const application = await findApplicationById(tx, row.loanApplicationId);
    if (application)
      await options.notify(tx, { application, eventKey: `human-review-answered:${row.id}`, now });
    return staffView(tx, row.id);
  });
}
