import { type BrandConfig, DEFAULT_BRAND_ID, getBrand, isBrandId } from '@nordloan/domain/brands/registry';
import { applicationStatus, isInStatusGroup } from '@nordloan/domain/statuses';
import type { Config } from '#src/config.ts';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { OutboxEventRow } from '#src/db/schema/lending.ts';
import type { MessageRow } from '#src/db/schema/messages.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import type { JobHandlers } from '#src/jobs/worker.ts';
import { serviceUnavailable } from '#src/lib/app-error.ts';
import { findCurrentConsents } from '#src/modules/consent/consent.repository.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import { DeliveryError } from './delivery-error.ts';
import type { EmailSender } from './email-sender.ts';
import { linkBase, storedLinkOrigin } from './link-origin.service.ts';
import {
  documentRequestCount,
  earliestOfferExpiry,
  findMessageById,
  insertMessage,
  markMessageFailed,
  markMessageInFlight,
  markMessageRetrying,
  markMessageSent,
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
  const locale = input.brand.i18n.defaultLocale;
  const rendered = renderMessage({
    kind: input.kind,
    locale,
    brandName: input.brand.name,
    link: input.link,
    details: input.details,
    smsDetail: input.smsDetail,
  });
  const row = await insertMessage(tx, {
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
  });
  if (!row) return undefined;
  await enqueueJob(tx, {
    kind: SEND_MESSAGE_JOB,
    payload: { messageId: row.id },
    runAt: input.now,
    dedupeKey: `message:${input.idempotencyKey}`,
    maxAttempts: MESSAGE_MAX_ATTEMPTS,
  });
  return row;
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
 * the applicant said no on that channel (consent records, modules/consent).
 */
async function allowedChannels(
  tx: Executor,
  input: { customerId: string | null; brand: BrandConfig; purpose: 'transactional' | 'marketing' },
): Promise<MessageChannel[]> {
  const consents = input.customerId
    ? await findCurrentConsents(tx, input.customerId, input.brand.thirdParty.consentBrand)
    : [];
  const statusOf = (channel: MessageChannel): ConsentStatus | undefined =>
    consents.find((record) => record.purpose === input.purpose && record.channel === channel)?.status as
      | ConsentStatus
      | undefined;
  return (['email', 'sms'] as const).filter((channel) =>
    input.purpose === 'marketing'
      ? statusOf(channel) === 'given'
      : statusOf(channel) === undefined || statusOf(channel) === 'given',
  );
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
  const addresses: Record<MessageChannel, string | null | undefined> = {
    email: customer?.email ?? person?.email,
    sms: customer?.phone ?? person?.phone,
  };
  const channels = await allowedChannels(tx, {
    customerId: application.customerId,
    brand,
    purpose: purposeOfKind[input.kind],
  });
  const channel = channels.find(
    (candidate) => addresses[candidate] && channelAvailable(input.config, candidate),
  );
  if (!channel) return undefined;
  return queueMessage(tx, {
    kind: input.kind,
    channel,
    recipient: addresses[channel]!,
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
 * notifications. Keys are per application and kind (offers arrive one by one; the applicant hears once), so an event relayed twice queues nothing twice.
 */
export function messageEventPublisher(config: Config) {
  return async (event: OutboxEventRow, tx: Executor) => {
    const payload = event.payload;
    const notify = async (kind: MessageKind, eventKey: string) => {
      const application = await findApplicationById(tx, event.loanApplicationId);
      if (!application) return undefined;
      return notifyApplicant(tx, { config, application, kind, eventKey, now: event.createdAt });
    };
    if (event.eventName === 'loan-application-status-changed') {
      const to = Number(payload.To);
      if (isInStatusGroup(to, 'Approved')) {
        await notify('offers-arrived', `offers-arrived:${event.loanApplicationId}`);
        await scheduleExpiryReminder(tx, event.loanApplicationId, event.createdAt);
      } else if (to === applicationStatus.offerAccepted) {
        await notify('offer-accepted', `offer-accepted:${event.loanApplicationId}`);
      }
    } else if (event.eventName === 'loan-quote-approved') {
      // Once per application: several lenders asking for papers is one thing for the applicant to do.
      if ((await documentRequestCount(tx, event.aggregateId)) > 0) {
        await notify('documents-needed', `documents-needed:${event.loanApplicationId}`);
      }
    }
  };
}

/** One reminder per application, two days before its first offer runs out (none when that has passed). */
async function scheduleExpiryReminder(tx: Executor, applicationId: string, now: Date) {
  const expiresAt = await earliestOfferExpiry(tx, applicationId, now);
  if (!expiresAt) return;
  const runAt = new Date(expiresAt.getTime() - EXPIRY_REMINDER_LEAD_MS);
  if (runAt <= now) return;
  await enqueueJob(tx, {
    kind: EXPIRY_REMINDER_JOB,
    payload: { loanApplicationId: applicationId },
    runAt,
    dedupeKey: `expiry-reminder:${applicationId}`,
  });
}

/** For callers that send on behalf of a user (magic links): refuse before promising what cannot be sent. */
export function requireChannel(config: Config, channel: MessageChannel) {
  if (!channelAvailable(config, channel)) throw serviceUnavailable('No e-mail or SMS provider is configured');
}
