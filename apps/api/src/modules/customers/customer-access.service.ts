import { staffMay } from '@nordloan/domain/access';
import type { Executor } from '#src/db/client.ts';
import { forbidden, notFound } from '#src/lib/app-error.ts';
import type { ApplicationAccess } from '#src/lib/application-access.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { type CustomerRow, findCustomerById } from './customer.repository.ts';

// Who may reach a customer record (and its consents), by the rule of applications (ADR 0006):
// - a customer token: its own CustomerID, or any customer record of its own PersonID;
// - a person token (§4 isUnscoped): customer records of its PersonID;
// - staff: as for applications of the customer's country (read: application.read, write: application.update).
// Anything else is 404, so customer ids cannot be probed (ADR 0014).

export function isOwnCustomer(caller: Caller, customer: CustomerRow): boolean {
  if (caller.kind === 'staff') return false;
  if (caller.kind === 'customer' && caller.customerId === customer.id) return true;
  return caller.personId !== null && customer.personId !== null && caller.personId === customer.personId;
}

export function assertCallerReachesCustomer(
  caller: Caller,
  customer: CustomerRow,
  access: ApplicationAccess,
) {
  if (caller.kind !== 'staff') {
    if (!isOwnCustomer(caller, customer)) throw notFound();
    return;
  }
  if (!staffMay(caller.roles, 'application.read', customer.country)) throw notFound();
  if (access === 'write' && !staffMay(caller.roles, 'application.update', customer.country)) {
    throw forbidden('Your role may not change customers in this country');
  }
}

export function callerMayReachCustomer(
  caller: Caller,
  customer: CustomerRow,
  access: ApplicationAccess,
): boolean {
  try {
    assertCallerReachesCustomer(caller, customer, access);
    return true;
  } catch {
    return false;
  }
}

/** The customer if `caller` may `access` it; 404 when it does not exist or is not the caller's. */
export async function loadCustomerForCaller(options: {
  db: Executor;
  caller: Caller;
  customerId: string;
  access: ApplicationAccess;
}): Promise<CustomerRow> {
  const { db, caller, customerId, access } = options;
  if (!isUuid(customerId)) throw notFound();
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw notFound();
  assertCallerReachesCustomer(caller, customer, access);
  return customer;
}
