import type { LoanApplication } from '@nordloan/domain/loan-application';
import {
  complianceRoles,
  resubmissionCloneStatusFor,
  withdrawnStatusFor,
} from '@nordloan/domain/status-machine';
import { type ApplicationStatusCode, applicationStatus, isTerminalStatus } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { conflict, fieldError, forbidden, notFound } from '#src/lib/app-error.ts';
import { assertCallerReaches, isUuid } from '#src/lib/application-access.ts';
import { type Caller, staffRolesIn } from '#src/lib/caller.ts';
import { screeningHoldOf } from '#src/modules/compliance/screening.service.ts';
import { endOpenWork } from '#src/modules/lending/closing/end-open-work.service.ts';
import { fanOutToLenders, type LenderPanel } from '#src/modules/lending/fan-out/registration.service.ts';
import { enqueueIntake } from '#src/modules/lending/intake/intake.service.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import {
  actorForCaller,
  applyTransition,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { presentApplicationTo } from '#src/modules/loan-applications/loan-application.service.ts';
import { ARCHIVED_MESSAGE } from '#src/modules/loan-applications/loan-application-change-rules.service.ts';
import { cloneApplication } from '#src/modules/loan-applications/loan-application-clone.service.ts';
import { assertSecuredLoanReady } from '#src/modules/secured-loan/secured-loan.service.ts';

// What applicants and staff do to an application's status (ADR 0008): submit (PATCH …/application-complete),
// withdraw, block, clone for resubmission, and any other move the transition table lets staff make.
// Each holds the application FOR UPDATE; an illegal move is a 409 and nothing changes. They start and end
// the lending engine's work (the intake, the fan-out, the lenders' open requests), so they live in lending,
// above the application record they move through loan-applications' status-transition service (ADR 0056).
// What else a status change sets off — its work queue, the screening of a submission — reacts to the
// change's outbox event.

export interface LifecycleOptions {
  db: Db;
  caller: Caller;
  applicationId: string;
  now: () => Date;
}

async function lockForCaller(
  tx: Executor,
  caller: Caller,
  applicationId: string,
  access: 'read' | 'write',
): Promise<LoanApplicationRow> {
  if (!isUuid(applicationId)) throw notFound();
  const application = await findApplicationByIdForUpdate(tx, applicationId);
  if (!application) throw notFound();
  assertCallerReaches(caller, application, access);
  return application;
}

/**
 * The applicant agreed to the credit check (the apply journey's consent step writes
 * `Data.CreditCheckConsent = { Given: true, At }`); without it no bureau or register may be asked
 * (GDPR art. 6, the countries' credit-information acts), so the application cannot be submitted.
 */
export function hasCreditCheckConsent(data: Record<string, unknown>): boolean {
  const consent = data.CreditCheckConsent;
  if (consent === true) return true;
  return typeof consent === 'object' && consent !== null && (consent as { Given?: unknown }).Given === true;
}

/**
 * §7 PATCH …/application-complete: the applicant submits (100/155/169/181 → 160). The applicants are
 * screened when the relay hands on the submission's event (compliance), and the intake starts from the
 * screening's event (lending.events.ts, ADR 0056): no lender or register is asked before the screening.
 */
export async function submitApplication(options: LifecycleOptions): Promise<LoanApplication> {
  const { db, caller } = options;
  return db.transaction(async (tx) => {
    const now = options.now();
    const application = await lockForCaller(tx, caller, options.applicationId, 'write');
    if (application.archivedAt) throw conflict(ARCHIVED_MESSAGE);
    if (!hasCreditCheckConsent(application.data)) {
      throw fieldError(
        'CreditCheckConsent',
        'The applicant must consent to the credit check before submitting',
      );
    }
    // A secured loan needs its property, and loan-to-value within the ceiling (ADR 0027).
    await assertSecuredLoanReady(tx, application);
    const submitted = await applyTransition(tx, application, {
      applicationId: application.id,
      to: 160,
      actor: actorForCaller(caller, application),
      reason: caller.kind === 'staff' ? 'Submitted by staff for the customer' : 'Submitted by the applicant',
      now,
    });
    return presentApplicationTo(tx, caller, submitted);
  });
}

/** The customer withdraws: the x90 of the phase the application is in (§4 190 … 690). */
export async function withdrawApplication(
  options: LifecycleOptions & { reason?: string },
): Promise<LoanApplication> {
  const { db, caller } = options;
  if (caller.kind === 'staff') throw forbidden('Only the customer can withdraw an application');
  return db.transaction(async (tx) => {
    const now = options.now();
    const application = await lockForCaller(tx, caller, options.applicationId, 'read');
    const to = withdrawnStatusFor(application.status as ApplicationStatusCode);
    if (!to) throw conflict('The application can no longer be withdrawn', { Status: application.status });
    const reason = options.reason
      ? `Withdrawn by the customer: ${options.reason}`
      : 'Withdrawn by the customer';
    const withdrawn = await applyTransition(tx, application, {
      applicationId: application.id,
      to,
      actor: actorForCaller(caller, application),
      reason,
      now,
    });
    await endOpenWork(tx, { applicationId: application.id, ending: 'withdrawn', now, reason });
    return presentApplicationTo(tx, caller, withdrawn);
  });
}

export const blockReasons = { sanctions: 198, fraud: 199 } as const;

