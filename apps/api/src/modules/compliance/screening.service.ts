import type { PersonCheck } from '@nordloan/domain/backoffice';
import type { Country } from '@nordloan/domain/enums';
import type {
  PersonCheckDecision,
  PersonCheckDecisionBody,
  ScreeningReviewPage,
} from '@nordloan/domain/screening';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { conflict, notFound, serviceUnavailable } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { endOpenWork } from '#src/modules/lending/closing/end-open-work.service.ts';
import { enqueueIntake } from '#src/modules/lending/intake/intake.service.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import {
  actorForCaller,
  applyTransition,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import {
  findOpenAssignment,
  moveOpenAssignment,
  openAssignment,
  processOpenAssignment,
} from '../assignment.repository.ts';
import { toPersonCheck } from '../backoffice.dto.ts';
import { type BucketRow, ensureBucket } from '../bucket.repository.ts';
import type { Paging } from '../calls/calls.repository.ts';
import { agentIdOf, assertStaffScope, listCountries } from '../calls/staff-scope.ts';
import { findPersonCheckById, insertPersonCheck, type PersonCheckRow } from '../person-check.repository.ts';
import {
  findReviewOfCheck,
  hasOpenHit,
  insertReview,
  isHitRow,
  listOpenHits,
  listOpenHitsOfApplication,
} from './screening.repository.ts';
import type { ScreeningAdapter, ScreeningSubject } from './screening-adapter.ts';

// PEP / sanctions screening of every applicant (ADR 0022; hvitvaskingsloven §§ 18, 20, penningtvättslagen
// 3 kap., rahanpesulaki 3 luku, hvidvaskloven § 18). Each run stores one PersonCheck per applicant; a hit
// puts the application in the review bucket and holds it before the lender panel until a reviewer
// (`screening.review`: Manager, Super) clears it (it continues) or blocks it (198 sanctions, 199 fraud).

export const reviewBucketName = 'PEP and sanctions review';

async function reviewBucket(tx: Executor): Promise<BucketRow> {
  return ensureBucket(tx, {
    name: reviewBucketName,
    priority: 5,
    requiresAceAction: false,
    actions: [
      {
        role: 'Manager',
        kind: 'review',
        name: 'Clear or block the screening hit',
        description:
          'Compare the hit with the applicant (name, birth date, address); clear it or block the application.',
      },
    ],
    conditionsExplanation:
      'A PEP, RCA or sanctions screening hit on an applicant waits for a compliance decision; the application does not reach lenders until then.',
  });
}

/**
 * Screens the main applicant and co-applicant, stores a PersonCheck each, and on a hit puts the
 * application into the review bucket (opening an assignment, or moving the open one there).
 */
