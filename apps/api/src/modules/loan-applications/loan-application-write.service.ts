// The smaller changes of an application: a completed form step, archive, co-applicant removal. Every change
// goes through applyApplicationChange (Revision + revision row) after the rules of
// loan-application-change-rules.service.ts (docs/decisions/0007). Create, PATCH and clone have services of
// their own (loan-application-create, -patch, -clone).
import type {
  ArchiveLoanApplication,
  LoanApplication,
  StepComplete,
} from '@nordloan/domain/loan-application';
import { isTerminalStatus, statusGroups } from '@nordloan/domain/statuses';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { conflict, notFound } from '#src/lib/app-error.ts';
import {
  assertCallerReaches,
  describeCaller,
  isApplicantCaller,
  isUuid,
} from '#src/lib/application-access.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import {
  deleteApplicant,
  findApplicants,
  recordFormerApplicant,
} from './application-applicant.repository.ts';
import { hasActiveLock } from './application-lock.repository.ts';
import { findApplicationByIdForUpdate } from './application-locked-read.repository.ts';
import { applyApplicationChange } from './application-write.repository.ts';
import { presentApplicationTo } from './loan-application.service.ts';
import { LOCKED_MESSAGE, loadForChange, type WriteOptions } from './loan-application-change-rules.service.ts';
import { deleteSubRecordsOwnedBy } from './sub-record.repository.ts';

const editableStatuses: readonly number[] = statusGroups.Editable;

/** Records a completed form step; the web app resumes after CurrentStep. */
export async function completeStep(
  options: WriteOptions & { id: string; input: StepComplete },
): Promise<LoanApplication> {
  const { db, caller, input } = options;
  const row = await db.transaction(async (tx) => {
    const current = await loadForChange(tx, caller, options.id, { expectedRevision: input.Revision });
    const steps = current.completedSteps.includes(input.Step)
      ? current.completedSteps
      : [...current.completedSteps, input.Step];
    return applyApplicationChange(
      tx,
      current.id,
      { currentStep: input.Step, completedSteps: steps },
      { changedBy: describeCaller(caller), reason: `step-complete:${input.Step}`, now: options.now() },
    );
  });
  return presentApplicationTo(db, caller, row);
}

export const ARCHIVE_WHILE_PROCESSING_MESSAGE = 'Application cannot be archived while it is being processed';

/**
 * Puts an application away (archived_at, reason). The status is the lending engine's and stays. Applicants
 * may archive what they are still filling in or what has ended; staff with application.archive anything
 * not locked. Archiving twice answers the application as it is.
 */
export async function archiveApplication(
  options: WriteOptions & { id: string; input: ArchiveLoanApplication },
): Promise<LoanApplication> {
  const { db, caller, input } = options;
  const row = await db.transaction(async (tx) => {
    if (!isUuid(options.id)) throw notFound();
    const current = await findApplicationByIdForUpdate(tx, options.id);
    if (!current) throw notFound();
    assertCallerReaches(caller, current, 'write');
    if (caller.kind === 'staff') assertStaffMay(caller, 'application.archive', current.country);
    if (current.archivedAt) return current;
    if (await hasActiveLock(tx, current.id)) throw conflict(LOCKED_MESSAGE);
    if (
      isApplicantCaller(caller) &&
      !editableStatuses.includes(current.status) &&
      !isTerminalStatus(current.status as never)
    ) {
      throw conflict(ARCHIVE_WHILE_PROCESSING_MESSAGE, { Status: current.status });
    }
    const now = options.now();
    return applyApplicationChange(
      tx,
      current.id,
      { archivedAt: now, archiveReason: input.Reason },
      { changedBy: describeCaller(caller), reason: `archived:${input.Reason}`, now },
    );
  });
  return presentApplicationTo(db, caller, row);
}

/**
 * §7 DELETE …/co-applicant: takes the co-applicant off, with their applicant details and the records they
 * own; a mode that needs a co-applicant falls back to Normal. Without a co-applicant nothing changes.
 */
export async function removeCoApplicant(options: WriteOptions & { id: string }): Promise<LoanApplication> {
  const { db, caller } = options;
  let before: LoanApplicationRow | undefined;
  const row = await db.transaction(async (tx) => {
    const current = await loadForChange(tx, caller, options.id);
    before = current;
    const applicants = await findApplicants(tx, current.id);
    const hasCo = current.coApplicantPersonId !== null || applicants.some((a) => a.role === 'CoApplicant');
    if (!hasCo) return current;
    const formerCo =
      applicants.find((applicant) => applicant.role === 'CoApplicant')?.personId ??
      current.coApplicantPersonId;
    if (formerCo) {
      await recordFormerApplicant(tx, { applicationId: current.id, personId: formerCo, now: options.now() });
    }
    await deleteApplicant(tx, current.id, 'CoApplicant');
    await deleteSubRecordsOwnedBy(tx, current.id, 'CoApplicant');
    const needsCo = current.applicantMode === 'SwapApplicants' || current.applicantMode === 'OnlyCoApplicant';
    return applyApplicationChange(
      tx,
      current.id,
      { coApplicantPersonId: null, ...(needsCo ? { applicantMode: 'Normal' } : {}) },
      { changedBy: describeCaller(caller), reason: 'co-applicant-removed', now: options.now() },
    );
  });
  // The caller's role as it was: a co-applicant who took themselves off is not shown the main part.
  return presentApplicationTo(db, caller, row, before);
}
