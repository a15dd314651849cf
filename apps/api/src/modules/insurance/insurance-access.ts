import { staffMay } from '@nordloan/domain/access';
import type { Db, Executor } from '#src/db/client.ts';
import { conflict, forbidden, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import { findInsuranceRequestById, type InsuranceRequestRow } from './insurance-policy.repository.ts';

// Who reaches an insurance request (ADR 0026): the insured person themselves (a customer token through its
// customer's person, or a person token), and staff holding application.read in the request's country.
// Anyone else gets 404, so ids do not leak. Changing it is the insured person's alone (they sign the
// mandates); staff change only the policy (termination), with application.update.

/** The person the applicant caller acts as; undefined for staff and for a customer with no person yet. */
export async function personOfCaller(db: Executor, caller: Caller): Promise<string | undefined> {
  if (caller.kind === 'staff') return undefined;
  if (caller.personId) return caller.personId;
  if (caller.kind === 'customer')
    return (await findCustomerById(db, caller.customerId))?.personId ?? undefined;
  return undefined;
}

/** The applicant's person, or 403 for staff: only the insured person takes out insurance for themselves. */
export async function requireApplicantPerson(db: Executor, caller: Caller): Promise<string> {
  if (caller.kind === 'staff')
    throw forbidden('Only the customer takes out insurance and signs its mandates');
  const personId = await personOfCaller(db, caller);
  if (!personId) throw forbidden('Sign in with your e-ID first');
  return personId;
}

export async function loadRequestForCaller(options: {
  db: Db;
  caller: Caller;
  requestId: string;
  access: 'read' | 'sign';
}): Promise<InsuranceRequestRow> {
  const { db, caller, requestId, access } = options;
  if (!isUuid(requestId)) throw notFound();
  const request = await findInsuranceRequestById(db, requestId);
  if (!request) throw notFound();
  assertReachesRequest(caller, request, await personOfCaller(db, caller));
  if (access === 'sign' && caller.kind === 'staff') {
    throw forbidden('Only the customer signs insurance mandates');
  }
  return request;
}

export function assertReachesRequest(
  caller: Caller,
  request: { personId: string; country: string },
  callerPersonId: string | undefined,
): void {
  if (caller.kind === 'staff') {
    if (!staffMay(caller.roles, 'application.read', request.country)) throw notFound();
    return;
  }
  if (!callerPersonId || callerPersonId !== request.personId) throw notFound();
}

/**
 * A unique index refused the row: two calls of the same customer raced (one open request per person, one
 * open mandate per request, 0011). The loser gets the 409 `message` instead of a 500.
 */
export async function refusingRaces<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    let current: unknown = error;
    for (let depth = 0; depth < 4 && current; depth++) {
      if ((current as { code?: string }).code === '23505') throw conflict(message);
      current = (current as { cause?: unknown }).cause;
    }
    throw error;
  }
}
