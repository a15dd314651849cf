import { and, asc, type Column, desc, eq, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import {
  insertRowsAsJson,
  jsonRows,
  parsedJson,
  qualified,
  rowFromJson,
  rowsFromJsonResult,
} from '#src/db/json-rows.ts';
import { preparedPerHandle } from '#src/db/prepared-per-handle.ts';
import { debt, type LoanApplicationRow, loanApplication } from '#src/db/schema/applications.ts';
import {
  externalData,
  type LoanQuoteRow,
  type LoanRequestRow,
  loanQuote,
  loanQuoteConsent,
  loanRequest,
  productRecommendation,
} from '#src/db/schema/lending.ts';

// SQL of the lending engine: loan requests, quotes, recommendations, external
// data, consents, and the debt-register rows (source 2) it writes into the application's debts.

// ── Loan requests ───────────────────────────────────────────────────────────────────────────────────

/** Creates the requests that do not exist yet (a retried fan-out creates nothing twice). */
export async function insertLoanRequests(
  db: Executor,
  input: { applicationId: string; lenderIds: string[]; now: Date },
): Promise<void> {
  if (input.lenderIds.length === 0) return;
  await db
    .insert(loanRequest)
    .values(
      input.lenderIds.map((lenderId) => ({
        loanApplicationId: input.applicationId,
        lenderId,
        status: 211,
        createdAt: input.now,
        updatedAt: input.now,
      })),
    )
    .onConflictDoNothing();
}

/** insertLoanRequests for several applications in one statement. */
export async function insertLoanRequestsOf(
  db: Executor,
  input: { requests: ReadonlyArray<{ applicationId: string; lenderIds: readonly string[] }>; now: Date },
): Promise<void> {
  const values = input.requests.flatMap(({ applicationId, lenderIds }) =>
    lenderIds.map((lenderId) => ({
      loanApplicationId: applicationId,
      lenderId,
      status: 211,
      createdAt: input.now,
      updatedAt: input.now,
    })),
  );
  if (values.length === 0) return;
  await db.execute(insertRowsAsJson(loanRequest, values, { onConflictDoNothing: true }));
}

export async function findLoanRequest(db: Executor, id: string): Promise<LoanRequestRow | undefined> {
  const [row] = await db.select().from(loanRequest).where(eq(loanRequest.id, id));
  return row;
}

export async function findLoanRequestForUpdate(
  db: Executor,
  id: string,
): Promise<LoanRequestRow | undefined> {
  const [row] = await db.select().from(loanRequest).where(eq(loanRequest.id, id)).for('update');
  return row;
}

/** The id of the application a request belongs to, as a sub-select (e.g. to lock that application by it). */
export function applicationIdOfRequest(requestId: string): SQL {
  return sql`SELECT ${loanRequest.loanApplicationId} FROM ${loanRequest} WHERE ${loanRequest.id} = ${requestId}`;
}

/** An application's loan requests by lender id; `forUpdate`: held until the transaction ends (take the
 * application's row lock first). */
export async function listLoanRequests(
  db: Executor,
  applicationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<LoanRequestRow[]> {
  const query = db
    .select()
    .from(loanRequest)
    .where(eq(loanRequest.loanApplicationId, applicationId))
    .orderBy(asc(loanRequest.lenderId));
  return options.forUpdate ? query.for('update') : query;
}

/**
 * The requests of several applications, each application's by lender id (as listLoanRequests), in one
 * statement; `forUpdate`: held until the transaction ends (take the applications' row locks first).
 */
export async function listLoanRequestsOfApplications(
  db: Executor,
  applicationIds: readonly string[],
  options: { forUpdate?: boolean } = {},
): Promise<Map<string, LoanRequestRow[]>> {
  const byApplication = new Map<string, LoanRequestRow[]>(applicationIds.map((id) => [id, []]));
  if (applicationIds.length === 0) return byApplication;
  const query = db
    .select()
    .from(loanRequest)
    .where(inArray(loanRequest.loanApplicationId, [...applicationIds]))
    .orderBy(asc(loanRequest.loanApplicationId), asc(loanRequest.lenderId));
  for (const row of await (options.forUpdate ? query.for('update') : query)) {
    byApplication.get(row.loanApplicationId)?.push(row);
  }
  return byApplication;
}

/** Requests by id, in one statement (the calls of a batch of lender jobs). */
export async function listLoanRequestsByIds(db: Executor, ids: readonly string[]): Promise<LoanRequestRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(loanRequest)
    .where(inArray(loanRequest.id, [...ids]));
}

/** How many quotes in `status` each of the applications has (absent: none), in one statement. */
export async function countQuotesOfApplications(
  db: Executor,
  applicationIds: readonly string[],
  status: string,
): Promise<Map<string, number>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({ applicationId: loanQuote.loanApplicationId, count: sql<number>`count(*)::integer` })
    .from(loanQuote)
    .where(and(inArray(loanQuote.loanApplicationId, [...applicationIds]), eq(loanQuote.status, status)))
    .groupBy(loanQuote.loanApplicationId);
  return new Map(rows.map((row) => [row.applicationId, Number(row.count)]));
}

