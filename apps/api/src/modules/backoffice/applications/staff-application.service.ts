import { type StaffPermission, staffCountriesWith } from '@nordloan/domain/access';
import type { AuditItem, Note, SearchResult } from '@nordloan/domain/backoffice';
import type { Country } from '@nordloan/domain/enums';
import { validateNationalId } from '@nordloan/domain/national-id';
import { withdrawnStatusFor } from '@nordloan/domain/status-machine';
import type { ApplicationStatusCode } from '@nordloan/domain/statuses';
import type { Config } from '#src/config.ts';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { conflict, forbidden, notFound } from '#src/lib/app-error.ts';
import { assertCallerReaches, isUuid, loadApplicationForCaller } from '#src/lib/application-access.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import { listAudit, recordAudit } from '#src/modules/audit/audit.service.ts';
import { endOpenWork } from '#src/modules/lending/closing/end-open-work.service.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import {
  actorForCaller,
  applyTransition,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { presentApplication } from '#src/modules/loan-applications/loan-application.service.ts';
import { createMagicLink } from '#src/modules/magic-links/magic-link.service.ts';
import type { StaffContext } from '#src/modules/staff/staff.service.ts';
import { type Application360, describe360 } from './application-360.ts';
import {
  agentNames,
  insertNote,
  listNotes,
  type NoteRow,
  type SearchTerm,
  searchName,
  searchStaffApplications,
} from './staff-application.repository.ts';

// Applications as staff see them (issue 9): search, the 360° view, notes, withdraw and magic-link resend
// on the customer's behalf, and the per-application audit listing. Every read of personal data and every
// change writes an audit entry in the same transaction (ADR 0020).

export interface StaffOptions {
  db: Db;
  staff: StaffContext;
  now: () => Date;
}

function requirePermission(staff: StaffContext, permission: StaffPermission, country: string) {
  assertStaffMay(staff.caller, permission, country);
}

// ── Search ────────────────────────────────────────────────────────────────────────────────────────

const compact = (value: string) => value.replace(/[\s-]/g, '');

/**
 * What `q` is: an application number, an e-mail, a phone number, a national id (tried per country), or
 * the start of a name (issue 38: a person is found by name, first or last name first).
 */
export function searchTermOf(q: string, countries: readonly Country[]): SearchTerm {
  const text = q.trim();
  if (/^NL-\d+$/i.test(text)) return { kind: 'humanReadableId', value: text.toUpperCase() };
  if (text.includes('@')) return { kind: 'email', value: text.toLowerCase() };
  const digits = compact(text);
  if (digits.startsWith('+')) return { kind: 'phone', values: [digits] };
  if (digits.startsWith('00')) return { kind: 'phone', values: [`+${digits.slice(2)}`] };
  const nationalIds = new Set<string>();
  for (const country of countries) {
    const checked = validateNationalId(country, text);
    if (checked.valid) nationalIds.add(checked.normalized);
  }
  // Letters and no valid national id (a Finnish one has a letter): a name.
  if (nationalIds.size === 0 && /\p{L}/u.test(text)) return { kind: 'name', value: searchName(text) };
  // A plain number that is no valid national id may be a phone number typed without its country code,
  // or an application number typed without its "NL-".
  const phones = /^\d{6,15}$/.test(digits)
    ? [`+${digits}`, ...['+47', '+46', '+358', '+45'].map((code) => `${code}${digits.replace(/^0/, '')}`)]
    : [];
  const humanReadableIds = /^\d{4,12}$/.test(digits) ? [`NL-${digits}`] : [];
  return { kind: 'nationalId', values: [...nationalIds], phones, humanReadableIds };
}

export async function searchApplications(
  options: StaffOptions & { q: string; offset: number; limit: number },
): Promise<{ Items: SearchResult[]; Total: number }> {
  const { db, staff } = options;
  const countries = staffCountriesWith(staff.caller.roles, 'application.read');
  if (countries.length === 0) throw forbidden('Not allowed: application.read');
  const term = searchTermOf(options.q, countries);
  const { rows, total } = await searchStaffApplications(db, {
    term,
    countries,
    offset: options.offset,
    limit: options.limit,
  });
  // Who searched for what kind of key and what they saw; never the key itself (a national id).
  await recordAudit(db, {
    actor: staff.caller,
    action: 'application.search',
    subjectType: 'search',
    subjectId: term.kind,
    details: { Kind: term.kind, LoanApplicationIDs: rows.map((row) => row.id) },
    at: options.now(),
  });
  return {
    Items: rows.map((row) => {
      const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
      return {
        LoanApplicationID: row.id,
        HumanReadableID: row.humanReadableId,
        Product: row.product,
        Status: row.status,
        Country: row.country as Country,
        Brand: row.brand,
        ApplicantName: name === '' ? null : name,
        CreatedAt: row.createdAt.toISOString(),
      };
    }),
    Total: total,
  };
}

// ── 360° view ─────────────────────────────────────────────────────────────────────────────────────

/** The whole application for staff; 404 outside the caller's countries. The read is audited. */
export async function getApplication360(
  options: StaffOptions & { applicationId: string },
): Promise<Application360> {
  const { db, staff } = options;
  const application = await loadApplicationForCaller({
    db,
    caller: staff.caller,
    applicationId: options.applicationId,
    access: 'read',
  });
  const view = await describe360(db, application, staff.caller, options.now);
  await recordAudit(db, {
    actor: staff.caller,
    action: 'application.read',
    subjectType: 'loan-application',
    subjectId: application.id,
    loanApplicationId: application.id,
    country: application.country as Country,
    details: { View: '360' },
    at: options.now(),
  });
  return view;
}