/** Staff (compliance roles) block for sanctions (198) or fraud (199); open lender work is cancelled. */
export async function blockApplication(
  options: LifecycleOptions & { blockReason: keyof typeof blockReasons; comment?: string },
): Promise<LoanApplication> {
  const { db, caller } = options;
  if (caller.kind !== 'staff') throw forbidden('Only staff can block an application');
  return db.transaction(async (tx) => {
    const now = options.now();
    const application = await lockForCaller(tx, caller, options.applicationId, 'write');
    // Who may block is a question of role, so a role outside it is refused (403), not a status conflict.
    const roles = staffRolesIn(caller, application.country);
    if (!roles.some((role) => (complianceRoles as readonly string[]).includes(role))) {
      throw forbidden('Only compliance staff may block an application');
    }
    const reason = `Blocked (${options.blockReason})${options.comment ? `: ${options.comment}` : ''}`;
    const blocked = await applyTransition(tx, application, {
      applicationId: application.id,
      to: blockReasons[options.blockReason],
      actor: actorForCaller(caller, application),
      reason,
      now,
    });
    await endOpenWork(tx, { applicationId: application.id, ending: 'cancelled', now, reason });
    return presentApplicationTo(tx, caller, blocked);
  });
}

/**
 * Targets with their own action (and its side effects): accepting needs a quote, the lender's decisions
 * come through the lender callbacks, resubmission clones, submitting starts the intake.
 */
const dedicatedActions: Partial<Record<number, string>> = {
  500: 'POST /loan-quote/{quoteId}/accept',
  510: 'the lender accepting the offer',
  600: 'POST /lender-callback/{lenderId}/loan-quote/{quoteId}/disbursement-decision',
  570: 'POST /lender-callback/{lenderId}/loan-quote/{quoteId}/disbursement-decision',
  610: 'POST /lender-callback/{lenderId}/loan-quote/{quoteId}/disbursed',
  700: 'POST /lender-callback/{lenderId}/loan-quote/{quoteId}/disbursed',
  388: 'POST /loan-application/{id}/resubmission',
  588: 'POST /loan-application/{id}/resubmission',
  688: 'POST /loan-application/{id}/resubmission',
};

/** Staff move an application to `to` where the transition table lets their roles (e.g. 201, 305, x80, 800). */
export async function changeStatusByStaff(
  options: LifecycleOptions & {
    to: ApplicationStatusCode;
    reason: string;
    panel: LenderPanel;
  },
): Promise<LoanApplication> {
  const { db, caller, to } = options;
  if (caller.kind !== 'staff') throw forbidden('Only staff can set a status directly');
  const dedicated = dedicatedActions[to];
  if (dedicated) throw conflict(`Status ${to} is set through ${dedicated}`);
  return db.transaction(async (tx) => {
    const now = options.now();
    // A status change is a change: read-only roles are refused (403) before the transition table is asked.
    const application = await lockForCaller(tx, caller, options.applicationId, 'write');
    // The screening keeps the application from the lenders until a hit is decided (ADR 0022) and until
    // the submission is screened (ADR 0056).
    if (to === applicationStatus.pendingRegistration) {
      const hold = await screeningHoldOf(tx, application.id);
      if (hold === 'open-hit') throw conflict('An open screening hit must be decided first');
      if (hold === 'not-screened') throw conflict('The applicants have not been screened yet');
    }
    const moved = await applyTransition(tx, application, {
      applicationId: application.id,
      to,
      actor: actorForCaller(caller, application),
      reason: options.reason,
      now,
    });
    // A submission (→ 160) is taken on after its screening (lending.events.ts), a retry (→ 180) at once.
    if (to === applicationStatus.fetchingExternalData) await enqueueIntake(tx, moved, now);
    if (to === applicationStatus.pendingRegistration)
      await fanOutToLenders(tx, { application: moved, panel: options.panel, now });
    if (isTerminalStatus(to) && to !== applicationStatus.clawbacked) {
      const ending = to % 100 === 90 ? 'withdrawn' : to % 100 === 89 ? 'expired' : 'cancelled';
      await endOpenWork(tx, { applicationId: application.id, ending, now, reason: options.reason });
    }
    return presentApplicationTo(tx, caller, moved);
  });
}

/**
 * Cloning for resubmission (§4 388 with co-applicant, 588, 688): the application ends in the phase's
 * clone status and a copy (status 100, CloneOrigin Cloned) takes its place, in one transaction.
 */
export async function cloneForResubmission(
  options: LifecycleOptions & { changes?: Parameters<typeof cloneApplication>[0]['changes'] },
): Promise<{ Original: LoanApplication; Clone: LoanApplication }> {
  const { db, caller } = options;
  return db.transaction(async (tx) => {
    const now = options.now();
    // Ends the application and opens a copy: a write (read-only staff roles get 403, not a status 409).
    const application = await lockForCaller(tx, caller, options.applicationId, 'write');
    const to = resubmissionCloneStatusFor(application.status as ApplicationStatusCode);
    if (!to)
      throw conflict('The application cannot be resubmitted from its status', { Status: application.status });
    const reason =
      to === applicationStatus.clonedWithCoApplicant
        ? 'Resubmitted with a co-applicant'
        : 'Resubmitted as a copy';
    const ended = await applyTransition(tx, application, {
      applicationId: application.id,
      to,
      actor: actorForCaller(caller, application),
      reason,
      now,
    });
    await endOpenWork(tx, { applicationId: application.id, ending: 'resubmitted', now, reason });
    const clone = await cloneApplication({
      db: tx as unknown as Db,
      caller,
      now: () => now,
      id: application.id,
      cloneOrigin: 'Cloned',
      changes: options.changes,
      reason: `resubmission-${to}`,
    });
    return { Original: await presentApplicationTo(tx, caller, ended), Clone: clone };
  });
}