/** One request's new status and the fields that change with it (a field left out keeps its value). */
export interface LoanRequestChange {
  id: string;
  status: number;
  reasonCode?: string | null | undefined;
  reason?: string | null | undefined;
  externalReference?: string | null | undefined;
  registeredAt?: Date | null | undefined;
  decidedAt?: Date | null | undefined;
}

/** The fields a LoanRequestChange may set besides its status, and their columns. */
const requestChangeColumns = [
  ['reasonCode', 'reason_code'],
  ['reason', 'reason'],
  ['externalReference', 'external_reference'],
  ['registeredAt', 'registered_at'],
  ['decidedAt', 'decided_at'],
] as const;

/**
 * Changes several requests in one statement (`UPDATE … FROM jsonb_to_recordset(…)`): the lenders of one job
 * answered together (ADR 0044), a batch's hundreds (ADR 0047). As with `updateLoanRequest`, a field a
 * change leaves out keeps its value and one given as null is cleared: each row lists the fields it sets.
 */
export async function updateLoanRequests(
  db: Executor,
  changes: readonly LoanRequestChange[],
  now: Date,
): Promise<LoanRequestRow[]> {
  if (changes.length === 0) return [];
  const rows = changes.map((change) => {
    const row: Record<string, unknown> = { id: change.id, status: change.status, given: [] as string[] };
    for (const [key, column] of requestChangeColumns) {
      const value = change[key];
      if (value === undefined) continue;
      row[column] = value instanceof Date ? value.toISOString() : value;
      (row.given as string[]).push(column);
    }
    return row;
  });
  // The column names are this module's constants above, never input.
  const givenOr = (column: (typeof requestChangeColumns)[number][1], current: Column) =>
    sql`CASE WHEN ${sql.raw(`'${column}'`)} = ANY(v.given) THEN ${sql.raw(`v.${column}`)} ELSE ${current} END`;
  return db
    .update(loanRequest)
    .set({
      status: sql`v.status`,
      reasonCode: givenOr('reason_code', loanRequest.reasonCode),
      reason: givenOr('reason', loanRequest.reason),
      externalReference: givenOr('external_reference', loanRequest.externalReference),
      registeredAt: givenOr('registered_at', loanRequest.registeredAt),
      decidedAt: givenOr('decided_at', loanRequest.decidedAt),
      updatedAt: now,
    })
    .from(
      sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, status integer, given text[], reason_code text, reason text, external_reference text, registered_at timestamptz, decided_at timestamptz)`,
    )
    .where(eq(loanRequest.id, sql`v.id`))
    .returning();
}

export async function updateLoanRequest(
  db: Executor,
  id: string,
  changes: Partial<Omit<typeof loanRequest.$inferInsert, 'id' | 'loanApplicationId' | 'lenderId'>>,
): Promise<LoanRequestRow> {
  const [row] = await db.update(loanRequest).set(changes).where(eq(loanRequest.id, id)).returning();
  return row!;
}

/** For each of `applicationIds`, its lenders with a request in `statuses` (for the 361 duplicate decline). */
export async function openRequestLenderIdsOf(
  db: Executor,
  input: { applicationIds: readonly string[]; statuses: readonly number[] },
): Promise<Map<string, Set<string>>> {
  const byApplication = new Map<string, Set<string>>();
  if (input.applicationIds.length === 0) return byApplication;
  const rows = await db
    .selectDistinct({ applicationId: loanRequest.loanApplicationId, lenderId: loanRequest.lenderId })
    .from(loanRequest)
    .where(
      and(
        inArray(loanRequest.loanApplicationId, [...input.applicationIds]),
        inArray(loanRequest.status, [...input.statuses]),
      ),
    );
  for (const row of rows) {
    const lenders = byApplication.get(row.applicationId) ?? new Set<string>();
    lenders.add(row.lenderId);
    byApplication.set(row.applicationId, lenders);
  }
  return byApplication;
}

// ── Quotes ──────────────────────────────────────────────────────────────────────────────────────────

export type NewLoanQuoteRow = typeof loanQuote.$inferInsert;

/** Inserts a quote unless its (request, origin) exists: answers the stored row either way and whether it is new. */
export async function insertQuoteOnce(
  db: Executor,
  values: NewLoanQuoteRow,
): Promise<{ quote: LoanQuoteRow; created: boolean }> {
  const [created] = await db.insert(loanQuote).values(values).onConflictDoNothing().returning();
  if (created) return { quote: created, created: true };
  const [existing] = await db
    .select()
    .from(loanQuote)
    .where(and(eq(loanQuote.loanRequestId, values.loanRequestId), eq(loanQuote.originKey, values.originKey)));
  return { quote: existing!, created: false };
}

/**
 * Several quotes in one insert (the offers of one job's lenders, ADR 0044), each at most once per request
 * and origin as `insertQuoteOnce`: answers each row's quote in `rows`' order, and whether it was created now.
 */
export async function insertQuotesOnce(
  db: Executor,
  rows: readonly NewLoanQuoteRow[],
): Promise<Array<{ quote: LoanQuoteRow; created: boolean }>> {
  if (rows.length === 0) return [];
  const key = (quote: { loanRequestId: string; originKey: string }) =>
    `${quote.loanRequestId}\n${quote.originKey}`;
  // One jsonb parameter for the batch's offers (many rows of many columns: ADR 0047).
  const created = new Map(
    rowsFromJsonResult(
      loanQuote,
      await db.execute(insertRowsAsJson(loanQuote, rows, { onConflictDoNothing: true, returning: true })),
    ).map((quote) => [key(quote), quote]),
  );
  const missing = rows.filter((row) => !created.has(key(row)));
  const existing = new Map(
    missing.length === 0
      ? []
      : (
          await db
            .select()
            .from(loanQuote)
            .where(
              inArray(
                loanQuote.loanRequestId,
                missing.map((row) => row.loanRequestId),
              ),
            )
        ).map((quote) => [key(quote), quote]),
  );
  return rows.map((row) => {
    const made = created.get(key(row));
    return made ? { quote: made, created: true } : { quote: existing.get(key(row))!, created: false };
  });
}

export async function findQuote(db: Executor, id: string): Promise<LoanQuoteRow | undefined> {
  const [row] = await db.select().from(loanQuote).where(eq(loanQuote.id, id));
  return row;
}

export async function listQuotes(
  db: Executor,
  applicationId: string,
  statuses?: readonly string[],
): Promise<LoanQuoteRow[]> {
  const conditions = [eq(loanQuote.loanApplicationId, applicationId)];
  if (statuses) conditions.push(inArray(loanQuote.status, [...statuses]));
  return db
    .select()
    .from(loanQuote)
    .where(and(...conditions))
    .orderBy(asc(loanQuote.createdAt), asc(loanQuote.lenderId), asc(loanQuote.originKey));
}

// The quotes and the loan requests of the outer application row, each in the order of listQuotes and
// listLoanRequests, as columns of one statement (issue 12: the quotes presentation's round trips).
const quotesOfApplication = jsonRows(loanQuote, {
  where: sql`${qualified(loanQuote.loanApplicationId)} = ${qualified(loanApplication.id)}`,
  orderBy: sql`${qualified(loanQuote.createdAt)} ASC, ${qualified(loanQuote.lenderId)} ASC, ${qualified(loanQuote.originKey)} ASC`,
});
const requestsOfApplication = jsonRows(loanRequest, {
  where: sql`${qualified(loanRequest.loanApplicationId)} = ${qualified(loanApplication.id)}`,
  orderBy: sql`${qualified(loanRequest.lenderId)} ASC`,
});

// Prepared once per database handle: the personal page asks for it every few seconds while offers come in.
// The application row comes in the same statement (its access check needs it), all as one json column.
const selectApplicationQuotesAndRequests = preparedPerHandle((db) =>
  db
    .select({
      found: sql<unknown>`json_build_object('row', to_json(${loanApplication}), 'quotes', ${quotesOfApplication.select}, 'requests', ${requestsOfApplication.select})`,
    })
    .from(loanApplication)
    .where(eq(loanApplication.id, sql.placeholder('id')))
    .prepare('read_application_quotes_and_requests'),
);

/**
 * An application with every quote (as listQuotes without a status filter) and every loan request, in one
 * statement; undefined when there is no such application. For loadApplicationWithForCaller's `read`.
 */
export async function findApplicationWithQuotesAndRequests(
  db: Executor,
  applicationId: string,
): Promise<{ row: LoanApplicationRow; quotes: LoanQuoteRow[]; requests: LoanRequestRow[] } | undefined> {
  const [selected] = await selectApplicationQuotesAndRequests(db).execute({ id: applicationId });
  if (!selected) return undefined;
  const found = parsedJson<{ row: Record<string, unknown>; quotes: unknown; requests: unknown }>(
    selected.found,
  );
  return {
    row: rowFromJson(loanApplication, found.row),
    quotes: quotesOfApplication.read(found.quotes),
    requests: requestsOfApplication.read(found.requests),
  };
}

export async function updateQuote(
  db: Executor,
  id: string,
  changes: Partial<Omit<NewLoanQuoteRow, 'id' | 'loanApplicationId' | 'loanRequestId'>>,
): Promise<LoanQuoteRow> {
  const [row] = await db.update(loanQuote).set(changes).where(eq(loanQuote.id, id)).returning();
  return row!;
}

/** Moves every quote of the application in `fromStatuses` to `status`; answers the changed rows. */
export async function updateQuotesOfApplication(
  db: Executor,
  input: {
    applicationId: string;
    fromStatuses: readonly string[];
    status: string;
    now: Date;
    exceptId?: string;
  },
): Promise<LoanQuoteRow[]> {
  const conditions = [
    eq(loanQuote.loanApplicationId, input.applicationId),
    inArray(loanQuote.status, [...input.fromStatuses]),
  ];
  if (input.exceptId) conditions.push(sql`${loanQuote.id} <> ${input.exceptId}`);
  return db
    .update(loanQuote)
    .set({ status: input.status, updatedAt: input.now })
    .where(and(...conditions))
    .returning();
}

// ── Recommendations, external data, consent ─────────────────────────────────────────────────────────

export async function insertRecommendation(db: Executor, values: typeof productRecommendation.$inferInsert) {
  const [row] = await db.insert(productRecommendation).values(values).returning();
  return row!;
}

export async function findLatestRecommendation(db: Executor, applicationId: string) {
  const [row] = await db
    .select()
    .from(productRecommendation)
    .where(eq(productRecommendation.loanApplicationId, applicationId))
    .orderBy(desc(productRecommendation.createdAt), desc(productRecommendation.id))
    .limit(1);
  return row;
}

export async function upsertExternalData(
  db: Executor,
  values: {
    loanApplicationId: string;
    source: string;
    status: string;
    payload: Record<string, unknown>;
    fetchedAt: Date;
  },
) {
  await db
    .insert(externalData)
    .values(values)
    .onConflictDoUpdate({
      target: [externalData.loanApplicationId, externalData.source],
      set: { status: values.status, payload: values.payload, fetchedAt: values.fetchedAt },
    });
}

/** upsertExternalData for many rows (several applications and sources), in one statement. */
export async function upsertExternalDataRows(
  db: Executor,
  rows: ReadonlyArray<{
    loanApplicationId: string;
    source: string;
    status: string;
    payload: Record<string, unknown>;
    fetchedAt: Date;
  }>,
) {
  if (rows.length === 0) return;
  await db
    .insert(externalData)
    .values([...rows])
    .onConflictDoUpdate({
      target: [externalData.loanApplicationId, externalData.source],
      set: {
        status: sql`excluded.status`,
        payload: sql`excluded.payload`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}

export async function findExternalData(db: Executor, applicationId: string, source: string) {
  const [row] = await db
    .select()
    .from(externalData)
    .where(and(eq(externalData.loanApplicationId, applicationId), eq(externalData.source, source)));
  return row;
}

export async function insertQuoteConsent(db: Executor, values: typeof loanQuoteConsent.$inferInsert) {
  const [row] = await db.insert(loanQuoteConsent).values(values).returning();
  return row!;
}

export async function findLatestQuoteConsent(db: Executor, applicationId: string) {
  const [row] = await db
    .select()
    .from(loanQuoteConsent)
    .where(eq(loanQuoteConsent.loanApplicationId, applicationId))
    .orderBy(desc(loanQuoteConsent.createdAt))
    .limit(1);
  return row;
}

// ── Debt register rows (source 2) in the application's debts ───────────────────────────────────────

export interface RegisterDebt {
  externalRef: string;
  ownerRole: 'MainApplicant' | 'CoApplicant';
  debtType: string;
  creditor: string;
  balance: number;
  creditLimit: number | null;
  monthlyPayment: number | null;
  /** Fraction (0.129 = 12.9 %), as the debt table stores it. */
  interestRate: number | null;
  remainingTermMonths: number | null;
}

/** Writes what the register reported: updates the row with the same register id, inserts new ones. */
export async function upsertRegisterDebts(
  db: Executor,
  input: { applicationId: string; debts: RegisterDebt[]; now: Date },
): Promise<void> {
  await upsertRegisterDebtsOf(db, {
    debts: [{ applicationId: input.applicationId, debts: input.debts }],
    now: input.now,
  });
}

/**
 * upsertRegisterDebts for several applications: the register's debts already stored (by external
 * reference) changed in one statement, the new ones inserted in another.
 */
export async function upsertRegisterDebtsOf(
  db: Executor,
  input: { debts: ReadonlyArray<{ applicationId: string; debts: readonly RegisterDebt[] }>; now: Date },
): Promise<void> {
  // One row per application and register reference, the last answer winning (as one by one: the first
  // inserted, the next ones updating it).
  const byReference = new Map<string, RegisterDebt & { applicationId: string }>();
  for (const { applicationId, debts } of input.debts) {
    for (const entry of debts)
      byReference.set(`${applicationId}\n${entry.externalRef}`, { ...entry, applicationId });
  }
  const entries = [...byReference.values()];
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({
    loan_application_id: entry.applicationId,
    external_ref: entry.externalRef,
    owner_role: entry.ownerRole,
    debt_type: entry.debtType,
    creditor: entry.creditor,
    balance: entry.balance,
    credit_limit: entry.creditLimit,
    monthly_payment: entry.monthlyPayment,
    interest_rate: entry.interestRate,
    remaining_term_months: entry.remainingTermMonths,
  }));
  const updated = await db
    .update(debt)
    .set({
      ownerRole: sql`v.owner_role`,
      debtType: sql`v.debt_type`,
      creditor: sql`v.creditor`,
      balance: sql`v.balance`,
      creditLimit: sql`v.credit_limit`,
      monthlyPayment: sql`v.monthly_payment`,
      interestRate: sql`v.interest_rate`,
      remainingTermMonths: sql`v.remaining_term_months`,
      updatedAt: input.now,
    })
    .from(
      sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(loan_application_id uuid, external_ref text, owner_role text, debt_type text, creditor text, balance integer, credit_limit integer, monthly_payment integer, interest_rate numeric, remaining_term_months integer)`,
    )
    .where(
      and(
        eq(debt.loanApplicationId, sql`v.loan_application_id`),
        eq(debt.source, 2),
        eq(debt.externalRef, sql`v.external_ref`),
      ),
    )
    .returning({ applicationId: debt.loanApplicationId, externalRef: debt.externalRef });
  const stored = new Set(updated.map((row) => `${row.applicationId}\n${row.externalRef}`));
  const fresh = entries.filter((entry) => !stored.has(`${entry.applicationId}\n${entry.externalRef}`));
  if (fresh.length === 0) return;
  // One jsonb parameter (a batch's register debts: 13 values a row would pass PostgreSQL's 65,535 limit).
  await db.execute(
    insertRowsAsJson(
      debt,
      fresh.map((entry) => ({
        ownerRole: entry.ownerRole,
        debtType: entry.debtType,
        creditor: entry.creditor,
        balance: entry.balance,
        creditLimit: entry.creditLimit,
        monthlyPayment: entry.monthlyPayment,
        interestRate: entry.interestRate,
        remainingTermMonths: entry.remainingTermMonths,
        updatedAt: input.now,
        loanApplicationId: entry.applicationId,
        source: 2,
        externalRef: entry.externalRef,
        createdAt: input.now,
      })),
    ),
  );
}