export async function screenApplication(
  tx: Executor,
  input: { application: LoanApplicationRow; adapter: ScreeningAdapter; now: Date },
): Promise<PersonCheckRow[]> {
  const { application, adapter, now } = input;
  const personIds = [application.personId, application.coApplicantPersonId].filter(
    (id): id is string => id !== null,
  );
  const persons = (await Promise.all(personIds.map((id) => findPersonById(tx, id)))).filter(
    (found) => found !== undefined,
  );
  if (persons.length === 0) return [];
  const subjects: ScreeningSubject[] = persons.map((found) => ({
    reference: found.id,
    fullName: [found.firstName, found.lastName].filter(Boolean).join(' ').trim(),
    birthDate: found.birthDate,
    country: application.country as Country,
  }));
  const results = new Map((await adapter.screen(subjects)).map((result) => [result.reference, result]));
  const checks: PersonCheckRow[] = [];
  for (const found of persons) {
    const subject = subjects.find((candidate) => candidate.reference === found.id)!;
    const result = results.get(found.id);
    // No answer for an applicant is no screening: nothing is stored and the caller's transaction fails.
    if (!result) throw serviceUnavailable('The screening provider did not answer');
    const details: string[] = [];
    if (result.details) details.push(result.details);
    // The applicant's own answer counts as a hit too: the form asks whether they are politically exposed.
    if (found.isPoliticallyExposed) {
      details.push(
        `Self-declared politically exposed person${found.politicallyExposedRole ? `: ${found.politicallyExposedRole}` : ''}`,
      );
    }
    if (!subject.fullName) details.push('No name on record: screened without a name, review by hand');
    checks.push(
      await insertPersonCheck(tx, {
        personId: found.id,
        loanApplicationId: application.id,
        fullName: (subject.fullName || 'Name not on record').slice(0, 300),
        isPep: result.pep || found.isPoliticallyExposed === true,
        isRca: result.rca,
        isSanctioned: result.sanctioned,
        details: details.length > 0 ? details.join('\n').slice(0, 10_000) : null,
        createdAt: now,
        updatedAt: now,
      }),
    );
  }
  if (checks.some(isHitRow)) {
    const bucket = await reviewBucket(tx);
    const placed = await openAssignment(tx, {
      loanApplicationId: application.id,
      bucketId: bucket.id,
      country: application.country,
      revision: application.revision,
      now,
    });
    if (!placed) {
      const open = await findOpenAssignment(tx, application.id);
      if (open && open.bucketId !== bucket.id) {
        await moveOpenAssignment(tx, {
          loanApplicationId: application.id,
          bucketId: bucket.id,
          revision: application.revision,
          now,
        });
      }
    }
  }
  return checks;
}

/** The submit hook: screening as the application is submitted (in the submit transaction). */
export async function screenSubmittedApplication(
  tx: Executor,
  application: LoanApplicationRow,
  adapter: ScreeningAdapter,
  now: Date,
): Promise<void> {
  const checks = await screenApplication(tx, { application, adapter, now });
  if (checks.some(isHitRow)) {
    await recordAudit(tx, {
      actor: { kind: 'system', name: 'screening' },
      action: 'screening.hit',
      subjectType: 'loan-application',
      subjectId: application.id,
      loanApplicationId: application.id,
      country: application.country as Country,
      details: { PersonCheckIDs: checks.filter(isHitRow).map((check) => check.id) },
      at: now,
    });
  }
}

/** Whether the application must not go to the lenders yet: an open screening hit waits for review. */
export async function screeningHoldsApplication(db: Executor, applicationId: string): Promise<boolean> {
  return hasOpenHit(db, applicationId);
}

export type { ScreeningAdapter } from './screening-adapter.ts';

/** Staff run the screening again (e.g. after a name change or a list update). */
export async function runScreening(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  adapter: ScreeningAdapter;
  now: Date;
}): Promise<PersonCheck[]> {
  const { db, caller, now } = options;
  if (!isUuid(options.applicationId)) throw notFound();
  const found = await findApplicationById(db, options.applicationId);
  if (!found) throw notFound();
  const staff = assertStaffScope(caller, 'screening.review', found.country);
  return db.transaction(async (tx) => {
    const application = (await findApplicationByIdForUpdate(tx, found.id))!;
    const checks = await screenApplication(tx, { application, adapter: options.adapter, now });
    await recordAudit(tx, {
      actor: staff,
      action: 'screening.run',
      subjectType: 'loan-application',
      subjectId: application.id,
      loanApplicationId: application.id,
      country: application.country as Country,
      details: { PersonCheckIDs: checks.map((check) => check.id), Hits: checks.filter(isHitRow).length },
      at: now,
    });
    return checks.map(toPersonCheck);
  });
}

