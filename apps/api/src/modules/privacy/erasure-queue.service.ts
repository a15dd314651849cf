import type { Country } from '@nordloan/domain/enums';
import type { ErasureRequest } from '@nordloan/domain/privacy';
import type { Db } from '#src/db/client.ts';
import { notFound } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import { agentIdOf, assertStaffMay, staffCountries } from '#src/lib/staff-access.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { alreadyClosed, assertErasureRequestId, toErasureRequest } from './erasure.service.ts';
import { closeErasureRequest, findErasureRequest, listErasureRequests } from './privacy.repository.ts';

// Issue 36 item 3 (ADR 0069): the back office's queue of erasure requests. Data-protection work is the
// team leads' (the permission that reads the audit trail: Manager, BusinessManager, Super), in their
// markets; every read of a request and every close is an audit entry. The request lists categories, laws
// and dates, never the person's data.

const permission = 'audit.read' as const;

export async function listErasureQueue(options: {
  db: Db;
  caller: Caller;
  country?: Country | undefined;
  status?: ErasureRequest['Status'] | undefined;
  limit: number;
  offset: number;
}) {
  const countries = staffCountries(options.caller, permission, options.country);
  const { rows, total } = await listErasureRequests(options.db, {
    countries,
    status: options.status,
    limit: options.limit,
    offset: options.offset,
  });
  return { Items: rows.map(toErasureRequest), Total: total };
}

async function loadForStaff(db: Db, caller: Caller, id: string) {
  assertErasureRequestId(id);
  const row = await findErasureRequest(db, id);
  if (!row) throw notFound();
  assertStaffMay(caller, permission, row.country, { record: true });
  return row;
}

export async function getErasureRequestForStaff(options: { db: Db; caller: Caller; id: string; now: Date }) {
  const { db, caller, id, now } = options;
  const row = await loadForStaff(db, caller, id);
  await recordAudit(db, {
    actor: caller,
    action: 'erasureRequest.read',
    subjectType: 'erasure-request',
    subjectId: row.id,
    country: row.country as Country,
    details: { personId: row.personId },
    at: now,
  });
  return toErasureRequest(row);
}

export async function closeErasureRequestByStaff(options: {
  db: Db;
  caller: Caller;
  id: string;
  note: string | undefined;
  now: Date;
}) {
  const { db, caller, id, now } = options;
  return db.transaction(async (tx) => {
    const row = await loadForStaff(tx as Db, caller, id);
    const staff = assertStaffMay(caller, permission, row.country);
    const closed = await closeErasureRequest(tx, row.id, {
      closedAt: now,
      closedBy: agentIdOf(staff),
      note: options.note?.trim() || null,
    });
    if (!closed) throw alreadyClosed();
    // The note is the agent's words about the request: it stays on the request, not in the audit line.
    await recordAudit(tx, {
      actor: caller,
      action: 'erasureRequest.close',
      subjectType: 'erasure-request',
      subjectId: row.id,
      country: row.country as Country,
      details: { personId: row.personId, withNote: Boolean(closed.note) },
      at: now,
    });
    return toErasureRequest(closed);
  });
}
