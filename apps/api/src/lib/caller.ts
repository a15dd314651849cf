import { applicantRoleNames, type TokenPayload, type TokenRole } from '@nordloan/domain/auth';

/**
 * Who is calling, as decided from a verified token (§3 sign-in payload, §6 roles):
 * - customer: a customer-scoped applicant (CustomerID, maybe PersonID);
 * - person: an unscoped applicant (§4 isUnscoped: the Roles claim contains Person) who reaches only what
 *   belongs to its PersonID;
 * - staff: any token whose roles are staff roles (Sales, Manager, Super…), each role with an optional Country.
 */
export type Caller =
  | {
      kind: 'customer';
      customerId: string;
      personId: string | null;
      roles: TokenRole[];
      email: string | null;
      tokenId: string;
    }
  | {
      kind: 'person';
      personId: string;
      customerId: string | null;
      roles: TokenRole[];
      email: string | null;
      tokenId: string;
    }
  | { kind: 'staff'; agentId: string | null; roles: TokenRole[]; tokenId: string };

export function callerFromPayload(payload: TokenPayload & { sub?: string }): Caller | null {
  const roles = payload.Roles;
  const isStaff = roles.some((role) => !applicantRoleNames.includes(role.Name));
  if (isStaff) return { kind: 'staff', agentId: payload.sub ?? null, roles, tokenId: payload.jti };
  if (roles.some((role) => role.Name === 'Person')) {
    if (!payload.PersonID) return null;
    return {
      kind: 'person',
      personId: payload.PersonID,
      customerId: payload.CustomerID ?? null,
      roles,
      email: payload.Email ?? null,
      tokenId: payload.jti,
    };
  }
  if (!payload.CustomerID) return null;
  return {
    kind: 'customer',
    customerId: payload.CustomerID,
    personId: payload.PersonID ?? null,
    roles,
    email: payload.Email ?? null,
    tokenId: payload.jti,
  };
}

/** Staff role names held, optionally only those valid in `country`. Super holds everywhere. */
export function staffRolesIn(caller: Caller, country?: string): string[] {
  if (caller.kind !== 'staff') return [];
  return caller.roles
    .filter((role) => role.Name === 'Super' || country === undefined || role.Country === country)
    .map((role) => role.Name);
}
