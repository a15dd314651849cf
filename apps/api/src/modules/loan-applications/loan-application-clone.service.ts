import type { CloneOrigin, Product } from '@nordloan/domain/enums';
import type { LoanApplication } from '@nordloan/domain/loan-application';
import { notFound } from '#src/lib/app-error.ts';
import {
  assertCallerReaches,
  describeCaller,
  isApplicantCaller,
  isUuid,
} from '#src/lib/application-access.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import { findApplicants, upsertApplicant } from './application-applicant.repository.ts';
import { findApplicationByIdForUpdate } from './application-locked-read.repository.ts';
import { insertRevision } from './application-revision.repository.ts';
import { applyApplicationChange, insertApplication } from './application-write.repository.ts';
import { presentApplicationTo } from './loan-application.service.ts';
import { assertNoOtherActive, type WriteOptions } from './loan-application-change-rules.service.ts';
import { type ApplicationFields, applicationChangesFrom } from './loan-application-patch.service.ts';
import { copySubRecords } from './sub-record.repository.ts';

// Cloning an application (§7 POST …/clone, resubmission, integration re-apply); rules in docs/decisions/0007.

/**
 * A new application (status 100) copied from `id` — form data, applicants, sub-records — with its
 * CloneOrigin and ClonedFromID; the source gets a revision saying where it was cloned to. `changes`
 * (re-apply) are laid over the copy. Applicants must have no other active application of the product.
 */
export async function cloneApplication(
  options: WriteOptions & {
    id: string;
    cloneOrigin: CloneOrigin;
    changes?: ApplicationFields | undefined;
    reason?: string;
  },
): Promise<LoanApplication> {
  const { db, caller } = options;
  const row = await db.transaction(async (tx) => {
    const now = options.now();
    if (!isUuid(options.id)) throw notFound();
    const source = await findApplicationByIdForUpdate(tx, options.id);
    if (!source) throw notFound();
    assertCallerReaches(caller, source, 'read');
    if (caller.kind === 'staff') assertStaffMay(caller, 'application.clone', source.country);
    const changes = options.changes ? await applicationChangesFrom(tx, caller, source, options.changes) : {};
    const product = (changes.product ?? source.product) as Product;
    if (isApplicantCaller(caller)) await assertNoOtherActive(tx, source, product);

    const {
      id: _id,
      humanReadableId: _hid,
      revision: _rev,
      createdAt: _c,
      updatedAt: _u,
      ...copied
    } = source;
    const clone = await insertApplication(tx, {
      ...copied,
      ...changes,
      status: 100,
      cloneOrigin: options.cloneOrigin,
      clonedFromId: source.id,
      archivedAt: null,
      archiveReason: null,
      createdAt: now,
      updatedAt: now,
    });
    for (const {
      id: _aid,
      loanApplicationId: _lid,
      role,
      createdAt: _ac,
      updatedAt: _au,
      ...values
    } of await findApplicants(tx, source.id)) {
      await upsertApplicant(tx, clone.id, role as 'MainApplicant' | 'CoApplicant', values, now);
    }
    await copySubRecords(tx, source.id, clone.id, now);
    const changedBy = describeCaller(caller);
    await insertRevision(tx, {
      application: clone,
      changedBy,
      reason: `${options.reason ?? 'cloned'}-from:${source.humanReadableId}`,
      now,
    });
    // History only: no data of the source changes, so neither its lock nor its status stops this.
    await applyApplicationChange(
      tx,
      source.id,
      {},
      { changedBy, reason: `cloned-to:${clone.humanReadableId}`, now },
    );
    return clone;
  });
  return presentApplicationTo(db, caller, row);
}
