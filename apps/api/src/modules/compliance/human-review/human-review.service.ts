import {
  type HumanReview,
  type HumanReviewOverview,
  type HumanReviewRequestBody,
  humanReviewAnswerDays,
  type ReviewableDecision,
} from '@nordloan/domain/human-review';
import { declineCategoryOf, lenderStepOf } from '@nordloan/domain/lending/transparency';
import { applicationStatus } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { HumanReviewLenderRow, HumanReviewRow } from '#src/db/schema/human-review.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import { conflict, fieldError, forbidden } from '#src/lib/app-error.ts';
import { assertCallerReaches, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { auditActorLabel, recordAudit } from '#src/modules/audit/audit.service.ts';
import { findDocument } from '#src/modules/documents/document.repository.ts';
import { findLendersByIds } from '#src/modules/lenders/lender.repository.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import {
  insertHumanReview,
  insertLenderForwards,
  listLenderAnswers,
  listRequestsOfApplication,
  listReviewsOfApplication,
} from './human-review.repository.ts';

// CCD2 art. 18(8) and art. 13 (issue 34 item 3, docs/decisions/0065): the applicant asks for a human review
// of every automated decision on their application — each lender's decline, and our own stops (a
// validation stop, an offer we withheld for a country's cap). One review covers the decisions standing when
// it is asked for; one may be open at a time. A lender's decline is forwarded to that lender
// (human-review-jobs.ts); staff of the application's country answer (human-review-staff.service.ts).

export const FORWARD_TO_LENDERS_JOB = 'human-review.forward';
export const noDecisionMessage = 'This application has no decline or automated refusal to review';
export const alreadyOpenMessage = 'A human review of this application is already open';

const dayMs = 24 * 60 * 60 * 1000;

/** A decision under review, with the lender request it came from (not shown to the applicant). */
export interface DecisionWithRequest {
  decision: ReviewableDecision;
  loanRequestId: string | null;
  reasonCode: string | null;
}

/**
 * The application's automated decisions: every lender request that ended declined (the lenders on the
 * panel decide by their credit policy, automatically), an offer we withheld for a country's cost cap, and
 * our validation stop (169).
 */
export async function decisionsOf(
  db: Executor,
  application: LoanApplicationRow,
): Promise<DecisionWithRequest[]> {
  const requests = await listRequestsOfApplication(db, application.id);
  const declined = requests.filter((request) => lenderStepOf(request.status) === 'declined');
  const names = new Map(
    (await findLendersByIds(db, [...new Set(declined.map((request) => request.lenderId))])).map((lender) => [
      lender.id,
      lender.name,
    ]),
  );
  const decisions: DecisionWithRequest[] = declined.map((request) => {
    const withheldByUs = request.reasonCode === 'COUNTRY_CAPS_WITHHELD';
    return {
      loanRequestId: withheldByUs ? null : request.id,
      reasonCode: request.reasonCode,
      decision: {
        Source: withheldByUs ? 'broker' : 'lender',
        LenderID: request.lenderId,
        LenderName: names.get(request.lenderId) ?? request.lenderId,
        Status: request.status,
        DeclineCategory: declineCategoryOf(request.status, request.reasonCode),
        DecidedAt: (request.decidedAt ?? request.updatedAt).toISOString(),
        Automated: true,
      },
    };
  });
  if (application.status === applicationStatus.validationFailed) {
    decisions.push({
      loanRequestId: null,
      reasonCode: null,
      decision: {
        Source: 'broker',
        LenderID: null,
        LenderName: null,
        Status: application.status,
        DeclineCategory: 'other',
        DecidedAt: application.updatedAt.toISOString(),
        Automated: true,
      },
    });
  }
  return decisions;
}

