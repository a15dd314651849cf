// The quotes (§3 LoanQuote: the lenders' offers and declines as the applicant sees them), the customer's
// consent given when accepting one, and the product recommendation among them.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
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
import { type LoanApplicationRow, loanApplication } from '#src/db/schema/applications.ts';
import {
  type LoanQuoteRow,
  type LoanRequestRow,
  loanQuote,
  loanQuoteConsent,
  loanRequest,
  productRecommendation,
} from '#src/db/schema/lending.ts';

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

// ── Consent and recommendation ──────────────────────────────────────────────────────────────────────

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
