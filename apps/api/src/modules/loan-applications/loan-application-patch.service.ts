// §7 PATCH /loan-application/:id: the row's own fields, usually written at the Revision read without the
// row lock (ADR 0046, 0049), and under the lock when the applicants or the Product change or someone
// changed the application meanwhile.
import { getBrand } from '@nordloan/domain/brands/registry';
import type { Country, Product } from '@nordloan/domain/enums';
import type { LoanApplication, PatchLoanApplication } from '@nordloan/domain/loan-application';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import { describeCaller, isApplicantCaller, isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { applicantValuesFrom, hasApplicantValues, resolveCoApplicantPerson } from './applicant-input.ts';
import { recordFormerApplicant, upsertApplicant } from './application-applicant.repository.ts';
import { findApplicationWithParts } from './application-read.repository.ts';
import {
  applyApplicationChange,
  changeRowFieldsIfRevisionUnchanged,
  type LoanApplicationChanges,
} from './application-write.repository.ts';
import { forgetPatched, type PatchedState, recallPatched, rememberPatched } from './last-patched.ts';
import { toLoanApplication } from './loan-application.mapper.ts';
import { presentApplicationTo, shownTo } from './loan-application.service.ts';
import {
  assertChangeable,
  assertNoOtherActive,
  assertWithinBounds,
  loadForChangeWithParts,
  type WriteOptions,
} from './loan-application-change-rules.service.ts';

export async function patchApplication(
  options: WriteOptions & { id: string; input: PatchLoanApplication },
): Promise<LoanApplication> {
  const { db, caller, input } = options;
  if (changesRowOnly(input)) {
    const patched = await patchIfUnchangedMeanwhile(options);
    if (patched) return patched;
  }
  const { row, applicants } = await db.transaction(async (tx) => {
    const now = options.now();
    const current = await loadForChangeWithParts(tx, caller, options.id, {
      expectedRevision: input.Revision,
    });
    const changes = await applicationChangesFrom(tx, caller, current.row, input);
    const applicantsChanged = await applyApplicantChanges(tx, caller, current.row, input, changes, now);
    const updated = await applyApplicationChange(tx, current.row.id, changes, {
      changedBy: describeCaller(caller),
      reason: 'patched',
      now,
      // Any error here ends this transaction, which rolls back whole: no savepoint needed.
      inCallersTransaction: true,
      // Applicants untouched: the lock read's parts make the snapshot, and answer the call.
      ...(applicantsChanged ? {} : { lockedRead: current }),
    });
    return { row: updated, applicants: applicantsChanged ? undefined : current.parts.applicants };
  });
  // Not locked: loadForChange refused a locked application.
  return applicants
    ? shownTo(caller, toLoanApplication(row, { applicants, isLocked: false }))
    : presentApplicationTo(db, caller, row);
}

/**
 * A PATCH whose new values depend on nothing but the row read: not the applicants (their writes) and not
 * the Product (its one-active check reads the customer's other applications).
 */
function changesRowOnly(input: PatchLoanApplication): boolean {
  return input.MainApplicant === undefined && input.CoApplicant === undefined && input.Product === undefined;
}

/**
 * The PATCH as most are made: nobody else changes the application meanwhile (an applicant edits their
 * own). Checked against the application as read without the lock, and written in one statement that writes
 * only if the Revision is still the one read and no lender holds it (changeRowFieldsIfRevisionUnchanged):
 * two round trips, no transaction around them (ADR 0046) — one when this process wrote the application's
 * last PATCH and so knows it already (last-patched.ts, ADR 0049). Answers undefined when someone changed it
 * meanwhile; the caller then makes the change under the lock, which decides. A refusal here (404, 409, 400)
 * is the answer the PATCH had at the moment of the read, and writes nothing.
 */
async function patchIfUnchangedMeanwhile(
  options: WriteOptions & { id: string; input: PatchLoanApplication },
): Promise<LoanApplication | undefined> {
  const { db } = options;
  if (!isUuid(options.id)) throw notFound();
  const remembered = recallPatched(db, options.id);
  if (remembered) {
    // Only a write at the remembered Revision shows it is still the application; until then a refusal may
    // be a stale state's (the Revision the caller sends moved on, say), so it is asked of a fresh read.
    const changes = await changesIfChangeable(options, remembered).catch((error: unknown) => {
      if (error instanceof AppError) return undefined;
      throw error;
    });
    const patched = changes && (await writeAt(options, remembered, changes));
    if (patched) return patched;
  }
  const current = await findApplicationWithParts(db, options.id);
  if (!current) throw notFound();
  return writeAt(options, current, await changesIfChangeable(options, current));
}

/** The checks of a PATCH against one state of the application, and the changes they allow. */
async function changesIfChangeable(
  options: WriteOptions & { input: PatchLoanApplication },
  current: PatchedState,
): Promise<LoanApplicationChanges> {
  const { db, caller, input } = options;
  assertChangeable(caller, current.row, current.parts.isLocked, { expectedRevision: input.Revision });
  return applicationChangesFrom(db, caller, current.row, input);
}

/** The write of patchIfUnchangedMeanwhile at the Revision of `current`; undefined when it moved on. */
async function writeAt(
  options: WriteOptions & { id: string },
  current: PatchedState,
  changes: LoanApplicationChanges,
): Promise<LoanApplication | undefined> {
  const { db, caller } = options;
  const written = await changeRowFieldsIfRevisionUnchanged(db, {
    row: current.row,
    parts: current.parts,
    changes,
    changedBy: describeCaller(caller),
    reason: 'patched',
    now: options.now(),
  });
  if (!written) {
    forgetPatched(db, options.id);
    return undefined;
  }
  // Written at a Revision with no lock: the state the next PATCH of this application starts from.
  const parts = { ...current.parts, isLocked: false };
  rememberPatched(db, options.id, { row: written.row, parts }, written.snapshotLength);
  return shownTo(caller, toLoanApplication(written.row, { applicants: parts.applicants, isLocked: false }));
}

export type ApplicationFields = Omit<PatchLoanApplication, 'Revision' | 'MainApplicant' | 'CoApplicant'>;

/** The application-row part of a PATCH (or re-apply), checked against bounds and the one-active rule. */
export async function applicationChangesFrom(
  tx: Executor,
  caller: Caller,
  current: LoanApplicationRow,
  input: ApplicationFields,
): Promise<LoanApplicationChanges> {
  const changes: LoanApplicationChanges = {};
  const product = (input.Product ?? current.product) as Product;
  if (input.Product !== undefined || input.Amount !== undefined || input.Duration !== undefined) {
    const amount = input.Amount ?? current.amount;
    const duration =
      product === 'CreditCard' ? null : input.Duration !== undefined ? input.Duration : current.durationYears;
    assertWithinBounds(getBrand(current.brand), product, amount, duration);
    changes.product = product;
    changes.amount = amount;
    changes.durationYears = duration;
  }
  if (input.Product !== undefined && input.Product !== current.product && isApplicantCaller(caller)) {
    await assertNoOtherActive(tx, current, input.Product, current.id);
  }
  if (input.LoanPurpose !== undefined) changes.loanPurpose = input.LoanPurpose;
  if (input.ApplicantMode !== undefined) changes.applicantMode = input.ApplicantMode;
  if (input.Data !== undefined) {
    const merged: Record<string, unknown> = { ...current.data };
    for (const [key, value] of Object.entries(input.Data)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    changes.data = merged;
  }
  return changes;
}

/** Writes the applicant parts of a PATCH; answers whether it may have changed an applicant row. */
async function applyApplicantChanges(
  tx: Executor,
  caller: Caller,
  current: LoanApplicationRow,
  input: PatchLoanApplication,
  changes: LoanApplicationChanges,
  now: Date,
): Promise<boolean> {
  if (input.MainApplicant && hasApplicantValues(input.MainApplicant)) {
    await upsertApplicant(tx, current.id, 'MainApplicant', applicantValuesFrom(input.MainApplicant), now);
  }
  if (input.CoApplicant) {
    const personId = await resolveCoApplicantPerson({
      db: tx,
      caller,
      country: current.country as Country,
      input: input.CoApplicant,
      mainPersonId: current.personId,
    });
    if (personId !== undefined) changes.coApplicantPersonId = personId;
    if (personId !== undefined && current.coApplicantPersonId && personId !== current.coApplicantPersonId) {
      // Replaced: the earlier revisions hold the one before (ADR 0033).
      await recordFormerApplicant(tx, {
        applicationId: current.id,
        personId: current.coApplicantPersonId,
        now,
      });
    }
    const values = applicantValuesFrom(input.CoApplicant);
    if (personId !== undefined || Object.keys(values).length > 0) {
      await upsertApplicant(
        tx,
        current.id,
        'CoApplicant',
        { ...values, ...(personId !== undefined ? { personId } : {}) },
        now,
      );
    }
  }
  return input.MainApplicant !== undefined || input.CoApplicant !== undefined;
}
