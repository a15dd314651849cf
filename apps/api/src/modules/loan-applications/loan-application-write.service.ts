import { type BrandConfig, getBrand } from '@nordloan/domain/brands/registry';
import { checkAmountAndDuration } from '@nordloan/domain/brands/unsecured-bounds';
import type { Country, Product } from '@nordloan/domain/enums';
import type {
  ArchiveLoanApplication,
  CreateLoanApplication,
  LoanApplication,
  PatchLoanApplication,
  StepComplete,
} from '@nordloan/domain/loan-application';
import { isTerminalStatus, statusGroups } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import {
  AppError,
  badRequest,
  conflict,
  type FieldError,
  fieldError,
  forbidden,
  notFound,
} from '#src/lib/app-error.ts';
import {
  assertCallerReaches,
  assertStaffMay,
  describeCaller,
  isApplicantCaller,
  isUuid,
} from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import { applicantValuesFrom, hasApplicantValues, resolveCoApplicantPerson } from './applicant-input.ts';
import {
  deleteApplicant,
  findApplicants,
  recordFormerApplicant,
  upsertApplicant,
} from './application-applicant.repository.ts';
import { hasActiveLock } from './application-lock.repository.ts';
import {
  findApplicationByIdForUpdate,
  findApplicationForChange,
  findApplicationForChangeWithParts,
  lockApplicationOwner,
} from './application-locked-read.repository.ts';
import { findApplicationWithParts } from './application-read.repository.ts';
import { insertRevision, type SnapshotParts } from './application-revision.repository.ts';
import { findOtherApplicationIds } from './application-search.repository.ts';
import {
  applyApplicationChange,
  changeRowFieldsIfRevisionUnchanged,
  insertApplication,
  type LoanApplicationChanges,
  STALE_REVISION_MESSAGE,
} from './application-write.repository.ts';
import { forgetPatched, type PatchedState, recallPatched, rememberPatched } from './last-patched.ts';
import { toLoanApplication } from './loan-application.mapper.ts';
import { presentApplicationTo, shownTo } from './loan-application.service.ts';
import { deleteSubRecordsOwnedBy } from './sub-record.repository.ts';

// Changing applications: create, PATCH, step-complete, archive, co-applicant removal (clone: loan-application-clone.service.ts). Every change
// goes through applyApplicationChange (Revision + revision row). The rules are docs/decisions/0007.

export const LOCKED_MESSAGE = 'Application is locked while a lender processes it';
export const NOT_EDITABLE_MESSAGE = 'Application can no longer be changed';
export const ARCHIVED_MESSAGE = 'Application is archived';
export const ACTIVE_APPLICATION_EXISTS_MESSAGE = 'An active application for this product already exists';

const activeStatuses: readonly number[] = statusGroups.Active;
const editableStatuses: readonly number[] = statusGroups.Editable;

export interface WriteOptions {
  db: Db;
  caller: Caller;
  now: () => Date;
}

// ── Guards ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * Loads and holds the row for a change by `caller`: 404/403 by the access rule, 409 when it is archived,
 * locked by a lender, or past the statuses the caller may change (applicants: Editable; staff: not ended).
 */
export async function loadForChange(
  tx: Executor,
  caller: Caller,
  id: string,
  options: { expectedRevision?: number | undefined } = {},
): Promise<LoanApplicationRow> {
  if (!isUuid(id)) throw notFound();
  const found = await findApplicationForChange(tx, id);
  if (!found) throw notFound();
  assertChangeable(caller, found.row, found.isLocked, options);
  return found.row;
}

/** loadForChange, with the revision snapshot's other parts read in the same statement (a PATCH's). */
async function loadForChangeWithParts(
  tx: Executor,
  caller: Caller,
  id: string,
  options: { expectedRevision?: number | undefined } = {},
): Promise<{ row: LoanApplicationRow; parts: SnapshotParts }> {
  if (!isUuid(id)) throw notFound();
  const found = await findApplicationForChangeWithParts(tx, id);
  if (!found) throw notFound();
  assertChangeable(caller, found.row, found.parts.isLocked, options);
  return found;
}

function assertChangeable(
  caller: Caller,
  row: LoanApplicationRow,
  isLocked: boolean,
  options: { expectedRevision?: number | undefined },
): void {
  assertCallerReaches(caller, row, 'write');
  if (row.archivedAt) throw conflict(ARCHIVED_MESSAGE);
  if (isLocked) throw conflict(LOCKED_MESSAGE);
  const editable = isApplicantCaller(caller)
    ? editableStatuses.includes(row.status)
    : !isTerminalStatus(row.status as never);
  if (!editable) throw conflict(NOT_EDITABLE_MESSAGE, { Status: row.status });
  if (options.expectedRevision !== undefined && options.expectedRevision !== row.revision) {
    throw conflict(STALE_REVISION_MESSAGE, { Revision: row.revision });
  }
}

function assertWithinBounds(
  brand: BrandConfig,
  product: Product,
  amount: number | null,
  duration: number | null,
): void {
  const errors: FieldError[] = checkAmountAndDuration(
    brand,
    product,
    amount ?? Number.NaN,
    duration ?? undefined,
  );
  if (errors.length > 0) throw badRequest('Validation failed', errors);
}

