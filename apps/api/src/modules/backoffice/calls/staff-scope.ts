import { type StaffPermission, staffCountriesWith, staffMay } from '@nordloan/domain/access';
import type { Country } from '@nordloan/domain/enums';
import { forbidden, notFound } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';

// How the back-office call and screening routes check who is calling (ADR 0006, ADR 0022):
// an applicant token is refused (403); a record in a country where the caller may not even read
// applications is "not found" (404, ids do not leak); readable but not permitted is 403.

export type StaffCaller = Extract<Caller, { kind: 'staff' }>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requireStaff(caller: Caller): StaffCaller {
  if (caller.kind !== 'staff') throw forbidden('Only staff may use the back office');
  return caller;
}

/** The caller's agent uuid, or null for an older token whose subject is not an agent. */
export function agentIdOf(caller: StaffCaller): string | null {
  return caller.agentId && uuidPattern.test(caller.agentId) ? caller.agentId : null;
}

/** 404 unless the caller may read applications in `country`, 403 unless it holds `permission` there. */
export function assertStaffScope(caller: Caller, permission: StaffPermission, country: string): StaffCaller {
  const staff = requireStaff(caller);
  if (!staffMay(staff.roles, 'application.read', country)) throw notFound();
  if (!staffMay(staff.roles, permission, country)) throw forbidden(`Not allowed: ${permission}`);
  return staff;
}

/**
 * The markets a list may show: those where the caller holds `permission`, narrowed to `country` when
 * asked. 403 when the caller holds it nowhere, or not in the country asked for.
 */
export function listCountries(caller: Caller, permission: StaffPermission, country?: Country): Country[] {
  const staff = requireStaff(caller);
  const allowed = staffCountriesWith(staff.roles, permission);
  if (allowed.length === 0) throw forbidden(`Not allowed: ${permission}`);
  if (country === undefined) return allowed;
  if (!allowed.includes(country)) throw forbidden(`Not allowed: ${permission} in ${country}`);
  return [country];
}
