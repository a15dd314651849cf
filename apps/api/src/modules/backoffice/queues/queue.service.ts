import { type StaffPermission, staffCountriesWith, staffMay } from '@nordloan/domain/access';
import type {
  AssignmentListItem,
  AssignmentListQuery,
  Bucket,
  BucketCreate,
  BucketPatch,
  BucketSummaryView,
} from '@nordloan/domain/backoffice';
import type { Country } from '@nordloan/domain/enums';
import type { Db, Executor } from '#src/db/client.ts';
import { conflict, fieldError, forbidden, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { findAgentById } from '#src/modules/staff/agent.repository.ts';
import type { StaffContext } from '#src/modules/staff/staff.service.ts';
import type { AssignmentRow } from '../assignment.repository.ts';
import { toAssignment, toBucket } from '../backoffice.dto.ts';
import {
  findBucketById,
  findBucketByName,
  insertBucket,
  listBuckets,
  updateBucket,
} from '../bucket.repository.ts';
import {
  findAssignmentByIdForUpdate,
  lockNextUnassigned,
  pageQueue,
  type QueueItemRow,
  summarizeQueues,
  updateAssignmentAt,
} from './queue.repository.ts';

// Work queues (ADR 0021): buckets, their summaries, and assignments taken, given and processed under a
// Revision guard. Who may do what is the permission table (ADR 0020); items of a country the caller may
// not read are "not found".

export interface QueueOptions {
  db: Db;
  staff: StaffContext;
  now: () => Date;
}

/** The countries the caller holds `permission` in, narrowed to `country` when one is asked for. */
function countriesFor(staff: StaffContext, permission: StaffPermission, country?: Country): Country[] {
  const held = staffCountriesWith(staff.caller.roles, permission);
  return country ? held.filter((candidate) => candidate === country) : held;
}

function requireSomewhere(staff: StaffContext, permission: StaffPermission): void {
  if (staffCountriesWith(staff.caller.roles, permission).length === 0) {
    throw forbidden(`Not allowed: ${permission}`);
  }
}

// ── Buckets ───────────────────────────────────────────────────────────────────────────────────────

export async function listBucketsFor(options: QueueOptions): Promise<Bucket[]> {
  requireSomewhere(options.staff, 'application.read');
  return (await listBuckets(options.db)).map(toBucket);
}

const bucketNameTaken = () => fieldError('Name', 'A bucket with this name exists');

export async function createBucket(options: QueueOptions & { input: BucketCreate }): Promise<Bucket> {
  const { db, staff, input } = options;
  requireSomewhere(staff, 'bucket.admin');
  return db.transaction(async (tx) => {
    if (await findBucketByName(tx, input.Name)) throw bucketNameTaken();
    const now = options.now();
    const row = await insertBucket(tx, {
      name: input.Name,
      priority: input.Priority,
      requiresAceAction: input.RequiresACEAction,
      actions: input.Actions,
      conditionsExplanation: input.ConditionsExplanation,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actor: staff.caller,
      action: 'bucket.create',
      subjectType: 'bucket',
      subjectId: row.id,
      details: { Name: row.name, Priority: row.priority },
      at: now,
    });
    return toBucket(row);
  });
}

export async function changeBucket(
  options: QueueOptions & { bucketId: string; input: BucketPatch },
): Promise<Bucket> {
  const { db, staff, input, bucketId } = options;
  requireSomewhere(staff, 'bucket.admin');
  if (!isUuid(bucketId)) throw notFound();
  return db.transaction(async (tx) => {
    if (!(await findBucketById(tx, bucketId))) throw notFound();
    if (input.Name !== undefined) {
      const sameName = await findBucketByName(tx, input.Name);
      if (sameName && sameName.id !== bucketId) throw bucketNameTaken();
    }
    const now = options.now();
    const row = await updateBucket(
      tx,
      bucketId,
      {
        ...(input.Name === undefined ? {} : { name: input.Name }),
        ...(input.Priority === undefined ? {} : { priority: input.Priority }),
        ...(input.RequiresACEAction === undefined ? {} : { requiresAceAction: input.RequiresACEAction }),
        ...(input.Actions === undefined ? {} : { actions: input.Actions }),
        ...(input.ConditionsExplanation === undefined
          ? {}
          : { conditionsExplanation: input.ConditionsExplanation }),
      },
      now,
    );
    await recordAudit(tx, {
      actor: staff.caller,
      action: 'bucket.update',
      subjectType: 'bucket',
      subjectId: bucketId,
      details: { Changed: Object.keys(input) },
      at: now,
    });
    return toBucket(row!);
  });
}

export async function bucketSummaries(
  options: QueueOptions & { country?: Country | undefined },
): Promise<BucketSummaryView[]> {
  requireSomewhere(options.staff, 'application.read');
  const countries = countriesFor(options.staff, 'application.read', options.country);
  const rows = await summarizeQueues(options.db, countries);
  return rows.map((row) => ({
    BucketID: row.bucket.id,
    Name: row.bucket.name,
    Priority: row.bucket.priority,
    NumApplicationsAssigned: row.assigned,
    NumApplicationsUnassigned: row.unassigned,
    Total: row.total,
    OldestItemAt: row.oldest ? row.oldest.toISOString() : null,
  }));
}

// ── Assignments ───────────────────────────────────────────────────────────────────────────────────

function toListItem(row: QueueItemRow): AssignmentListItem {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    ...toAssignment(row.assignment),
    HumanReadableID: row.humanReadableId,
    Product: row.product,
    Status: row.status,
    ApplicantName: name === '' ? null : name,
  };
}

