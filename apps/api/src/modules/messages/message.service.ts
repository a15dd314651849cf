import { type BrandConfig, DEFAULT_BRAND_ID, getBrand, isBrandId } from '@nordloan/domain/brands/registry';
import { applicationStatus, isInStatusGroup } from '@nordloan/domain/statuses';
import type { Config } from '#src/config.ts';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { OutboxEventRow } from '#src/db/schema/lending.ts';
import type { MessageRow } from '#src/db/schema/messages.ts';
import { enqueueJob, enqueueJobs } from '#src/jobs/job.repository.ts';
import type { EventPublisher } from '#src/jobs/outbox-relay.ts';
import type { JobHandlers } from '#src/jobs/worker.ts';
import { serviceUnavailable } from '#src/lib/app-error.ts';
import {
  type ConsentRecordRow,
  findCurrentConsents,
  findCurrentConsentsOfCustomers,
} from '#src/modules/consent/consent.repository.ts';
import {
  type CustomerRow,
  findCustomerById,
  findCustomersByIds,
} from '#src/modules/customers/customer.repository.ts';
import {
  findApplicationById,
  findApplicationsByIds,
} from '#src/modules/loan-applications/application-read.repository.ts';
import { findPersonById, findPersonsByIds, type PersonRow } from '#src/modules/persons/person.repository.ts';
import { DeliveryError } from './delivery-error.ts';
import type { EmailSender } from './email-sender.ts';
import { findLinkOrigins } from './link-origin.repository.ts';
import { linkBase, storedLinkOrigin } from './link-origin.service.ts';
import {
  documentRequestCounts,
  earliestOfferExpiries,
  earliestOfferExpiry,
  findMessageById,
  findQueuedMessageKeys,
  insertMessage,
  insertMessages,
  markMessageFailed,
  markMessageInFlight,
  markMessageRetrying,
  markMessageSent,
  type NewMessageRow,
} from './message.repository.ts';
import { type MessageKind, purposeOfKind, renderMessage } from './message-templates.ts';
import type { SmsProvider } from './sms-provider.ts';

// E-mail and SMS through the outbox (docs/decisions/0030-messages.md). Whoever decides to send writes a
// `message` row and its `message.send` job in its own transaction (queueMessage); the worker hands it to
// the provider (deliverMessage). Status notifications come from the outbox events the relay hands on
// (notifyForEvent). Every message has an idempotency key: queued once, and passed to the provider.

export type MessageChannel = 'email' | 'sms';
export const SEND_MESSAGE_JOB = 'message.send';
export const EXPIRY_REMINDER_JOB = 'message.expiry-reminder';
/** Attempts per message: with the worker's backoff (1 s, 2 s, 4 s, … capped at 5 min) about half an hour. */
export const MESSAGE_MAX_ATTEMPTS = 8;
/** The reminder goes this long before the first offer runs out. */
export const EXPIRY_REMINDER_LEAD_MS = 48 * 60 * 60 * 1000;

/** The providers the worker sends through; a channel without one cannot send (production has no SMS yet). */
export interface MessageChannels {
  email: EmailSender | undefined;
  sms: SmsProvider | undefined;
}

/** Whether the config gives `channel` a provider: checked before anything is promised to the caller. */
export function channelAvailable(config: Config, channel: MessageChannel): boolean {
  const localSinks = config.messages.localSinks && config.env !== 'production';
  if (channel === 'email') return config.messages.smtp !== undefined || localSinks;
  return localSinks;
}

export function brandOfApplication(application: Pick<LoanApplicationRow, 'brand'>): BrandConfig {
  return isBrandId(application.brand) ? getBrand(application.brand) : getBrand(DEFAULT_BRAND_ID);
}

/**
 * The personal page of the application's brand: status notifications link there, with no token. At the
 * address the applicant used (`origin`, when it is the brand's own; link-origin.service.ts).
 */
export function personalPageUrl(config: Config, brand: BrandConfig, origin?: string | null): string {
  return `${linkBase(config, brand, origin).personalPage}${brand.paths.myPage}`;
}

export interface QueueMessageInput {
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string;
  brand: BrandConfig;
  loanApplicationId: string | null;
  link: string;
  idempotencyKey: string;
  now: Date;
  /** Lines the sender worked out for this message (the rate watch's basis; renderMessage). */
  details?: readonly string[] | undefined;
  smsDetail?: string | undefined;
}

/**
 * Writes the message and its send job in the caller's transaction: both or neither. A key already queued
 * queues nothing (answers undefined) — a relayed event, a retried request or a rerun job sends once.
 */
