import { salesCallTag } from '@nordloan/domain/calls';
import { and, asc, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { consentRecord } from '#src/db/schema/applicant.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { agent, callOrder, callRecord } from '#src/db/schema/backoffice.ts';
import { selectPage } from '#src/db/select-page.ts';
import { type AgentRow, workQueueAgentId } from '#src/modules/staff/agent.repository.ts';
import type { CallOrderRow, CallRecordRow, NewCallRecordRow } from '../call.repository.ts';

// Queries of the call routes that the shared back-office repositories do not have: lists over several
// markets (a caller's countries), record updates by our own id, and the "no sales calls" preference.

export interface Paging {
  offset: number;
  limit: number;
}

const stillToCall = sql`NOT EXISTS (SELECT 1 FROM ${callRecord} WHERE ${callRecord.orderId} = ${callOrder.id} AND ${callRecord.answered})`;

/**
 * A sales order whose customer now says no to marketing by phone (issue 13 item 7, ADR 0037): the answer
 * may change after the order was made, so the list asks again every time. The newest answer of the
 * customer wins (a customer record belongs to one brand, so to one consent brand).
 */
const salesCallRefused = sql`(${callOrder.tags} @> ARRAY[${salesCallTag}]::text[] AND EXISTS (
  SELECT 1 FROM ${loanApplication} WHERE ${loanApplication.id} = ${callOrder.loanApplicationId}
    AND (SELECT ${consentRecord.status} FROM ${consentRecord}
      WHERE ${consentRecord.customerId} = ${loanApplication.customerId}
        AND ${consentRecord.purpose} = 'marketing' AND ${consentRecord.channel} = 'phone'
      ORDER BY ${consentRecord.seq} DESC LIMIT 1) IN ('revoked', 'not_given')))`;

/** §3 call list over the caller's markets: orders not yet answered, oldest first (ADR 0013). */
export async function listCallListIn(
  db: Executor,
  countries: readonly string[],
  paging: Paging,
): Promise<{ items: CallOrderRow[]; total: number }> {
  const where = and(
    stillToCall,
    sql`NOT ${salesCallRefused}`,
    inArray(callOrder.marketCountry, [...countries]),
  );
  return selectPage(db, callOrder, {
    where,
    orderBy: [asc(callOrder.createdAt), asc(callOrder.id)],
    ...paging,
  });
}

/** Call records of the caller's markets, optionally of one application, newest first. */
export async function listCallRecordsIn(
  db: Executor,
  filters: { countries: readonly string[]; loanApplicationId?: string | undefined },
  paging: Paging,
): Promise<{ items: CallRecordRow[]; total: number }> {
  const conditions: SQL[] = [inArray(callRecord.marketCountry, [...filters.countries])];
  if (filters.loanApplicationId) conditions.push(eq(callRecord.loanApplicationId, filters.loanApplicationId));
  const where = and(...conditions);
  return selectPage(db, callRecord, {
    where,
    orderBy: [desc(callRecord.createdAt), desc(callRecord.id)],
    ...paging,
  });
}

/** A call that never reported an end is given up after this long (a lost webhook must not block the order). */
export const callGiveUpMs = 60 * 60 * 1000;

/** A call on the order that has not ended yet (one call at a time per order). */
export async function findCallInProgress(
  db: Executor,
  orderId: string,
  now: Date,
): Promise<CallRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(callRecord)
    .where(
      and(
        eq(callRecord.orderId, orderId),
        isNull(callRecord.endedAt),
        gt(callRecord.createdAt, new Date(now.getTime() - callGiveUpMs)),
      ),
    )
    .limit(1);
  return row;
}

export type CallProgress = Partial<
  Pick<
    NewCallRecordRow,
    | 'externalRef'
    | 'initiatedAt'
    | 'answeredAt'
    | 'answered'
    | 'wentToVoicemail'
    | 'endedAt'
    | 'stateDescription'
  >
>;

/**
 * Applies a provider event to the record, unless the call has already ended (a late or repeated webhook
 * changes nothing). Answers the updated row, or undefined when nothing changed.
 */
export async function updateCallInProgress(
  db: Executor,
  id: string,
  changes: CallProgress,
  now: Date,
): Promise<CallRecordRow | undefined> {
  const [row] = await db
    .update(callRecord)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(callRecord.id, id), isNull(callRecord.endedAt)))
    .returning();
  return row;
}

export interface CallWrapUp {
  outcome: string;
  wrapUpNote: string | null;
  nextContactDate: string | null;
  wrappedUpBy: string | null;
  wrappedUpAt: Date;
}

/**
 * Saves the agent's wrap-up on the record, once: a record that already has one is left alone (undefined),
 * so two saves racing keep the first (issue 38).
 */
export async function saveCallWrapUp(
  db: Executor,
  id: string,
  wrapUp: CallWrapUp,
): Promise<CallRecordRow | undefined> {
  const [row] = await db
    .update(callRecord)
    .set({ ...wrapUp, updatedAt: wrapUp.wrappedUpAt })
    .where(and(eq(callRecord.id, id), isNull(callRecord.outcome)))
    .returning();
  return row;
}

/** Agents whose market is one of `countries`, by name. */
export async function listAgentsIn(
  db: Executor,
  countries: readonly string[],
  paging: Paging,
): Promise<{ items: AgentRow[]; total: number }> {
  // The work-queue rules' system agent is no member of staff: nobody lists, enables or calls as it.
  const where = and(inArray(agent.marketCountry, [...countries]), ne(agent.id, workQueueAgentId));
  return selectPage(db, agent, { where, orderBy: [asc(agent.name), asc(agent.id)], ...paging });
}

/**
 * The customer's current answer on marketing by phone for a consent brand (§3 consent: purpose ×
 * channel, newest record wins), or undefined when they never answered.
 */
export async function findPhoneMarketingConsent(
  db: Executor,
  customerId: string,
  consentBrand: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ status: consentRecord.status })
    .from(consentRecord)
    .where(
      and(
        eq(consentRecord.customerId, customerId),
        eq(consentRecord.consentBrand, consentBrand),
        eq(consentRecord.purpose, 'marketing'),
        eq(consentRecord.channel, 'phone'),
      ),
    )
    .orderBy(desc(consentRecord.seq))
    .limit(1);
  return row?.status;
}