export async function listScreeningReviews(options: {
  db: Db;
  caller: Caller;
  country?: Country | undefined;
  paging: Paging;
}): Promise<ScreeningReviewPage> {
  const countries = listCountries(options.caller, 'screening.review', options.country);
  const { items, total } = await listOpenHits(options.db, countries, options.paging);
  return {
    Items: items.map((item) => ({
      PersonCheck: toPersonCheck(item.check),
      LoanApplicationID: item.check.loanApplicationId!,
      HumanReadableID: item.humanReadableId,
      ApplicantName: [item.firstName, item.lastName].filter(Boolean).join(' ') || item.check.fullName,
      Country: item.country as Country,
      Status: item.status as PersonCheckDecision['Status'],
    })),
    Total: total,
  };
}

const blockStatus = { sanctions: 198, fraud: 199 } as const;

/**
 * A reviewer's decision on a hit. It covers every open hit of the same person on the application;
 * a block also closes the application's other open hits (the application is blocked as a whole).
 */
export async function decidePersonCheck(options: {
  db: Db;
  caller: Caller;
  personCheckId: string;
  body: PersonCheckDecisionBody;
  now: Date;
}): Promise<PersonCheckDecision> {
  const { db, caller, body, now } = options;
  if (!isUuid(options.personCheckId)) throw notFound();
  const check = await findPersonCheckById(db, options.personCheckId);
  if (!check?.loanApplicationId) throw notFound();
  const loanApplicationId = check.loanApplicationId;
  return db.transaction(async (tx) => {
    const application = await findApplicationByIdForUpdate(tx, loanApplicationId);
    if (!application) throw notFound();
    const staff = assertStaffScope(caller, 'screening.review', application.country);
    if (!isHitRow(check)) throw conflict('This check found nothing to review');
    if (await findReviewOfCheck(tx, check.id)) throw conflict('This check has already been decided');
    const decidedBy = agentIdOf(staff);

    const covered = await listOpenHitsOfApplication(
      tx,
      application.id,
      body.Decision === 'block' ? undefined : check.personId,
    );
    for (const hit of covered) {
      const stored = await insertReview(tx, {
        personCheckId: hit.id,
        loanApplicationId: application.id,
        decision: body.Decision,
        reason: body.Reason,
        decidedBy,
        decidedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (!stored && hit.id === check.id) throw conflict('This check has already been decided');
    }

    let current = application;
    if (body.Decision === 'block') {
      const reason = `Screening hit blocked: ${body.Reason}`;
      current = await applyTransition(tx, application, {
        applicationId: application.id,
        to: blockStatus[body.BlockAs ?? 'sanctions'],
        actor: actorForCaller(staff, application),
        reason,
        now,
        details: { PersonCheckID: check.id },
      });
      await endOpenWork(tx, { applicationId: application.id, ending: 'cancelled', now, reason });
    }
    const stillOpen = await hasOpenHit(tx, application.id);
    if (!stillOpen) {
      const open = await findOpenAssignment(tx, application.id);
      const bucket = await reviewBucket(tx);
      if (open && open.bucketId === bucket.id && decidedBy) {
        await processOpenAssignment(tx, { loanApplicationId: application.id, processedBy: decidedBy, now });
      }
      // Cleared while held before the lender panel: the intake takes it on from where it stopped.
      if (body.Decision === 'clear' && current.status === 200) {
        await enqueueIntake(tx, current, now);
      }
    }
    await recordAudit(tx, {
      actor: staff,
      action: body.Decision === 'block' ? 'screening.block' : 'screening.clear',
      subjectType: 'person-check',
      subjectId: check.id,
      loanApplicationId: application.id,
      country: application.country as Country,
      reason: body.Reason,
      details: {
        PersonID: check.personId,
        PEP: check.isPep,
        RCA: check.isRca,
        Sanctioned: check.isSanctioned,
        Covered: covered.map((hit) => hit.id),
        Status: current.status,
      },
      at: now,
    });
    return {
      PersonCheck: toPersonCheck(check),
      Decision: body.Decision,
      Reason: body.Reason,
      DecidedAt: now.toISOString(),
      DecidedBy: decidedBy,
      LoanApplicationID: application.id,
      Status: current.status as PersonCheckDecision['Status'],
    };
  });
}
