import { type StaffPermission, staffCountriesWith, staffMay } from '@nordloan/domain/access';
import { amlBlockStatuses, applicationStatus } from '@nordloan/domain/statuses';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { parsedJson, rowFromJson } from '#src/db/json-rows.ts';
import { preparedPerHandle } from '#src/db/prepared-per-handle.ts';
import { type LoanApplicationRow, loanApplication } from '#src/db/schema/applications.ts';
import { forbidden, notFound } from './app-error.ts';
import type { Caller } from './caller.ts';

// Who may reach which application (docs/decisions/0006-application-access.md):
// - a customer token: applications where it is the customer, or its PersonID is main or co-applicant;
// - a person-role token (§4 isUnscoped): applications where its PersonID is main or co-applicant;
// - staff: by the permission table of @nordloan/domain/access, in the countries their roles carry.
// Anything else is "not found" (404), so that application ids do not leak.

export type ApplicationAccess = 'read' | 'write';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Whether an applicant caller (customer or person token) takes part in the application. */
export function isApplicantOf(caller: Caller, application: LoanApplicationRow): boolean {
  if (caller.kind === 'staff') return false;
  const personId = caller.personId;
  const asPerson =
    personId !== null && (application.personId === personId || application.coApplicantPersonId === personId);
  if (caller.kind === 'person') return asPerson;
  return application.customerId === caller.customerId || asPerson;
}

const staffPermissionFor: Record<ApplicationAccess, StaffPermission> = {
  read: 'application.read',
  write: 'application.update',
};

/**
 * The application if `caller` may `access` it. Throws 404 when it does not exist or is not the caller's
 * (applicants, and staff without read access in its country), 403 when staff may read it but not write.
 * The lending engine, documents and back office call this before touching an application.
 */
export async function loadApplicationForCaller(options: {
  db: Executor;
  caller: Caller;
  applicationId: string;
  access: ApplicationAccess;
}): Promise<LoanApplicationRow> {
  return (await loadApplicationWithForCaller({ ...options, read: readApplicationById })).row;
}

/**
 * loadApplicationForCaller, with what the call needs besides the row read in the same statement: `read`
 * answers the row and the rest, or undefined when there is no such application. The same checks, the same
 * 404/403, before any of the rest is answered.
 */
export async function loadApplicationWithForCaller<Found extends { row: LoanApplicationRow }>(options: {
  db: Executor;
  caller: Caller;
  applicationId: string;
  access: ApplicationAccess;
  read: (db: Executor, applicationId: string) => Promise<Found | undefined>;
}): Promise<Found> {
  const { db, caller, applicationId, access } = options;
  if (!isUuid(applicationId)) throw notFound();
  const found = await options.read(db, applicationId);
  if (!found) throw notFound();
  assertCallerReaches(caller, found.row, access);
  return found;
}

// Nearly every route under an application id starts here: prepared once per database handle, the row as
// one json column (one field for node-postgres to convert; ADR 0045).
const selectApplicationById = preparedPerHandle((db) =>
  db
    .select({ row: sql<unknown>`to_json(${loanApplication})` })
    .from(loanApplication)
    .where(eq(loanApplication.id, sql.placeholder('id')))
    .prepare('read_application_by_id'),
);

async function readApplicationById(
  db: Executor,
  id: string,
): Promise<{ row: LoanApplicationRow } | undefined> {
  const [selected] = await selectApplicationById(db).execute({ id });
  return selected && { row: rowFromJson(loanApplication, parsedJson(selected.row)) };
}

/** The access rule of loadApplicationForCaller, for a row already loaded (e.g. FOR UPDATE in a transaction). */
export function assertCallerReaches(
  caller: Caller,
  application: LoanApplicationRow,
  access: ApplicationAccess,
): void {
  if (caller.kind !== 'staff') {
    if (!isApplicantOf(caller, application)) throw notFound();
    return;
  }
  if (!staffMay(caller.roles, 'application.read', application.country)) throw notFound();
  if (!staffMay(caller.roles, staffPermissionFor[access], application.country)) {
    throw forbidden('Your role may not change applications in this country');
  }
}

/**
 * The SQL condition selecting the applications `caller` may see, for lists and searches: the same rule
 * as loadApplicationForCaller, as a WHERE clause.
 */
export function applicationVisibility(caller: Caller): SQL {
  if (caller.kind === 'staff') {
    const countries = staffCountriesWith(caller.roles, 'application.read');
    return countries.length === 0 ? sql`false` : inArray(loanApplication.country, countries);
  }
  const conditions: SQL[] = [];
  if (caller.personId) {
    conditions.push(
      eq(loanApplication.personId, caller.personId),
      eq(loanApplication.coApplicantPersonId, caller.personId),
    );
  }
  if (caller.kind === 'customer') conditions.push(eq(loanApplication.customerId, caller.customerId));
  return conditions.length === 0 ? sql`false` : (or(...conditions) ?? sql`false`);
}

/** Whether `caller` is an applicant (customer or person token) rather than staff. */
export function isApplicantCaller(caller: Caller): caller is Exclude<Caller, { kind: 'staff' }> {
  return caller.kind !== 'staff';
}

/** Who made a change, for revision rows and logs (never a token or a national id). */
export function describeCaller(caller: Caller): string {
  switch (caller.kind) {
    case 'customer':
      return `customer:${caller.customerId}`;
    case 'person':
      return `person:${caller.personId}`;
    case 'staff':
      return `staff:${caller.agentId ?? 'unknown'}`;
  }
}

/** The applicant caller's role on the application; null for staff (who see every party). */
export function applicantRoleOf(
  caller: Caller,
  application: Pick<LoanApplicationRow, 'personId' | 'coApplicantPersonId'>,
): 'MainApplicant' | 'CoApplicant' | null {
  if (caller.kind === 'staff') return null;
  const isCo =
    caller.personId !== null &&
    caller.personId === application.coApplicantPersonId &&
    caller.personId !== application.personId;
  return isCo ? 'CoApplicant' : 'MainApplicant';
}

// §3 debt source 2: the national debt register.
const NATIONAL_REGISTER_DEBT_SOURCE = 2;

/**
 * Whether an applicant in `role` may see a debt: what the national debt register reports about a person
 * is theirs alone (GDPR art. 5(1)(f); gjeldsinformasjonsloven § 5), so each applicant sees only their own
 * register debts. Debts the applicants entered themselves (source 1) belong to the shared form.
 */
export function isOwnDebt(
  role: 'MainApplicant' | 'CoApplicant',
  debt: { source: unknown; ownerRole: unknown },
): boolean {
  // The co-applicant sees only their own debts, whoever entered them (ADR 0038): the main applicant's
  // debts are the main applicant's personal data. The main applicant fills in the shared form.
  if (role === 'CoApplicant') return debt.ownerRole === 'CoApplicant';
  return debt.source !== NATIONAL_REGISTER_DEBT_SOURCE || debt.ownerRole === role;
}

/**
 * Blocks for sanctions (198) and fraud (199) must not tip the applicant off (hvitvaskingsloven § 28 /
 * AMLD art. 39: no disclosure that a suspicion is being looked into). Applicants see them as the ordinary
 * block 162 everywhere (application, lists, revisions, lending summary); staff see the real status.
 */
export const APPLICANT_VISIBLE_BLOCK_STATUS = applicationStatus.blocked;

/** The status code an applicant may see. */
export function statusForApplicant(code: number): number {
  return amlBlockStatuses.includes(code) ? APPLICANT_VISIBLE_BLOCK_STATUS : code;
}
