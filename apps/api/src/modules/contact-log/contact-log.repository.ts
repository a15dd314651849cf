import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { notification } from '#src/db/schema/applicant.ts';
import { callRecord } from '#src/db/schema/backoffice.ts';
import { message } from '#src/db/schema/messages.ts';

// Issue 13 item 7 (ADR 0037): the contacts of one application, read-only. Only the columns the log shows
// are selected — never a message body.

export async function listMessageContacts(db: Executor, applicationId: string) {
  return db
    .select({
      kind: message.kind,
      channel: message.channel,
      recipient: message.recipient,
      status: message.status,
      createdAt: message.createdAt,
      sentAt: message.sentAt,
    })
    .from(message)
    .where(eq(message.loanApplicationId, applicationId))
    .orderBy(desc(message.createdAt));
}

/**
 * Notifications that no message stands for: a magic link queues both a notification and a message
 * (`magic-link:<link id>`), and the message is the contact; a notification without one (a channel with no
 * provider, or one older than the outbox) is listed on its own.
 */
export async function listNotificationContacts(db: Executor, applicationId: string) {
  return db
    .select({
      kind: notification.kind,
      channel: notification.channel,
      recipient: notification.recipient,
      status: notification.status,
      createdAt: notification.createdAt,
    })
    .from(notification)
    .where(
      and(
        eq(notification.loanApplicationId, applicationId),
        or(
          isNull(notification.magicLinkId),
          sql`NOT EXISTS (SELECT 1 FROM ${message} WHERE ${message.idempotencyKey} = 'magic-link:' || ${notification.magicLinkId}::text)`,
        ),
      ),
    )
    .orderBy(desc(notification.createdAt));
}

/** Outbound calls to the applicant about the application. */
export async function listCallContacts(db: Executor, applicationId: string) {
  return db
    .select({
      phone: callRecord.customerPhoneNumber,
      tags: callRecord.tags,
      answered: callRecord.answered,
      endedAt: callRecord.endedAt,
      initiatedAt: callRecord.initiatedAt,
      createdAt: callRecord.createdAt,
    })
    .from(callRecord)
    .where(and(eq(callRecord.loanApplicationId, applicationId), eq(callRecord.outbound, true)))
    .orderBy(desc(callRecord.createdAt));
}