/**
 * One active application per product and applicant (docs/decisions/0007): 403 with the ids of the
 * active ones, which the web app offers to continue (§7 "PATCH answered 403 with an applicationIDs field").
 */
export async function assertNoOtherActive(
  db: Executor,
  owner: { customerId: string | null; personId: string | null },
  product: string,
  excludeId?: string,
): Promise<void> {
  // Serialises concurrent creates/clones/product changes of one owner (PostgreSQL READ COMMITTED).
  await lockApplicationOwner(db, owner);
  const ids = await findOtherApplicationIds(db, {
    ...owner,
    product,
    statuses: activeStatuses,
    excludeId,
  });
  if (ids.length > 0) throw forbidden(ACTIVE_APPLICATION_EXISTS_MESSAGE, { applicationIDs: ids });
}

// ── Create ──────────────────────────────────────────────────────────────────────────────────────────

export interface ApplicationOwner {
  customerId: string | null;
  personId: string | null;
  country: string | null;
}

/** Whose application a create makes: the applicant's own, or (staff) the customer named in the body. */
async function ownerForCreate(
  db: Executor,
  caller: Caller,
  input: CreateLoanApplication,
  brand: BrandConfig,
): Promise<ApplicationOwner> {
  if (caller.kind === 'staff') {
    assertStaffMay(caller, 'application.create', brand.country);
    if (!input.CustomerID)
      throw fieldError('CustomerID', 'CustomerID is required when staff create an application');
    const customer = await findCustomerById(db, input.CustomerID);
    if (!customer) throw fieldError('CustomerID', 'Unknown customer');
    return { customerId: customer.id, personId: customer.personId, country: customer.country };
  }
  if (input.CustomerID !== undefined && input.CustomerID !== caller.customerId) {
    throw forbidden('You may create applications only for yourself');
  }
  if (input.LegacyID !== undefined) throw fieldError('LegacyID', 'Only staff may set LegacyID');
  const customer = caller.customerId ? await findCustomerById(db, caller.customerId) : undefined;
  const personId = caller.personId ?? customer?.personId ?? null;
  const person = personId ? await findPersonById(db, personId) : undefined;
  return {
    customerId: customer?.id ?? null,
    personId,
    country: customer?.country ?? person?.country ?? null,
  };
}

export async function createApplication(
  options: WriteOptions & { input: CreateLoanApplication },
): Promise<LoanApplication> {
  const { db, caller, input } = options;
  const brand = getBrand(input.Brand);
  const row = await db.transaction(async (tx) => {
    const owner = await ownerForCreate(tx, caller, input, brand);
    return insertNewApplication(tx, {
      caller,
      owner,
      input,
      brand,
      enforceOneActive: isApplicantCaller(caller),
      now: options.now(),
    });
  });
  return presentApplicationTo(db, caller, row);
}

/** Creates an application for `owner` after the shared checks; also used by the integration service. */
export async function insertNewApplication(
  tx: Executor,
  options: {
    caller: Caller;
    owner: ApplicationOwner;
    input: CreateLoanApplication;
    brand: BrandConfig;
    enforceOneActive: boolean;
    now: Date;
    clientId?: string | null;
    changedBy?: string;
  },
): Promise<LoanApplicationRow> {
  const { caller, owner, input, brand, now } = options;
  if (owner.country && owner.country !== brand.country) {
    throw fieldError(
      'Brand',
      `${brand.name} is a ${brand.country} brand; the customer is in ${owner.country}`,
    );
  }
  const duration = input.Product === 'CreditCard' ? null : (input.Duration ?? null);
  assertWithinBounds(brand, input.Product, input.Amount, duration);
  if (options.enforceOneActive) await assertNoOtherActive(tx, owner, input.Product);

  const coApplicantPersonId = input.CoApplicant
    ? await resolveCoApplicantPerson({
        db: tx,
        caller,
        country: brand.country as Country,
        input: input.CoApplicant,
        mainPersonId: owner.personId,
      })
    : undefined;
  const row = await insertApplication(tx, {
    product: input.Product,
    brand: brand.brand,
    country: brand.country,
    customerId: owner.customerId,
    personId: owner.personId,
    coApplicantPersonId: coApplicantPersonId ?? null,
    clientId: options.clientId ?? null,
    legacyId: input.LegacyID ?? null,
    applicantMode: input.ApplicantMode ?? 'Normal',
    amount: input.Amount,
    durationYears: duration,
    loanPurpose: input.LoanPurpose ?? null,
    data: input.Data ?? {},
    createdAt: now,
    updatedAt: now,
  });
  await upsertApplicant(
    tx,
    row.id,
    'MainApplicant',
    { personId: owner.personId, ...applicantValuesFrom(input.MainApplicant ?? {}) },
    now,
  );
  if (coApplicantPersonId || (input.CoApplicant && hasApplicantValues(input.CoApplicant))) {
    await upsertApplicant(
      tx,
      row.id,
      'CoApplicant',
      { personId: coApplicantPersonId ?? null, ...applicantValuesFrom(input.CoApplicant ?? {}) },
      now,
    );
  }
  await insertRevision(tx, {
    application: row,
    changedBy: options.changedBy ?? describeCaller(caller),
    reason: 'created',
    now,
  });
  return row;
}

// ── PATCH ───────────────────────────────────────────────────────────────────────────────────────────

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

// ── Steps, archive, co-applicant ────────────────────────────────────────────────────────────────────

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
