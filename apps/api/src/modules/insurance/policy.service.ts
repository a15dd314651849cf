import { randomInt } from 'node:crypto';
import { staffMay } from '@nordloan/domain/access';
import type { Country, InsuranceTerminationReason } from '@nordloan/domain/enums';
import { customerTerminationReasons, ineligibilityOf } from '@nordloan/domain/insurance';
import type { Db, Executor } from '#src/db/client.ts';
import { conflict, fieldError, forbidden, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import { ageOfPerson, isoDay } from './eligibility.service.ts';
import { toPolicy, toRequest, withdrawalDeadline } from './insurance.dto.ts';
import {
  hasActivePolicy,
  listMandatesOfRequest,
  listPaymentMandatesOfRequest,
} from './insurance.repository.ts';
import { assertReachesRequest, personOfCaller } from './insurance-access.ts';
import {
  decideInsuranceRequest,
  findInsurancePolicyById,
  findInsurancePolicyByRequest,
  findInsuranceRequestById,
  insertInsurancePolicy,
  listInsuranceRequestsForPerson,
  terminateInsurancePolicy,
} from './insurance-policy.repository.ts';

// The policy lifecycle (ADR 0026): InsuranceRequest (new) → both mandates complete → the insurer decides
// (approved: the InsurancePolicy is issued, starting today; denied: the rules no longer hold, e.g. the
// applicant turned too old or took out another policy meanwhile) → the policy runs until it is terminated
// for one of the §3 reasons.

/** The insurer's underwriting once the premium can be collected; runs in the mandate's transaction. */
export async function decideRequestOnActivePayment(tx: Executor, requestId: string, now: Date) {
  const request = await findInsuranceRequestById(tx, requestId);
  if (request?.decision !== 'new') return;
  const { age } = await ageOfPerson(tx, request.personId, isoDay(now));
  const person = await findPersonById(tx, request.personId);
  const reasons = ineligibilityOf({
    country: request.country as Country,
    age,
    residentInCountry: person?.country === request.country,
    hasActivePolicy: await hasActivePolicy(tx, request.personId),
  });
  const decided = await decideInsuranceRequest(tx, {
    id: request.id,
    decision: reasons.length === 0 ? 'approved' : 'denied',
    now,
  });
  if (decided?.decision !== 'approved') return;
  await insertInsurancePolicy(tx, {
    requestId: decided.id,
    personId: decided.personId,
    insurer: decided.insurer,
    policyNumber: `${decided.insurer.slice(0, 2).toUpperCase()}-${now.getUTCFullYear()}-${String(randomInt(1e9)).padStart(9, '0')}`,
    insuredMonthlyAmount: decided.insuredMonthlyAmount,
    monthlyPremium: decided.monthlyPremium,
    startsOn: isoDay(now),
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * GET /insurance/v2/policy: the applicant's own requests and policies; staff name the person, and their read
 * of the person's insurance is audited (ADR 0020: every staff read of personal data).
 */
export async function listInsurance(options: {
  db: Db;
  caller: Caller;
  personId?: string | undefined;
  now: Date;
}) {
  const { db, caller } = options;
  let personId: string | undefined;
  let staffRead: { country: Country } | undefined;
  if (caller.kind === 'staff') {
    if (!options.personId) throw fieldError('PersonID', 'PersonID is required');
    if (!isUuid(options.personId)) throw notFound();
    const person = await findPersonById(db, options.personId);
    if (!person || !staffMay(caller.roles, 'application.read', person.country)) throw notFound();
    personId = person.id;
    staffRead = { country: person.country as Country };
  } else {
    personId = await personOfCaller(db, caller);
    if (!personId) return [];
  }
  const requests = await listInsuranceRequestsForPerson(db, personId);
  if (staffRead) {
    await recordAudit(db, {
      actor: caller,
      action: 'insurance.read',
      subjectType: 'person',
      subjectId: personId,
      country: staffRead.country,
      details: { InsuranceRequestIDs: requests.map((request) => request.id) },
      at: options.now,
    });
  }
  return Promise.all(
    requests.map(async (request) => {
      const [mandate] = await listMandatesOfRequest(db, request.id);
      const [paymentMandate] = await listPaymentMandatesOfRequest(db, request.id);
      const policy = await findInsurancePolicyByRequest(db, request.id);
      return toRequest(request, { mandate, paymentMandate, policy });
    }),
  );
}

/**
 * POST /insurance/v2/policy/:id/termination. The customer withdraws (within the withdrawal period) or
 * terminates; the other §3 reasons are the insurer's, recorded by staff with application.update.
 */
export async function terminatePolicy(options: {
  db: Db;
  caller: Caller;
  policyId: string;
  reason: InsuranceTerminationReason;
  now: Date;
}) {
  const { db, caller, policyId, reason, now } = options;
  if (!isUuid(policyId)) throw notFound();
  const policy = await findInsurancePolicyById(db, policyId);
  const request = policy && (await findInsuranceRequestById(db, policy.requestId));
  if (!policy || !request) throw notFound();
  assertReachesRequest(caller, request, await personOfCaller(db, caller));
  if (caller.kind === 'staff') {
    if (!staffMay(caller.roles, 'application.update', request.country)) {
      throw forbidden('Your role may not change insurance in this country');
    }
  } else if (!(customerTerminationReasons as readonly string[]).includes(reason)) {
    throw fieldError('Reason', 'Only the insurer ends a policy for this reason');
  }
  if (policy.terminatedAt) throw conflict('The policy is already terminated');
  if (reason === 'customer-withdrew' && isoDay(now) > withdrawalDeadline(policy.startsOn)) {
    throw conflict('The withdrawal period has ended; terminate the policy instead');
  }
  // A member of staff's ending is audited in its transaction (ADR 0020): who, which policy, why.
  const terminated = await db.transaction(async (tx) => {
    const row = await terminateInsurancePolicy(tx, { id: policy.id, reason, now });
    if (row && caller.kind === 'staff') {
      await recordAudit(tx, {
        actor: caller,
        action: 'insurance.policy.terminate',
        subjectType: 'insurance-policy',
        subjectId: policy.id,
        loanApplicationId: request.loanApplicationId,
        country: request.country as Country,
        reason,
        details: { InsuranceRequestID: request.id },
        at: now,
      });
    }
    return row;
  });
  if (!terminated) throw conflict('The policy is already terminated');
  return toPolicy(terminated);
}
