import type { CallOrder, CallRecord, CallWrapUpBody } from '@nordloan/domain/backoffice';
import { consentBrandOf } from '@nordloan/domain/brands/registry';
import { type CreateCallOrderBody, salesCallTag } from '@nordloan/domain/calls';
import type { Country, OutboundNumberType } from '@nordloan/domain/enums';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '#src/db/client.ts';
import { conflict, fieldError, forbidden, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { agentIdOf, assertStaffMay, staffCountries } from '#src/lib/staff-access.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import { findAgentById } from '#src/modules/staff/agent.repository.ts';
import { findOpenAssignment } from '../assignment.repository.ts';
import { toCallOrder, toCallRecord } from '../backoffice.dto.ts';
import { findBucketById } from '../bucket.repository.ts';
import {
  findCallOrderById,
  findCallRecordById,
  insertCallOrder,
  insertCallRecordForOrder,
} from '../call.repository.ts';
import {
  type CallProgress,
  findCallInProgress,
  findPhoneMarketingConsent,
  listCallListIn,
  listCallRecordsIn,
  type Paging,
  saveCallWrapUp,
  updateCallInProgress,
} from './calls.repository.ts';
import { outboundNumberFor } from './outbound-numbers.ts';
import type { TelephonyAdapter, TelephonyEvent, TelephonyEventKind } from './telephony-adapter.ts';

// Outbound calls (§3 call list → call order → call record; ADR 0022). Staff need `call.make` in the
// application's market; records are read with `application.read`. Each order and call is audited.

const countryCallingCodes: Record<Country, string> = { NO: '47', SE: '46', FI: '358', DK: '45' };

/** The customer's number as a provider dials it (E.164), or null when it cannot be made one. */
export function toE164(phone: string | null | undefined, country: Country): string | null {
  if (!phone) return null;
  let digits = phone.replace(/[\s\-().]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (!digits.startsWith('+')) digits = `+${countryCallingCodes[country]}${digits.replace(/^0/, '')}`;
  return /^\+[1-9]\d{6,14}$/.test(digits) ? digits : null;
}

export async function createCallOrder(options: {
  db: Db;
  caller: Caller;
  body: CreateCallOrderBody;
  now: Date;
}): Promise<CallOrder> {
  const { db, caller, body, now } = options;
  const application = await findApplicationById(db, body.LoanApplicationID);
  if (!application) throw notFound();
  const country = application.country as Country;
  const staff = assertStaffMay(caller, 'call.make', country, { record: true });
  const tags = body.Tags ? [...new Set(body.Tags)] : null;

  const person = application.personId ? await findPersonById(db, application.personId) : undefined;
  let phone = toE164(person?.phone, country);
  if (!phone && application.customerId) {
    phone = toE164((await findCustomerById(db, application.customerId))?.phone, country);
  }
  if (!phone) throw conflict('The applicant has no phone number to call');

  // Marketing by phone needs the customer's yes (markedsføringsloven § 12, marknadsföringslagen 19 §):
  // a call tagged as a sales call is refused when they said no or withdrew their consent.
  await assertSalesCallAllowed(db, application, tags);

  return db.transaction(async (tx) => {
    const open = await findOpenAssignment(tx, application.id);
    const bucket = open ? await findBucketById(tx, open.bucketId) : undefined;
    const order = await insertCallOrder(tx, {
      loanApplicationId: application.id,
      clientId: application.clientId,
      marketCountry: country,
      loanApplicationStatus: application.status,
      bucketName: bucket?.name ?? null,
      customerPhoneNumber: phone,
      outboundNumberType: body.OutboundNumberType,
      tags,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actor: staff,
      action: 'call.order',
      subjectType: 'call-order',
      subjectId: order.id,
      loanApplicationId: application.id,
      country,
      details: { OutboundNumberType: order.outboundNumberType, Tags: order.tags ?? [] },
      at: now,
    });
    return toCallOrder(order);
  });
}

/** 409 when the order is a sales call and the customer now says no to marketing by phone. */
async function assertSalesCallAllowed(
  db: Executor,
  application: { customerId: string | null; brand: string },
  tags: readonly string[] | null | undefined,
) {
  if (!tags?.includes(salesCallTag) || !application.customerId) return;
  const status = await findPhoneMarketingConsent(
    db,
    application.customerId,
    consentBrandOrBrand(application.brand),
  );
  if (status === 'revoked' || status === 'not_given') {
    throw conflict('The customer does not want sales calls');
  }
}

function consentBrandOrBrand(brand: string): string {
  try {
    return consentBrandOf(brand);
  } catch {
    return brand;
  }
}

export async function listCallList(options: {
  db: Db;
  caller: Caller;
  country?: Country | undefined;
  paging: Paging;
}): Promise<{ Items: CallOrder[]; Total: number }> {
  const countries = staffCountries(options.caller, 'call.make', options.country);
  const { items, total } = await listCallListIn(options.db, countries, options.paging);
  return { Items: items.map(toCallOrder), Total: total };
}

/** Places a call on the order through the telephony provider; its events fill in the record later. */
export async function startCall(options: {
  db: Db;
  caller: Caller;
  orderId: string;
  telephony: TelephonyAdapter;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<CallRecord> {
  const { db, caller, telephony, now } = options;
  if (!isUuid(options.orderId)) throw notFound();
  const order = await findCallOrderById(db, options.orderId);
  if (!order) throw notFound();
  const country = order.marketCountry as Country;
  const staff = assertStaffMay(caller, 'call.make', country, { record: true });
  const agentId = agentIdOf(staff);
  if (agentId) {
    const agent = await findAgentById(db, agentId);
    if (agent?.disabled) throw forbidden('Your agent account is disabled');
  }

  // The customer may have said "no sales calls" after the order was made (issue 13 item 7): ask again.
  const application = await findApplicationById(db, order.loanApplicationId);
  if (application) await assertSalesCallAllowed(db, application, order.tags);

  const record = await db.transaction(async (tx) => {
    const at = now();
    if (await findCallInProgress(tx, order.id, at))
      throw conflict('A call on this order is still in progress');
    const created = await insertCallRecordForOrder(tx, order, {
      agentId,
      outboundPhoneNumber: outboundNumberFor(
        country,
        order.outboundNumberType as OutboundNumberType,
        agentId,
      ),
      stateDescription: 'queued',
      createdAt: at,
      updatedAt: at,
    });
    await recordAudit(tx, {
      actor: staff,
      action: 'call.start',
      subjectType: 'call-record',
      subjectId: created.id,
      loanApplicationId: order.loanApplicationId,
      country,
      details: { OrderID: order.id, OutboundNumberType: order.outboundNumberType },
      at,
    });
    return created;
  });

  let progress: CallProgress;
  try {
    const { externalRef } = await telephony.placeCall({
      reference: record.id,
      from: record.outboundPhoneNumber!,
      to: record.customerPhoneNumber,
    });
    progress = { externalRef };
  } catch (error) {
    // The provider refused the call outright: the record says so and the order stays on the list.
    options.log.warn({ callRecordId: record.id, err: error }, 'telephony provider refused the call');
    progress = {
      endedAt: now(),
      stateDescription:
        `failed: ${error instanceof Error ? error.message : 'the provider refused the call'}`.slice(0, 500),
    };
  }
  const updated = await updateCallInProgress(db, record.id, progress, now());
  // An event may already have ended the call; then the stored row is the truth.
  return toCallRecord(updated ?? (await findCallRecordById(db, record.id))!);
}

const eventChanges: Record<TelephonyEventKind, (at: Date) => CallProgress> = {
  initiated: (at) => ({ initiatedAt: at, stateDescription: 'initiated' }),
  ringing: () => ({ stateDescription: 'ringing' }),
  answered: (at) => ({ answered: true, answeredAt: at, stateDescription: 'answered' }),
  voicemail: () => ({ wentToVoicemail: true, stateDescription: 'voicemail' }),
  'no-answer': (at) => ({ endedAt: at, stateDescription: 'no-answer' }),
  busy: (at) => ({ endedAt: at, stateDescription: 'busy' }),
  failed: (at) => ({ endedAt: at, stateDescription: 'failed' }),
  completed: (at) => ({ endedAt: at, stateDescription: 'completed' }),
};

/**
 * A provider event updates the record it names (our reference is the record id; the provider's call id
 * is stored as ExternalRef). Events after the end of a call change nothing.
 */
export async function applyTelephonyEvent(db: Executor, event: TelephonyEvent, now: Date): Promise<void> {
  if (!isUuid(event.reference)) return;
  await updateCallInProgress(
    db,
    event.reference,
    { externalRef: event.externalRef, ...eventChanges[event.kind](event.at) },
    now,
  );
}

export async function listCallRecords(options: {
  db: Db;
  caller: Caller;
  loanApplicationId?: string | undefined;
  country?: Country | undefined;
  paging: Paging;
}): Promise<{ Items: CallRecord[]; Total: number }> {
  const { db, caller } = options;
  let countries: Country[];
  if (options.loanApplicationId) {
    const application = await findApplicationById(db, options.loanApplicationId);
    if (!application) throw notFound();
    assertStaffMay(caller, 'application.read', application.country, { record: true });
    countries = [application.country as Country];
  } else {
    countries = staffCountries(caller, 'application.read', options.country);
  }
  const { items, total } = await listCallRecordsIn(
    db,
    { countries, loanApplicationId: options.loanApplicationId },
    options.paging,
  );
  return { Items: items.map(toCallRecord), Total: total };
}

export async function getCallRecord(options: { db: Db; caller: Caller; id: string }): Promise<CallRecord> {
  if (!isUuid(options.id)) throw notFound();
  const record = await findCallRecordById(options.db, options.id);
  if (!record) throw notFound();
  assertStaffMay(options.caller, 'application.read', record.marketCountry, { record: true });
  return toCallRecord(record);
}

/** How far ahead a next contact may be planned: a date further out is a typing slip. */
const maxNextContactDays = 366;

/**
 * The agent's wrap-up of a call (issue 38): the outcome, a note and the next contact date, saved once on
 * the record and audited. Needs `call.make` in the call's market, as placing it did; the note stays on the
 * record (the audit entry says only that there is one).
 */
export async function wrapUpCall(options: {
  db: Db;
  caller: Caller;
  id: string;
  body: CallWrapUpBody;
  now: Date;
}): Promise<CallRecord> {
  const { db, caller, body, now } = options;
  if (!isUuid(options.id)) throw notFound();
  const record = await findCallRecordById(db, options.id);
  if (!record) throw notFound();
  const country = record.marketCountry as Country;
  const staff = assertStaffMay(caller, 'call.make', country, { record: true });
  if (body.NextContactDate !== null) {
    const today = now.toISOString().slice(0, 10);
    const latest = new Date(now.getTime() + maxNextContactDays * 86_400_000).toISOString().slice(0, 10);
    if (body.NextContactDate < today) {
      throw fieldError('NextContactDate', 'The next contact date must not be in the past');
    }
    if (body.NextContactDate > latest) {
      throw fieldError('NextContactDate', 'The next contact date must be within a year');
    }
  }
  if (record.outcome !== null) throw conflict('The call has already been wrapped up');
  const note = body.Note.trim();
  return db.transaction(async (tx) => {
    const saved = await saveCallWrapUp(tx, record.id, {
      outcome: body.Outcome,
      wrapUpNote: note === '' ? null : note,
      nextContactDate: body.NextContactDate,
      wrappedUpBy: agentIdOf(staff),
      wrappedUpAt: now,
    });
    // Another save won the race between the read above and this update.
    if (!saved) throw conflict('The call has already been wrapped up');
    await recordAudit(tx, {
      actor: staff,
      action: 'call.wrapUp',
      subjectType: 'call-record',
      subjectId: saved.id,
      loanApplicationId: saved.loanApplicationId,
      country,
      details: { Outcome: body.Outcome, NextContactDate: body.NextContactDate, WithNote: note !== '' },
      at: now,
    });
    return toCallRecord(saved);
  });
}