// ── Notes ─────────────────────────────────────────────────────────────────────────────────────────

export function toNote(row: NoteRow): Note {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    AgentID: row.agentId,
    AgentName: row.agentName,
    Text: row.text,
    CreatedAt: row.createdAt.toISOString(),
  };
}

export async function notesOf(db: Executor, applicationId: string): Promise<Note[]> {
  return (await listNotes(db, applicationId)).map(toNote);
}

export async function addNote(
  options: StaffOptions & { applicationId: string; text: string },
): Promise<Note> {
  const { db, staff } = options;
  const application = await loadApplicationForCaller({
    db,
    caller: staff.caller,
    applicationId: options.applicationId,
    access: 'read',
  });
  requirePermission(staff, 'application.note', application.country);
  return db.transaction(async (tx) => {
    const now = options.now();
    const row = await insertNote(tx, {
      loanApplicationId: application.id,
      agentId: staff.agent.id,
      text: options.text,
      createdAt: now,
    });
    await recordAudit(tx, {
      actor: staff.caller,
      action: 'application.note',
      subjectType: 'application-note',
      subjectId: row.id,
      loanApplicationId: application.id,
      country: application.country as Country,
      at: now,
    });
    return toNote({ ...row, agentName: staff.agent.name });
  });
}

// ── Withdraw and magic link ───────────────────────────────────────────────────────────────────────

async function lockReadable(
  tx: Executor,
  staff: StaffContext,
  applicationId: string,
): Promise<LoanApplicationRow> {
  if (!isUuid(applicationId)) throw notFound();
  const application = await findApplicationByIdForUpdate(tx, applicationId);
  if (!application) throw notFound();
  assertCallerReaches(staff.caller, application, 'read');
  return application;
}

/** The customer asked staff to withdraw: the x90 of the phase it is in (§4), with the reason given. */
export async function withdrawForCustomer(options: StaffOptions & { applicationId: string; reason: string }) {
  const { db, staff } = options;
  return db.transaction(async (tx) => {
    const now = options.now();
    const application = await lockReadable(tx, staff, options.applicationId);
    requirePermission(staff, 'application.withdraw', application.country);
    const to = withdrawnStatusFor(application.status as ApplicationStatusCode);
    if (!to) throw conflict('The application can no longer be withdrawn', { Status: application.status });
    const reason = `Withdrawn by staff for the customer: ${options.reason}`;
    const withdrawn = await applyTransition(tx, application, {
      applicationId: application.id,
      to,
      actor: actorForCaller(staff.caller, application),
      reason,
      now,
    });
    await endOpenWork(tx, { applicationId: application.id, ending: 'withdrawn', now, reason });
    await recordAudit(tx, {
      actor: staff.caller,
      action: 'application.withdraw',
      subjectType: 'loan-application',
      subjectId: application.id,
      loanApplicationId: application.id,
      country: application.country as Country,
      reason: options.reason,
      details: { From: application.status, To: to },
      at: now,
    });
    return presentApplication(tx, withdrawn);
  });
}

export async function resendMagicLink(
  options: StaffOptions & {
    applicationId: string;
    channel: 'email' | 'sms';
    config: Config;
    log: Parameters<typeof createMagicLink>[0]['log'];
  },
) {
  const { db, staff } = options;
  const application = await loadApplicationForCaller({
    db,
    caller: staff.caller,
    applicationId: options.applicationId,
    access: 'read',
  });
  requirePermission(staff, 'magicLink.resend', application.country);
  const now = options.now();
  const sent = await createMagicLink({
    db,
    config: options.config,
    caller: staff.caller,
    applicationId: application.id,
    channel: options.channel,
    // The back office's host is no brand's: the link goes to the address the applicant used.
    origin: null,
    now,
    log: options.log,
  });
  await recordAudit(db, {
    actor: staff.caller,
    action: 'application.magicLinkResend',
    subjectType: 'magic-link',
    subjectId: sent.ID,
    loanApplicationId: application.id,
    country: application.country as Country,
    details: { Channel: options.channel },
    at: now,
  });
  return sent;
}

// ── Audit ─────────────────────────────────────────────────────────────────────────────────────────

export async function applicationAudit(
  options: StaffOptions & { applicationId: string; offset: number; limit: number },
): Promise<{ Items: AuditItem[]; Total: number }> {
  const { db, staff } = options;
  const application = await loadApplicationForCaller({
    db,
    caller: staff.caller,
    applicationId: options.applicationId,
    access: 'read',
  });
  requirePermission(staff, 'audit.read', application.country);
  const listed = await listAudit(db, {
    loanApplicationId: application.id,
    offset: options.offset,
    limit: options.limit,
  });
  const names = await agentNames(db, [
    ...new Set(listed.Items.flatMap((item) => (item.ActorAgentID ? [item.ActorAgentID] : []))),
  ]);
  return {
    Items: listed.Items.map((item) => ({
      ID: item.ID,
      At: item.At,
      ActorAgentID: item.ActorAgentID,
      ActorName: item.ActorAgentID ? (names.get(item.ActorAgentID) ?? null) : item.Actor,
      Action: item.Action,
      Reason: item.Reason,
      Details: item.Details,
    })),
    Total: listed.Total,
  };
}