/** A queue page; its applicant names are personal data, so the read is audited (ids only). */
export async function listQueue(
  options: QueueOptions & { query: AssignmentListQuery },
): Promise<{ Items: AssignmentListItem[]; Total: number }> {
  const { db, staff, query } = options;
  requireSomewhere(staff, 'application.read');
  const countries = countriesFor(staff, 'application.read', query.country);
  const { rows, total } = await pageQueue(
    db,
    {
      countries,
      bucketId: query.BucketID,
      assigneeId: query.view === 'mine' ? staff.agent.id : query.AssigneeID,
      processed: query.Processed,
    },
    { offset: query.offset, limit: query.limit },
  );
  if (rows.length > 0) {
    await recordAudit(db, {
      actor: staff.caller,
      action: 'queue.read',
      subjectType: 'assignment-list',
      subjectId: query.BucketID ?? 'all',
      details: { LoanApplicationIDs: rows.map((row) => row.assignment.loanApplicationId) },
      at: options.now(),
    });
  }
  return { Items: rows.map(toListItem), Total: total };
}

async function auditAssignment(
  tx: Executor,
  staff: StaffContext,
  action: string,
  row: AssignmentRow,
  now: Date,
  details: Record<string, unknown> = {},
) {
  await recordAudit(tx, {
    actor: staff.caller,
    action,
    subjectType: 'assignment',
    subjectId: row.id,
    loanApplicationId: row.loanApplicationId,
    country: row.country as Country,
    details: { BucketID: row.bucketId, Revision: row.revision, ...details },
    at: now,
  });
}

/** Take the next item: the oldest unassigned open item of the bucket in the caller's markets. */
export async function takeNext(options: QueueOptions & { bucketId: string }) {
  const { db, staff } = options;
  requireSomewhere(staff, 'queue.work');
  const countries = countriesFor(staff, 'queue.work');
  return db.transaction(async (tx) => {
    if (!(await findBucketById(tx, options.bucketId))) throw notFound('No such bucket');
    const next = await lockNextUnassigned(tx, { bucketId: options.bucketId, countries });
    if (!next) throw notFound('The bucket has no unassigned item');
    const now = options.now();
    const taken = await updateAssignmentAt(tx, {
      id: next.id,
      revision: next.revision,
      now,
      changes: { assigneeId: staff.agent.id },
    });
    await auditAssignment(tx, staff, 'assignment.take', taken!, now);
    return toAssignment(taken!);
  });
}

/** The assignment, held FOR UPDATE, if the caller may read its country (404 otherwise: ids do not leak). */
async function lockVisible(tx: Executor, staff: StaffContext, id: string): Promise<AssignmentRow> {
  if (!isUuid(id)) throw notFound();
  const row = await findAssignmentByIdForUpdate(tx, id);
  if (!row) throw notFound();
  assertStaffMay(staff.caller, 'application.read', row.country, { record: true });
  return row;
}

const staleRevision = (row: AssignmentRow) =>
  conflict('The assignment was changed meanwhile; reload it', { Revision: row.revision });

function assertCurrent(row: AssignmentRow, revision: number) {
  if (row.processedAt) throw conflict('The assignment is already processed', { Revision: row.revision });
  if (row.revision !== revision) throw staleRevision(row);
}

/**
 * Assign or reassign. Taking an item oneself, or handing one's own back (AssigneeID null), is queue work;
 * giving it to anyone else, or taking it from someone, needs queue.assign. The assignee must be an enabled
 * agent who may work queues in the item's country.
 */
export async function assign(
  options: QueueOptions & { assignmentId: string; assigneeId: string | null; revision: number },
) {
  const { db, staff } = options;
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, staff, options.assignmentId);
    const self = staff.agent.id;
    const ownMove =
      (options.assigneeId === self && (row.assigneeId === null || row.assigneeId === self)) ||
      (options.assigneeId === null && row.assigneeId === self);
    assertStaffMay(staff.caller, ownMove ? 'queue.work' : 'queue.assign', row.country);
    assertCurrent(row, options.revision);
    if (options.assigneeId !== null && options.assigneeId !== self) {
      const assignee = await findAgentById(tx, options.assigneeId);
      if (!assignee || assignee.disabled || !staffMay(assignee.roles, 'queue.work', row.country)) {
        throw fieldError('AssigneeID', 'Must be an enabled agent who works queues in this country');
      }
    }
    const now = options.now();
    const changed = await updateAssignmentAt(tx, {
      id: row.id,
      revision: options.revision,
      now,
      changes: { assigneeId: options.assigneeId },
    });
    if (!changed) throw staleRevision(row);
    await auditAssignment(tx, staff, 'assignment.assign', changed, now, {
      From: row.assigneeId,
      To: options.assigneeId,
    });
    return toAssignment(changed);
  });
}

/** Mark processed: one's own or an unassigned item (queue.work), anyone's (queue.assign). */
export async function markProcessed(options: QueueOptions & { assignmentId: string; revision: number }) {
  const { db, staff } = options;
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, staff, options.assignmentId);
    const own = row.assigneeId === null || row.assigneeId === staff.agent.id;
    assertStaffMay(staff.caller, own ? 'queue.work' : 'queue.assign', row.country);
    assertCurrent(row, options.revision);
    const now = options.now();
    const changed = await updateAssignmentAt(tx, {
      id: row.id,
      revision: options.revision,
      now,
      changes: { processedAt: now, processedBy: staff.agent.id },
    });
    if (!changed) throw staleRevision(row);
    await auditAssignment(tx, staff, 'assignment.processed', changed, now);
    return toAssignment(changed);
  });
}
