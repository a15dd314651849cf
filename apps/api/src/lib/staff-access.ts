import { type StaffPermission, staffCountriesWith, staffMay } from '@nordloan/domain/access';
import type { Country } from '@nordloan/domain/enums';
import { forbidden, notFound } from './app-error.ts';
import type { Caller } from './caller.ts';

// The one staff permission check (roles × countries, ADR 0020). Every staff route is first behind the
// staff gate (modules/staff: 401 without a token, 403 for an applicant or a disabled agent); then the
// service asks here whether the staff member may do this in this country. Routes that applicants and staff
// share ask here too for the staff side.

export type StaffCaller = Extract<Caller, { kind: 'staff' }>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * 403 unless `caller` is staff holding `permission` in `country` (Super: every country). With
 * `record: true` the country is an existing record's, and where the caller may not even read applications
 * there the answer is 404 instead: the record's id does not leak across markets (ADR 0006).
 */
export function assertStaffMay(
  caller: Caller,
  permission: StaffPermission,
  country: string,
  options: { record?: boolean } = {},
): StaffCaller {
  if (caller.kind !== 'staff') throw forbidden(`Not allowed: ${permission}`);
  if (options.record && !staffMay(caller.roles, 'application.read', country)) throw notFound();
  if (!staffMay(caller.roles, permission, country)) throw forbidden(`Not allowed: ${permission}`);
  return caller;
}

/**
 * The markets a list may show: those where the caller holds `permission`, narrowed to `country` when
 * asked. 403 when the caller holds it nowhere, or not in the country asked for.
 */
export function staffCountries(caller: Caller, permission: StaffPermission, country?: Country): Country[] {
  const allowed = caller.kind === 'staff' ? staffCountriesWith(caller.roles, permission) : [];
  if (allowed.length === 0) throw forbidden(`Not allowed: ${permission}`);
  if (country === undefined) return allowed;
  if (!allowed.includes(country)) throw forbidden(`Not allowed: ${permission} in ${country}`);
  return [country];
}

/** The caller's agent uuid, or null for an older token whose subject is not an agent. */
export function agentIdOf(caller: StaffCaller): string | null {
  return caller.agentId && uuidPattern.test(caller.agentId) ? caller.agentId : null;
}
