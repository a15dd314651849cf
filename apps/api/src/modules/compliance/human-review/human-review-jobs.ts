import { type HumanReviewOutcome, humanReviewLenderAnswerDays } from '@nordloan/domain/human-review';
import type { Executor } from '#src/db/client.ts';
import type { JobContext, JobHandlers, JobWorker } from '#src/jobs/worker.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import {
  findHumanReview,
  listLenderAnswers,
  listRequestsOfApplication,
  recordLenderAnswer,
} from './human-review.repository.ts';
import { FORWARD_TO_LENDERS_JOB } from './human-review.service.ts';

// Forwarding a review of a lender's decline to that lender (docs/decisions/0065), as a job: the request
// is answered at once, the lender is asked after it (retried with the worker's backoff while it does not
// answer), and its answer is kept beside the review for staff and the applicant. After the last try the
// lender is marked `failed`: staff answer without it.

/**
 * The lender side of a review, implemented by the lending engine (modules/lending/lender-api/
 * lender-human-review.ts) and wired in app.ts: compliance sits below lending and does not import it.
 */
export interface HumanReviewLenders {
  /** The lender's answer; throws when the lender could not be reached or answered outside the contract. */
  requestReview(input: {
    lenderId: string;
    loanRequestId: string;
    externalReference: string | null;
    reviewId: string;
    code: number;
    reasonCode: string | null;
    applicantView: string;
    answerBy: Date;
    now: Date;
  }): Promise<{ outcome: HumanReviewOutcome; explanation: string }>;
}

const dayMs = 24 * 60 * 60 * 1000;
const systemActor = { kind: 'system', name: 'human-review.forward' } as const;

async function forward(context: JobContext, lenders: HumanReviewLenders) {
  const reviewId = String(context.job.payload.humanReviewId);
  const review = await findHumanReview(context.db, reviewId);
  if (!review) return context.finish();
  const pending = (await listLenderAnswers(context.db, [review.id])).filter(
    (row) => row.status === 'pending',
  );
  const requests = new Map(
    (await listRequestsOfApplication(context.db, review.loanApplicationId)).map((request) => [
      request.id,
      request,
    ]),
  );
  const now = context.now();
  const answered: Array<{ lenderId: string; outcome: HumanReviewOutcome; explanation: string }> = [];
  const failures: string[] = [];
  await Promise.all(
    pending.map(async (row) => {
      const request = requests.get(row.loanRequestId);
      if (!request) return;
      try {
        const answer = await lenders.requestReview({
          lenderId: row.lenderId,
          loanRequestId: row.loanRequestId,
          externalReference: request.externalReference,
          reviewId: review.id,
          code: request.status,
          reasonCode: request.reasonCode,
          applicantView: review.applicantView,
          answerBy: new Date(review.createdAt.getTime() + humanReviewLenderAnswerDays * dayMs),
          now,
        });
        answered.push({ lenderId: row.lenderId, ...answer });
      } catch (error) {
        failures.push(`${row.lenderId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
  const record = async (tx: Executor) => {
    for (const answer of answered) {
      await recordLenderAnswer(
        tx,
        { reviewId: review.id, lenderId: answer.lenderId },
        {
          status: 'answered',
          outcome: answer.outcome,
          explanation: answer.explanation,
          answeredAt: now,
          now,
        },
      );
      await recordAudit(tx, {
        actor: systemActor,
        action: 'humanReview.lenderAnswer',
        subjectType: 'human-review',
        subjectId: review.id,
        loanApplicationId: review.loanApplicationId,
        country: review.country as never,
        details: { lenderId: answer.lenderId, outcome: answer.outcome },
        at: now,
      });
    }
  };
  if (failures.length === 0) return context.finish(record);
  // Keep what the lenders that did answer said; the job is tried again for the others.
  await context.db.transaction(record);
  throw new Error(`Lenders did not answer the review: ${failures.join('; ')}`);
}

export function humanReviewJobHandlers(options: { lenders: HumanReviewLenders }): JobHandlers {
  return {
    [FORWARD_TO_LENDERS_JOB]: {
      run: (context) => forward(context, options.lenders),
      async onFinalFailure({ job, tx, now }) {
        const reviewId = String(job.payload.humanReviewId);
        for (const row of await listLenderAnswers(tx, [reviewId])) {
          if (row.status !== 'pending') continue;
          await recordLenderAnswer(
            tx,
            { reviewId, lenderId: row.lenderId },
            { status: 'failed', outcome: null, explanation: null, answeredAt: null, now },
          );
        }
      },
    },
  };
}

export function registerHumanReviewJobs(worker: JobWorker, options: { lenders: HumanReviewLenders }): void {
  worker.register(humanReviewJobHandlers(options));
}
