import type { FastifyRequest } from 'fastify';
import type { Db } from '#src/db/client.ts';
import { requireStaff, type StaffContext } from './staff.service.ts';

// Every back-office route checks the caller before its body or query is validated (a request without a
// token is a 401, never a 400) and finds the agent once per request.

const signedIn = new WeakMap<FastifyRequest, StaffContext>();

/** A preValidation hook: 401/403 unless an enabled agent is calling; remembers the agent for the handler. */
export function staffGate(db: Db) {
  return async (request: FastifyRequest) => {
    signedIn.set(request, await requireStaff(db, request.caller));
  };
}

/** The agent the gate found for this request. */
export function staffOf(request: FastifyRequest): StaffContext {
  const staff = signedIn.get(request);
  if (!staff) throw new Error('staffGate did not run for this route');
  return staff;
}