export function toHumanReview(
  row: HumanReviewRow,
  lenders: HumanReviewLenderRow[],
  names: Map<string, string>,
): HumanReview {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    Status: row.status,
    View: row.applicantView,
    DocumentID: row.documentId,
    Decisions: row.decisions,
    CreatedAt: row.createdAt.toISOString(),
    DueAt: row.dueAt.toISOString(),
    LenderAnswers: lenders
      .filter((lender) => lender.humanReviewId === row.id)
      .map((lender) => ({
        LenderID: lender.lenderId,
        LenderName: names.get(lender.lenderId) ?? lender.lenderId,
        Status: lender.status,
        Outcome: lender.outcome,
        Explanation: lender.explanation,
        AnsweredAt: lender.answeredAt?.toISOString() ?? null,
      })),
    Outcome: row.outcome,
    Explanation: row.explanation,
    AnsweredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** The reviews given as the API shows them, each with its lenders' answers. */
export async function reviewsWithAnswers(db: Executor, rows: HumanReviewRow[]): Promise<HumanReview[]> {
  const lenders = await listLenderAnswers(
    db,
    rows.map((row) => row.id),
  );
  const names = new Map(
    (await findLendersByIds(db, [...new Set(lenders.map((lender) => lender.lenderId))])).map((lender) => [
      lender.id,
      lender.name,
    ]),
  );
  return rows.map((row) => toHumanReview(row, lenders, names));
}

export async function getHumanReviewOverview(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
}): Promise<HumanReviewOverview> {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const [decisions, rows] = await Promise.all([
    decisionsOf(options.db, application),
    listReviewsOfApplication(options.db, application.id),
  ]);
  return {
    LoanApplicationID: application.id,
    Decisions: decisions.map((entry) => entry.decision),
    CanRequest: decisions.length > 0 && !rows.some((row) => row.status === 'open'),
    Reviews: await reviewsWithAnswers(options.db, rows),
  };
}

export async function requestHumanReview(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  body: HumanReviewRequestBody;
  now: Date;
}): Promise<HumanReview> {
  const { db, caller, body, now } = options;
  // The right is the applicant's: staff answer reviews, they do not ask for them.
  if (caller.kind === 'staff') throw forbidden('Only the applicant can ask for a human review');
  const application = await loadApplicationForCaller({
    db,
    caller,
    applicationId: options.applicationId,
    access: 'write',
  });
  return db.transaction(async (tx) => {
    const locked = await findApplicationByIdForUpdate(tx, application.id);
    if (!locked) throw conflict(noDecisionMessage);
    assertCallerReaches(caller, locked, 'write');
    const decisions = await decisionsOf(tx, locked);
    if (decisions.length === 0) throw conflict(noDecisionMessage);
    if (body.DocumentID && !(await findDocument(tx, locked.id, body.DocumentID))) {
      throw fieldError('DocumentID', 'No such document on this application');
    }
    const row = await insertHumanReview(tx, {
      loanApplicationId: locked.id,
      country: locked.country,
      status: 'open',
      requestedBy: auditActorLabel(caller),
      applicantView: body.View,
      documentId: body.DocumentID ?? null,
      decisions: decisions.map((entry) => entry.decision),
      dueAt: new Date(now.getTime() + humanReviewAnswerDays * dayMs),
      createdAt: now,
      updatedAt: now,
    });
    // The partial unique index: one open review per application, also for two requests at once.
    if (!row) throw conflict(alreadyOpenMessage);
    const forwards = decisions.filter((entry) => entry.decision.Source === 'lender' && entry.loanRequestId);
    await insertLenderForwards(
      tx,
      forwards.map((entry) => ({
        humanReviewId: row.id,
        lenderId: entry.decision.LenderID!,
        loanRequestId: entry.loanRequestId!,
        status: 'pending' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    if (forwards.length > 0) {
      await enqueueJob(tx, {
        kind: FORWARD_TO_LENDERS_JOB,
        payload: { humanReviewId: row.id },
        runAt: now,
        dedupeKey: `human-review-forward:${row.id}`,
        maxAttempts: 6,
      });
    }
    await recordAudit(tx, {
      actor: caller,
      action: 'humanReview.request',
      subjectType: 'human-review',
      subjectId: row.id,
      loanApplicationId: locked.id,
      country: locked.country as never,
      details: {
        decisions: decisions.length,
        forwardedTo: forwards.map((entry) => entry.decision.LenderID),
        document: row.documentId !== null,
      },
      at: now,
    });
    const [review] = await reviewsWithAnswers(tx, [row]);
    return review!;
  });
}
