import { and, asc, eq, gt, inArray, min, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { loanQuote } from '#src/db/schema/lending.ts';
import { type MessageRow, message } from '#src/db/schema/messages.ts';
import { rowsOf } from '#src/jobs/job.repository.ts';

// SQL of the message table (migrations/0014_messages.sql). The rendered content is erased whenever a
// message reaches its final status: the recipient's inbox is the copy, and a magic link's text is a key.

export type NewMessageRow = typeof message.$inferInsert;

/** Inserts a message; one with the same idempotency key already there wins (answers undefined). */
export async function insertMessage(db: Executor, values: NewMessageRow): Promise<MessageRow | undefined> {
  const [row] = await db
    .insert(message)
    .values(values)
    .onConflictDoNothing({ target: message.idempotencyKey })
    .returning();
  return row;
}

/**
 * insertMessage for many, in one statement (distinct keys): answers the rows inserted — a key already
 * there is left out, as with insertMessage.
 */
export async function insertMessages(db: Executor, values: readonly NewMessageRow[]): Promise<MessageRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(message)
    .values([...values])
    .onConflictDoNothing({ target: message.idempotencyKey })
    .returning();
}

/** Which of `keys` a message was queued under already. */
export async function findQueuedMessageKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: message.idempotencyKey })
    .from(message)
    .where(inArray(message.idempotencyKey, [...keys]));
  return new Set(rows.map((row) => row.key));
}

export async function findMessageById(db: Executor, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(message).where(eq(message.id, id));
  return row;
}

export async function findMessageByKey(
  db: Executor,
  idempotencyKey: string,
): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(message).where(eq(message.idempotencyKey, idempotencyKey));
  return row;
}

export async function listMessagesOfApplication(db: Executor, applicationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(message)
    .where(eq(message.loanApplicationId, applicationId))
    .orderBy(asc(message.createdAt), asc(message.idempotencyKey));
}

/**
 * Marks an attempt as handed to the provider, committed before the provider is called: after a crash the
 * row says in_flight, and the next attempt resends with the same idempotency key.
 */
export async function markMessageInFlight(
  db: Executor,
  id: string,
  now: Date,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(message)
    .set({ status: 'in_flight', attempts: sqlIncrement(), updatedAt: now })
    .where(and(eq(message.id, id), inArray(message.status, ['new', 'in_flight'])))
    .returning();
  return row;
}

/** A temporary failure: back to new, to be retried by the job's backoff. */
export async function markMessageRetrying(db: Executor, id: string, error: string, now: Date) {
  await db
    .update(message)
    .set({ status: 'new', lastError: error, updatedAt: now })
    .where(and(eq(message.id, id), eq(message.status, 'in_flight')));
}

const erasedContent = { subject: null, textBody: null, htmlBody: null };

/**
 * What a finished message keeps of its address: enough to recognise it ("a***@example.no", "+47*****61"),
 * not to reach anyone. The full address lives in the row only while the message waits to be sent.
 */
export function maskedAddress(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  return `${recipient.slice(0, 3)}${'*'.repeat(Math.max(0, recipient.length - 5))}${recipient.slice(-2)}`;
}

const maskedRecipient = sql`CASE WHEN position('@' in ${message.recipient}) > 1
  THEN left(${message.recipient}, 1) || '***' || substr(${message.recipient}, position('@' in ${message.recipient}))
  ELSE left(${message.recipient}, 3) || repeat('*', greatest(0, length(${message.recipient}) - 5)) || right(${message.recipient}, 2)
END`;

export async function markMessageSent(
  db: Executor,
  id: string,
  input: { providerMessageId: string; channel: string; now: Date },
) {
  await db
    .update(message)
    .set({
      ...erasedContent,
      recipient: maskedRecipient,
      status: 'sent',
      emailEvent: input.channel === 'email' ? 'sent' : null,
      providerMessageId: input.providerMessageId,
      lastError: null,
      sentAt: input.now,
      updatedAt: input.now,
    })
    .where(eq(message.id, id));
}

export async function markMessageFailed(
  db: Executor,
  id: string,
  input: { error: string; bounced: boolean; now: Date },
) {
  await db
    .update(message)
    .set({
      ...erasedContent,
      recipient: maskedRecipient,
      status: 'failed',
      emailEvent: input.bounced ? 'bounced' : null,
      lastError: input.error,
      updatedAt: input.now,
    })
    .where(and(eq(message.id, id), inArray(message.status, ['new', 'in_flight'])));
}

/** When the first still-open offer of an application runs out (for the expiry reminder). */
export async function earliestOfferExpiry(db: Executor, applicationId: string, now: Date) {
  const [row] = await db
    .select({ expiresAt: min(loanQuote.expiresAt) })
    .from(loanQuote)
    .where(
      and(
        eq(loanQuote.loanApplicationId, applicationId),
        eq(loanQuote.status, 'approved'),
        gt(loanQuote.expiresAt, now),
      ),
    );
  return row?.expiresAt ? new Date(row.expiresAt) : undefined;
}

/**
 * earliestOfferExpiry for many applications, each at a time of its own, in one statement: answers, in the
 * order asked, when each one's first still-open offer runs out (undefined: none open).
 */
export async function earliestOfferExpiries(
  db: Executor,
  asked: readonly { applicationId: string; now: Date }[],
): Promise<(Date | undefined)[]> {
  if (asked.length === 0) return [];
  const rows = JSON.stringify(
    asked.map((each, index) => ({ i: index, id: each.applicationId, now: each.now })),
  );
  const result = await db.execute(sql`SELECT v.i, (SELECT min(${loanQuote.expiresAt}) FROM ${loanQuote}
      WHERE ${loanQuote.loanApplicationId} = v.id AND ${loanQuote.status} = 'approved' AND ${loanQuote.expiresAt} > v.now) AS expires_at
    FROM jsonb_to_recordset(${rows}::jsonb) AS v(i integer, id uuid, now timestamptz)`);
  const expiries: (Date | undefined)[] = asked.map(() => undefined);
  for (const row of rowsOf<{ i: number; expires_at: string | Date | null }>(result)) {
    if (row.expires_at) expiries[row.i] = new Date(row.expires_at);
  }
  return expiries;
}

/** How many documents each quote asks of the applicant (for "documents needed"), in one statement. */
export async function documentRequestCounts(
  db: Executor,
  quoteIds: readonly string[],
): Promise<Map<string, number>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await db
    .select({ id: loanQuote.id, documentRequests: loanQuote.documentRequests })
    .from(loanQuote)
    .where(inArray(loanQuote.id, [...quoteIds]));
  return new Map(
    rows.map((row) => [
      row.id,
      row.documentRequests.filter((request) => request.status === 'pending').length,
    ]),
  );
}

/** How many documents a quote asks of the applicant (for "documents needed"). */
export async function documentRequestCount(db: Executor, quoteId: string): Promise<number> {
  const [row] = await db
    .select({ documentRequests: loanQuote.documentRequests })
    .from(loanQuote)
    .where(eq(loanQuote.id, quoteId));
  return row?.documentRequests.filter((request) => request.status === 'pending').length ?? 0;
}

function sqlIncrement() {
  return sql`${message.attempts} + 1`;
}