// ── Expiry ──────────────────────────────────────────────────────────────────────────────────────────

/** Applications in `statuses` not changed since `before`, oldest first. */
export async function findStaleApplicationIds(
  db: Executor,
  input: { statuses: readonly number[]; before: Date; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: loanApplication.id })
    .from(loanApplication)
    .where(
      and(inArray(loanApplication.status, [...input.statuses]), lt(loanApplication.updatedAt, input.before)),
    )
    .orderBy(asc(loanApplication.updatedAt))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

/** Open offers whose validity ended. */
export async function findExpiredOpenQuotes(
  db: Executor,
  input: { now: Date; limit: number },
): Promise<LoanQuoteRow[]> {
  return db
    .select()
    .from(loanQuote)
    .where(and(eq(loanQuote.status, 'approved'), lte(loanQuote.expiresAt, input.now)))
    .orderBy(asc(loanQuote.expiresAt))
    .limit(input.limit);
}

/** Applications waiting for the customer (400/410) with no open offer left and none being accepted. */
export async function findApplicationsWithoutOpenOffers(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: loanApplication.id })
    .from(loanApplication)
    .where(
      and(
        inArray(loanApplication.status, [400, 410]),
        sql`NOT EXISTS (SELECT 1 FROM loan_quote q WHERE q.loan_application_id = ${loanApplication.id}
              AND (q.status = 'approved' OR q.acceptance_status = 'pending'))`,
        sql`NOT EXISTS (SELECT 1 FROM loan_request r WHERE r.loan_application_id = ${loanApplication.id}
              AND (r.status BETWEEN 211 AND 249 OR r.status = 251 OR r.status BETWEEN 311 AND 349))`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}