export async function queueMessage(tx: Executor, input: QueueMessageInput): Promise<MessageRow | undefined> {
  const row = await insertMessage(tx, messageRowOf(input));
  if (!row) return undefined;
  await enqueueJob(tx, sendJobOf(row, input.now));
  return row;
}

/** queueMessage for many (distinct keys): the messages in one statement, their send jobs in another. */
async function queueMessages(tx: Executor, inputs: readonly QueueMessageInput[]): Promise<void> {
  const rows = await insertMessages(tx, inputs.map(messageRowOf));
  const nowOf = new Map(inputs.map((input) => [input.idempotencyKey, input.now]));
  await enqueueJobs(
    tx,
    rows.map((row) => sendJobOf(row, nowOf.get(row.idempotencyKey)!)),
  );
}

function messageRowOf(input: QueueMessageInput): NewMessageRow {
  const locale = input.brand.i18n.defaultLocale;
  const rendered = renderMessage({
    kind: input.kind,
    locale,
    brandName: input.brand.name,
    link: input.link,
    details: input.details,
    smsDetail: input.smsDetail,
  });
  return {
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    purpose: purposeOfKind[input.kind],
    channel: input.channel,
    recipient: input.channel === 'email' ? input.recipient.toLowerCase() : input.recipient,
    brand: input.brand.brand,
    locale,
    loanApplicationId: input.loanApplicationId,
    subject: input.channel === 'email' ? rendered.subject : null,
    textBody: input.channel === 'email' ? rendered.text : rendered.sms,
    htmlBody: input.channel === 'email' ? rendered.html : null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

function sendJobOf(row: MessageRow, now: Date) {
  return {
    kind: SEND_MESSAGE_JOB,
    payload: { messageId: row.id },
    runAt: now,
    dedupeKey: `message:${row.idempotencyKey}`,
    maxAttempts: MESSAGE_MAX_ATTEMPTS,
  };
}

/** The sender id operators accept: letters and digits (å → a, ø → o, æ → ae), at most 11. */
const smsSenderName = (brand: BrandConfig) =>
  brand.name
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 11) || 'nordloan';

/** The job handlers of this module: sending a queued message, and the offer-expiry reminder. */
export function messageJobHandlers(deps: { channels: MessageChannels; config: Config }): JobHandlers {
  return {
    [SEND_MESSAGE_JOB]: {
      async run({ job, db, now, finish }) {
        const messageId = String(job.payload.messageId);
        const current = await findMessageById(db, messageId);
        // Sent or failed already (a rerun after the commit): nothing to do, nothing sent twice.
        if (!current || current.status === 'sent' || current.status === 'failed') return finish();
        const inFlight = await markMessageInFlight(db, messageId, now());
        if (!inFlight) return finish();
        try {
          const { providerMessageId } = await deliver(deps.channels, inFlight);
          await finish((tx) =>
            markMessageSent(tx, messageId, { providerMessageId, channel: inFlight.channel, now: now() }),
          );
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          if (error instanceof DeliveryError && error.permanent) {
            await finish((tx) =>
              markMessageFailed(tx, messageId, {
                error: reason,
                bounced: inFlight.channel === 'email',
                now: now(),
              }),
            );
            return;
          }
          await markMessageRetrying(db, messageId, reason, now());
          throw error;
        }
      },
      async onFinalFailure({ job, tx, now, error }) {
        await markMessageFailed(tx, String(job.payload.messageId), {
          error: error instanceof Error ? error.message : String(error),
          bounced: false,
          now,
        });
      },
    },
    [EXPIRY_REMINDER_JOB]: {
      async run({ job, now, finish }) {
        const applicationId = String(job.payload.loanApplicationId);
        await finish(async (tx) => {
          const application = await findApplicationById(tx, applicationId);
          // Only while the applicant still has offers to accept and one of them is still open.
          if (!application || !isInStatusGroup(application.status, 'Approved')) return;
          if (!(await earliestOfferExpiry(tx, applicationId, now()))) return;
          await notifyApplicant(tx, {
            config: deps.config,
            application,
            kind: 'expiry-reminder',
            eventKey: `expiry-reminder:${applicationId}`,
            now: now(),
          });
        });
      },
    },
  };
}

async function deliver(channels: MessageChannels, row: MessageRow) {
  const brand = isBrandId(row.brand) ? getBrand(row.brand) : getBrand(DEFAULT_BRAND_ID);
  if (row.channel === 'email') {
    if (!channels.email) throw new DeliveryError('No e-mail provider is configured', false);
    return channels.email.send({
      from: { name: brand.name, address: `no-reply@${brand.domain}` },
      to: row.recipient,
      subject: row.subject ?? '',
      text: row.textBody ?? '',
      html: row.htmlBody ?? '',
      idempotencyKey: row.idempotencyKey,
    });
  }
  if (!channels.sms) throw new DeliveryError('No SMS provider is configured', false);
  return channels.sms.send({
    to: row.recipient,
    senderName: smsSenderName(brand),
    text: row.textBody ?? '',
    idempotencyKey: row.idempotencyKey,
  });
}

type ConsentStatus = 'given' | 'not_given' | 'revoked';

/**
 * The channels the applicant lets us use for `purpose`, in order of preference (e-mail first: it carries
 * more, costs less). Marketing needs the consent given on that channel; a transactional message goes unless
 * the applicant said no on that channel (`consents`: the customer's current records, modules/consent).
 */
function allowedChannels(
  consents: readonly ConsentRecordRow[],
  purpose: 'transactional' | 'marketing',
): MessageChannel[] {
  const statusOf = (channel: MessageChannel): ConsentStatus | undefined =>
    consents.find((record) => record.purpose === purpose && record.channel === channel)?.status as
      | ConsentStatus
      | undefined;
  return (['email', 'sms'] as const).filter((channel) =>
    purpose === 'marketing'
      ? statusOf(channel) === 'given'
      : statusOf(channel) === undefined || statusOf(channel) === 'given',
  );
}

/** Who the applicant is to the notifications: their customer record, person and current consents. */
export interface ApplicantContact {
  customer: CustomerRow | undefined;
  person: PersonRow | undefined;
  consents: readonly ConsentRecordRow[];
}

/**
 * The first channel the applicant allows for `kind` that we have an address for and a provider of, and that
 * address (undefined: none, and nothing is sent, on purpose).
 */
export function channelFor(
  config: Config,
  contact: ApplicantContact,
  kind: MessageKind,
): { channel: MessageChannel; recipient: string } | undefined {
  const addresses: Record<MessageChannel, string | null | undefined> = {
    email: contact.customer?.email ?? contact.person?.email,
    sms: contact.customer?.phone ?? contact.person?.phone,
  };
  const channel = allowedChannels(contact.consents, purposeOfKind[kind]).find(
    (candidate) => addresses[candidate] && channelAvailable(config, candidate),
  );
  return channel ? { channel, recipient: addresses[channel]! } : undefined;
}

/**
 * Tells the applicant of an application about `kind` on the first channel they allow and we have an
 * address for (status notifications: one message, not one per channel). Answers the message queued, or
 * undefined when preferences or missing addresses leave no way (then nothing is sent, on purpose).
 */
export async function notifyApplicant(
  tx: Executor,
  input: { config: Config; application: LoanApplicationRow; kind: MessageKind; eventKey: string; now: Date },
): Promise<MessageRow | undefined> {
  const { application } = input;
  const brand = brandOfApplication(application);
  const customer = application.customerId ? await findCustomerById(tx, application.customerId) : undefined;
  const person = application.personId ? await findPersonById(tx, application.personId) : undefined;
  const consents = application.customerId
    ? await findCurrentConsents(tx, application.customerId, brand.thirdParty.consentBrand)
    : [];
  const way = channelFor(input.config, { customer, person, consents }, input.kind);
  if (!way) return undefined;
  return queueMessage(tx, {
    kind: input.kind,
    ...way,
    brand,
    loanApplicationId: application.id,
    // No request here (the relay, a job): the address the applicant applied on, stored with the application.
    link: personalPageUrl(input.config, brand, await storedLinkOrigin(tx, application.id)),
    // One per event and application, whichever channel: a rerun after a preference change sends no second.
    idempotencyKey: input.eventKey,
    now: input.now,
  });
}

/**
 * The outbox relay's consumer (jobs/outbox-relay.ts), in the relay's transaction: status events become
 * notifications. Keys are per application and kind (offers arrive one by one; the applicant hears once), so
 * an event relayed twice queues nothing twice. The relay hands it a batch at once (publishBatch, ADR 0085).
 */
export function messageEventPublisher(config: Config): EventPublisher {
  const publish: EventPublisher = (event, tx) => notifyForEvents(tx, config, [event]);
  publish.publishBatch = (events, tx) => notifyForEvents(tx, config, events);
  return publish;
}

/** A notification an event asks for; `quoteId`: only if that quote asks for documents. */
interface AskedNotification {
  kind: MessageKind;
  key: string;
  applicationId: string;
  now: Date;
  quoteId?: string;
}

/**
 * The notifications and expiry reminders of a batch of events, with the reads made once for the batch —
 * what event by event was read for each (the application, its customer, person, consents and link origin,
 * the quote's document requests, the offers' expiry). The outcome is the same as event by event: a key
 * queued already, or earlier in the batch, queues nothing again (the insert would have found it there).
 */
async function notifyForEvents(tx: Executor, config: Config, events: readonly OutboxEventRow[]) {
  const asked: AskedNotification[] = [];
  const reminders: { applicationId: string; now: Date }[] = [];
  for (const event of events) {
    const ask = (kind: MessageKind, quoteId?: string) =>
      asked.push({
        kind,
        key: `${kind}:${event.loanApplicationId}`,
        applicationId: event.loanApplicationId,
        now: event.createdAt,
        ...(quoteId ? { quoteId } : {}),
      });
    if (event.eventName === 'loan-application-status-changed') {
      const to = Number(event.payload.To);
      if (isInStatusGroup(to, 'Approved')) {
        ask('offers-arrived');
        reminders.push({ applicationId: event.loanApplicationId, now: event.createdAt });
      } else if (to === applicationStatus.offerAccepted) {
        ask('offer-accepted');
      }
    } else if (event.eventName === 'loan-quote-approved') {
      // Once per application: several lenders asking for papers is one thing for the applicant to do.
      ask('documents-needed', event.aggregateId);
    }
  }
  await scheduleExpiryReminders(tx, reminders);
  if (asked.length === 0) return;

  const queued = await findQueuedMessageKeys(tx, [...new Set(asked.map((each) => each.key))]);
  const open = asked.filter((each) => !queued.has(each.key));
  const quoteIds = open.flatMap((each) => (each.quoteId ? [each.quoteId] : []));
  const documentRequests = await documentRequestCounts(tx, quoteIds);
  const toSend = new Map<string, AskedNotification>();
  for (const each of open) {
    if (each.quoteId && !(documentRequests.get(each.quoteId)! > 0)) continue;
    if (!toSend.has(each.key)) toSend.set(each.key, each);
  }
  if (toSend.size === 0) return;

  const applications = await findApplicationsByIds(tx, [
    ...new Set([...toSend.values()].map((each) => each.applicationId)),
  ]);
  const present = [...applications.values()];
  const customerIds = present.flatMap((row) => (row.customerId ? [row.customerId] : []));
  const customers = await findCustomersByIds(tx, [...new Set(customerIds)]);
  const persons = await findPersonsByIds(tx, [
    ...new Set(present.flatMap((row) => (row.personId ? [row.personId] : []))),
  ]);
  const consents = await findCurrentConsentsOfCustomers(
    tx,
    [...new Set(customerIds)],
    [...new Set(present.map((row) => brandOfApplication(row).thirdParty.consentBrand))],
  );
  const origins = await findLinkOrigins(tx, [...applications.keys()]);
  const messages: QueueMessageInput[] = [];
  for (const each of toSend.values()) {
    const application = applications.get(each.applicationId);
    if (!application) continue;
    const brand = brandOfApplication(application);
    const contact: ApplicantContact = {
      customer: application.customerId ? customers.get(application.customerId) : undefined,
      person: application.personId ? persons.get(application.personId) : undefined,
      consents: consents.filter(
        (record) =>
          record.customerId === application.customerId &&
          record.consentBrand === brand.thirdParty.consentBrand,
      ),
    };
    const way = channelFor(config, contact, each.kind);
    if (!way) continue;
    messages.push({
      kind: each.kind,
      ...way,
      brand,
      loanApplicationId: application.id,
      link: personalPageUrl(config, brand, origins.get(application.id) ?? null),
      idempotencyKey: each.key,
      now: each.now,
    });
  }
  await queueMessages(tx, messages);
}

/**
 * One reminder per application, two days before its first offer runs out (none when that has passed): for
 * each event that asks, by its own time; the first that makes one is queued (its dedupe key keeps it one).
 */
async function scheduleExpiryReminders(tx: Executor, asked: readonly { applicationId: string; now: Date }[]) {
  const expiries = await earliestOfferExpiries(tx, asked);
  const reminders = new Map<string, Date>();
  asked.forEach(({ applicationId, now }, index) => {
    const expiresAt = expiries[index];
    if (!expiresAt || reminders.has(applicationId)) return;
    const runAt = new Date(expiresAt.getTime() - EXPIRY_REMINDER_LEAD_MS);
    if (runAt > now) reminders.set(applicationId, runAt);
  });
  await enqueueJobs(
    tx,
    [...reminders].map(([applicationId, runAt]) => ({
      kind: EXPIRY_REMINDER_JOB,
      payload: { loanApplicationId: applicationId },
      runAt,
      dedupeKey: `expiry-reminder:${applicationId}`,
    })),
  );
}

/** For callers that send on behalf of a user (magic links): refuse before promising what cannot be sent. */
export function requireChannel(config: Config, channel: MessageChannel) {
  if (!channelAvailable(config, channel)) throw serviceUnavailable('No e-mail or SMS provider is configured');
}
