import type { Country, PaymentMandateKind } from '@nordloan/domain/enums';
import { insuranceTerms } from '@nordloan/domain/insurance';
import type { Db } from '#src/db/client.ts';
import { conflict, fieldError, notFound, serviceUnavailable } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import type { EidSigningProvider } from './eid-signing.ts';
import { toPaymentMandate } from './insurance.dto.ts';
import {
  findPaymentMandateById,
  finishPaymentMandate,
  type InsurancePaymentMandateRow,
  insertPaymentMandate,
  listPaymentMandatesOfRequest,
} from './insurance.repository.ts';
import { loadRequestForCaller, refusingRaces } from './insurance-access.ts';
import { latestMandate } from './mandate.service.ts';
import { type PaymentMandateProvider, PaymentProviderUnavailableError } from './payment-mandate-provider.ts';
import { decideRequestOnActivePayment } from './policy.service.ts';

// §7 /insurance-payment-mandate/{kind}: POST registers how the premium is paid (after the insurance
// mandate is signed), GET by id follows it until the provider answers, GET with a query lists a request's
// mandates of that kind. An active payment mandate completes the request: the insurer decides and, when
// approved, the policy is issued in the same transaction (policy.service.ts).

/** Bank account numbers as each country writes them (digits only; spaces and dots are removed first). */
const accountPatterns: Record<Country, RegExp> = {
  NO: /^\d{11}$/, // kontonummer
  SE: /^\d{8,15}$/, // clearingnummer + kontonummer
  DK: /^\d{8,14}$/, // registreringsnummer + kontonummer
  FI: /^FI\d{16}$/, // IBAN
};
/** A token from the card provider's payment form: we never see the card number, only its last four. */
const cardTokenPattern = /^tok_[A-Za-z0-9]{8,64}_(\d{4})$/;

export interface PaymentMandateInput {
  InsuranceRequestID: string;
  AccountNumber?: string | undefined;
  CardToken?: string | undefined;
}

function payerOf(kind: PaymentMandateKind, country: Country, input: PaymentMandateInput) {
  if (kind === 'card') {
    const match = input.CardToken ? cardTokenPattern.exec(input.CardToken) : null;
    if (!match) throw fieldError('CardToken', 'A card token from the payment form is required');
    return { payer: input.CardToken!, last4: match[1]! };
  }
  const account = (input.AccountNumber ?? '').replace(/[\s.-]/g, '').toUpperCase();
  if (!accountPatterns[country].test(account)) {
    throw fieldError('AccountNumber', 'Invalid bank account number');
  }
  return { payer: account, last4: account.slice(-4) };
}

async function refreshPaymentMandate(
  db: Db,
  provider: PaymentMandateProvider,
  row: InsurancePaymentMandateRow,
  now: Date,
) {
  if (row.status !== 'pending' || !row.providerRef) return row;
  const state = await provider.status(row.providerRef);
  if (state.status === 'pending') return row;
  return db.transaction(async (tx) => {
    const finished = await finishPaymentMandate(
      tx,
      state.status === 'active'
        ? { id: row.id, status: 'active', activatedAt: state.activatedAt, now }
        : { id: row.id, status: state.status, reason: state.reason, now },
    );
    // Another poll stored the answer first.
    if (!finished) return (await findPaymentMandateById(tx, row.id)) ?? row;
    if (finished.status === 'active') await decideRequestOnActivePayment(tx, finished.requestId, now);
    return finished;
  });
}

export async function startPaymentMandate(options: {
  db: Db;
  caller: Caller;
  signing: EidSigningProvider;
  payments: PaymentMandateProvider;
  kind: PaymentMandateKind;
  input: PaymentMandateInput;
  now: Date;
}) {
  const { db, caller, signing, payments, kind, input, now } = options;
  const request = await loadRequestForCaller({
    db,
    caller,
    requestId: input.InsuranceRequestID,
    access: 'sign',
  });
  if (request.decision !== 'new') throw conflict('The insurance request is already decided');
  const country = request.country as Country;
  if (!insuranceTerms[country]?.paymentKinds.includes(kind)) {
    throw fieldError('kind', `Payment by ${kind} is not offered in ${country}`);
  }
  const { payer, last4 } = payerOf(kind, country, input);
  if ((await latestMandate(db, signing, request.id, now))?.status !== 'signed') {
    throw conflict('Sign the insurance mandate with your e-ID first');
  }
  for (const existing of await listPaymentMandatesOfRequest(db, request.id)) {
    const current = await refreshPaymentMandate(db, payments, existing, now);
    if (current.status === 'active') throw conflict('The payment mandate is already active');
    if (current.status === 'pending') {
      throw conflict('A payment mandate is already being registered', { PaymentMandateID: current.id });
    }
  }
  const attempt = { requestId: request.id, personId: request.personId, kind, payerLast4: last4 };
  try {
    const { providerRef } = await payments.register({ kind, country, payer, reference: request.id });
    const row = await refusingRaces('A payment mandate is already being registered', () =>
      insertPaymentMandate(db, { ...attempt, providerRef, createdAt: now, updatedAt: now }),
    );
    return toPaymentMandate(row);
  } catch (error) {
    if (!(error instanceof PaymentProviderUnavailableError)) throw error;
    // The attempt is kept (what the customer tried, and when); they may try again at once.
    await insertPaymentMandate(db, {
      ...attempt,
      status: 'failed',
      failureReason: 'provider-unavailable',
      createdAt: now,
      updatedAt: now,
    });
    throw serviceUnavailable('The payment provider did not answer. Please try again.');
  }
}

export async function getPaymentMandate(options: {
  db: Db;
  caller: Caller;
  payments: PaymentMandateProvider;
  kind: PaymentMandateKind;
  mandateId: string;
  now: Date;
}) {
  const { db, caller, payments, kind, mandateId, now } = options;
  if (!isUuid(mandateId)) throw notFound();
  const row = await findPaymentMandateById(db, mandateId);
  if (!row || row.kind !== kind) throw notFound();
  await loadRequestForCaller({ db, caller, requestId: row.requestId, access: 'read' });
  return toPaymentMandate(await refreshPaymentMandate(db, payments, row, now));
}

export async function listPaymentMandates(options: {
  db: Db;
  caller: Caller;
  payments: PaymentMandateProvider;
  kind: PaymentMandateKind;
  requestId: string;
  now: Date;
}) {
  const { db, caller, payments, kind, requestId, now } = options;
  const request = await loadRequestForCaller({ db, caller, requestId, access: 'read' });
  const rows = await listPaymentMandatesOfRequest(db, request.id, kind);
  const refreshed = [];
  for (const row of rows) refreshed.push(await refreshPaymentMandate(db, payments, row, now));
  return refreshed.map(toPaymentMandate);
}
