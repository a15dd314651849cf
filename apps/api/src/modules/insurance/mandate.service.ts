import type { Country } from '@nordloan/domain/enums';
import { type EIdentityProvider, insuranceTerms } from '@nordloan/domain/insurance';
import type { Db } from '#src/db/client.ts';
import { conflict, fieldError, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import type { EidSigningProvider } from './eid-signing.ts';
import { toMandate } from './insurance.dto.ts';
import {
  findMandateById,
  finishMandate,
  type InsuranceMandateRow,
  insertMandate,
  listMandatesOfRequest,
} from './insurance.repository.ts';
import { loadRequestForCaller, refusingRaces } from './insurance-access.ts';

// §7 POST /insurance/v2/mandate/{provider} and GET …/{provider}/:id: the applicant signs the insurance
// mandate (consent to the cover, the premium and the insurer's terms) with their e-ID. The order is
// started here and collected on every GET until the provider says signed or failed; a failed order is
// kept and the applicant starts a new one.

/** Asks the provider about a pending order and stores a final answer; other rows are answered as stored. */
async function refreshMandate(db: Db, signing: EidSigningProvider, row: InsuranceMandateRow, now: Date) {
  if (row.status !== 'pending') return row;
  const state = await signing.collect(row.orderRef);
  if (state.status === 'pending') return row;
  const finished = await finishMandate(
    db,
    state.status === 'signed'
      ? { id: row.id, status: 'signed', signedAt: state.signedAt, now }
      : { id: row.id, status: 'failed', reason: state.reason, now },
  );
  // Another poll stored the answer first: read what it stored.
  return finished ?? (await findMandateById(db, row.id)) ?? row;
}

export async function startInsuranceMandate(options: {
  db: Db;
  caller: Caller;
  signing: EidSigningProvider;
  provider: EIdentityProvider;
  requestId: string;
  now: Date;
}) {
  const { db, caller, signing, provider, requestId, now } = options;
  const request = await loadRequestForCaller({ db, caller, requestId, access: 'sign' });
  if (request.decision !== 'new') throw conflict('The insurance request is already decided');
  const expected = insuranceTerms[request.country as Country]?.eIdentityProvider;
  if (provider !== expected) {
    throw fieldError('provider', `Sign with ${expected ?? 'the e-ID of your country'}`);
  }
  for (const existing of await listMandatesOfRequest(db, request.id)) {
    const current = await refreshMandate(db, signing, existing, now);
    if (current.status === 'signed') throw conflict('The insurance mandate is already signed');
    // Like the e-ID services: one open order per person at a time.
    if (current.status === 'pending') {
      throw conflict('A signing order is already in progress', { MandateID: current.id });
    }
  }
  const person = await findPersonById(db, request.personId);
  if (!person) throw notFound();
  const { orderRef } = await signing.startSigning({
    provider,
    nationalId: person.nationalId,
    visibleText: `${request.insurer}: ${request.insuredMonthlyAmount} / month, premium ${request.monthlyPremium} / month`,
  });
  const row = await refusingRaces('A signing order is already in progress', () =>
    insertMandate(db, {
      requestId: request.id,
      personId: request.personId,
      provider,
      orderRef,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return toMandate(row);
}

export async function getInsuranceMandate(options: {
  db: Db;
  caller: Caller;
  signing: EidSigningProvider;
  provider: EIdentityProvider;
  mandateId: string;
  now: Date;
}) {
  const { db, caller, signing, provider, mandateId, now } = options;
  if (!isUuid(mandateId)) throw notFound();
  const row = await findMandateById(db, mandateId);
  if (!row || row.provider !== provider) throw notFound();
  await loadRequestForCaller({ db, caller, requestId: row.requestId, access: 'read' });
  return toMandate(await refreshMandate(db, signing, row, now));
}

/** Whether the request's insurance mandate is signed (asking the provider about a pending order). */
export async function latestMandate(db: Db, signing: EidSigningProvider, requestId: string, now: Date) {
  const [latest] = await listMandatesOfRequest(db, requestId);
  return latest ? refreshMandate(db, signing, latest, now) : undefined;
}
