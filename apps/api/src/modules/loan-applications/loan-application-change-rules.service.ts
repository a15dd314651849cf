// The rules every change of an application obeys (docs/decisions/0007): who may change it and in which
// statuses, not while a lender holds it, at the Revision the caller sent, amounts within the brand's
// bounds, one active application per product and applicant. Create, PATCH, clone, step-complete, archive
// and the sub-records call these before they write.
import type { BrandConfig } from '@nordloan/domain/brands/registry';
import { checkAmountAndDuration } from '@nordloan/domain/brands/unsecured-bounds';
import type { Product } from '@nordloan/domain/enums';
import { isTerminalStatus, statusGroups } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { badRequest, conflict, type FieldError, forbidden, notFound } from '#src/lib/app-error.ts';
import { assertCallerReaches, isApplicantCaller, isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import {
  findApplicationForChange,
  findApplicationForChangeWithParts,
  lockApplicationOwner,
} from './application-locked-read.repository.ts';
import type { SnapshotParts } from './application-revision.repository.ts';
import { findOtherApplicationIds } from './application-search.repository.ts';
import { STALE_REVISION_MESSAGE } from './application-write.repository.ts';

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
export async function loadForChangeWithParts(
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

export function assertChangeable(
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

export function assertWithinBounds(
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
