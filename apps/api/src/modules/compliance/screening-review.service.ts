import type { Country } from '@nordloan/domain/enums';
import type {
  PersonCheckDecision,
  PersonCheckDecisionBody,
  ScreeningReviewPage,
} from '@nordloan/domain/screening';
import type { Db } from '#src/db/client.ts';
import { insertOutboxEvents } from '#src/jobs/outbox.repository.ts';
import { conflict, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { agentIdOf, assertStaffMay, staffCountries } from '#src/lib/staff-access.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import {
  actorForCaller,
  applyTransition,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { toPersonCheck } from './person-check.mapper.ts';
import { findPersonCheckById } from './person-check.repository.ts';
import {
  findReviewOfCheck,
  insertReview,
  isHitRow,
  listOpenHits,
  listOpenHitsOfApplication,
} from './screening.repository.ts';
import { screeningEvent } from './screening.service.ts';

// The review of screening hits (ADR 0022): the list of open hits, and a reviewer's decision. A decision
// writes `screening-decided` (ADR 0056): the back office closes the review item from it, the lending
// engine takes a cleared application on from 200 or ends a blocked one's lender work.

export async function listScreeningReviews(options: {
  db: Db;
  caller: Caller;
  country?: Country | undefined;
  paging: { offset: number; limit: number };
}): Promise<ScreeningReviewPage> {
  const countries = staffCountries(options.caller, 'screening.review', options.country);
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
    const staff = assertStaffMay(caller, 'screening.review', application.country, { record: true });
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
      current = await applyTransition(tx, application, {
        applicationId: application.id,
        to: blockStatus[body.BlockAs ?? 'sanctions'],
        actor: actorForCaller(staff, application),
        reason: `Screening hit blocked: ${body.Reason}`,
        now,
        details: { PersonCheckID: check.id },
      });
    }
    await insertOutboxEvents(tx, [
      screeningEvent(
        application,
        {
          LoanApplicationID: application.id,
          Country: application.country,
          PersonCheckID: check.id,
          Decision: body.Decision,
          DecidedBy: decidedBy,
          Reason: body.Reason,
          Covered: covered.map((hit) => hit.id),
          Status: current.status,
        },
        now,
      ),
    ]);
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
