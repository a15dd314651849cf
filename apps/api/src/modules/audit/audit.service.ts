import type { Country } from '@nordloan/domain/enums';
import type { Executor } from '#src/db/client.ts';
import type { Caller } from '#src/lib/caller.ts';
import { type AuditEntryFilter, insertAuditEntry, selectAuditEntries } from './audit.repository.ts';

// The audit log (issue 9, issue 17): every staff read of personal data and every staff change, with who,
// what, when and why. Callers write it in the same transaction as the change (pass the transaction as
// `db`), so a change without its audit line cannot be committed. Never put a token, a national identity
// number or free personal data in `details`: ids and field names only.

export interface AuditEntryInput {
  /** Who: the verified caller, or a machine actor ('system:<job>') for automatic work. */
  actor: Caller | { kind: 'system'; name: string };
  /** What: a dotted verb, e.g. 'application.read', 'application.withdraw', 'regulatoryFigure.create'. */
  action: string;
  /** On what: the record kind ('loan-application', 'person', 'regulatory-figure', …) and its id. */
  subjectType: string;
  subjectId: string;
  /** The application the event belongs to, when there is one (the per-application audit listing). */
  loanApplicationId?: string | null | undefined;
  country?: Country | null | undefined;
  /** Why: the reason the member of staff gave. */
  reason?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
  at: Date;
}

/** The audit label of a caller: never a token or a national id, only record ids. */
export function auditActorLabel(actor: AuditEntryInput['actor']): string {
  switch (actor.kind) {
    case 'staff':
      return `staff:${actor.agentId ?? 'unknown'}`;
    case 'customer':
      return `customer:${actor.customerId}`;
    case 'person':
      return `person:${actor.personId}`;
    case 'system':
      return `system:${actor.name}`;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function recordAudit(db: Executor, entry: AuditEntryInput): Promise<void> {
  // Only a real agent uuid links to the agent table (older development tokens carry other subjects).
  const actorAgentId =
    entry.actor.kind === 'staff' && entry.actor.agentId && uuidPattern.test(entry.actor.agentId)
      ? entry.actor.agentId
      : null;
  await insertAuditEntry(db, {
    at: entry.at,
    actorAgentId,
    actor: auditActorLabel(entry.actor),
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    loanApplicationId: entry.loanApplicationId ?? null,
    country: entry.country ?? null,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  });
}

/** §3-style PascalCase shape of one audit entry, as staff read it. */
export interface AuditEntryView {
  ID: string;
  At: string;
  ActorAgentID: string | null;
  Actor: string;
  Action: string;
  SubjectType: string;
  SubjectID: string;
  LoanApplicationID: string | null;
  Country: string | null;
  Reason: string | null;
  Details: Record<string, unknown>;
}

export async function listAudit(
  db: Executor,
  filter: AuditEntryFilter,
): Promise<{ Items: AuditEntryView[]; Total: number }> {
  const { rows, total } = await selectAuditEntries(db, filter);
  return {
    Items: rows.map((row) => ({
      ID: row.id,
      At: row.at.toISOString(),
      ActorAgentID: row.actorAgentId,
      Actor: row.actor,
      Action: row.action,
      SubjectType: row.subjectType,
      SubjectID: row.subjectId,
      LoanApplicationID: row.loanApplicationId,
      Country: row.country,
      Reason: row.reason,
      Details: row.details,
    })),
    Total: total,
  };
}
