// Lists and searches of applications: the applicant's own list (the personal page), the filtered search
// of staff and integrations, the first match, and an owner's other applications of a product in given
// statuses (the conflict check of docs/decisions/0007).
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { preparedPerHandle } from '#src/db/prepared-per-handle.ts';
import { type LoanApplicationRow, loanApplication } from '#src/db/schema/applications.ts';
import {
  type ApplicationWithApplicants,
  applicationWithApplicantsJson,
  withApplicants,
} from './application-read.repository.ts';

export interface ApplicationFilters {
  humanReadableId?: string | undefined;
  customerId?: string | undefined;
  legacyId?: string | undefined;
  /** Main or co-applicant. */
  personIds?: string[] | undefined;
  createdAfter?: Date | undefined;
  products?: string[] | undefined;
  /** Already resolved from `status` and `group` (an application must match both when both are given). */
  statuses?: number[] | undefined;
  excludeArchived?: boolean | undefined;
}

function filterConditions(visibility: SQL, filters: ApplicationFilters): SQL[] {
  const conditions: SQL[] = [visibility];
  if (filters.humanReadableId) {
    conditions.push(eq(loanApplication.humanReadableId, filters.humanReadableId.toUpperCase()));
  }
  if (filters.customerId) conditions.push(eq(loanApplication.customerId, filters.customerId));
  if (filters.legacyId) conditions.push(eq(loanApplication.legacyId, filters.legacyId));
  if (filters.personIds?.length) {
    conditions.push(
      or(
        inArray(loanApplication.personId, filters.personIds),
        inArray(loanApplication.coApplicantPersonId, filters.personIds),
      )!,
    );
  }
  if (filters.createdAfter) conditions.push(gt(loanApplication.createdAt, filters.createdAfter));
  if (filters.products) conditions.push(inArray(loanApplication.product, filters.products));
  if (filters.statuses) {
    conditions.push(filters.statuses.length ? inArray(loanApplication.status, filters.statuses) : sql`false`);
  }
  if (filters.excludeArchived) conditions.push(isNull(loanApplication.archivedAt));
  return conditions;
}

/**
 * The applicant's own list — what the personal page asks for on every visit: the applications of their
 * person (main or co-applicant) or customer, archived ones left out, newest first, optionally only those of
 * one customer. The same rows and total as searchApplicationsWithApplicants with that visibility and those
 * filters, from a prepared statement per database handle: Drizzle building the dynamic query was a fifth
 * of the list's CPU (issue 12, docs/performance-api.md).
 */
export async function listApplicantApplications(
  db: Executor,
  input: {
    personId: string | null;
    customerId: string | null;
    onlyCustomerId: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ items: ApplicationWithApplicants[]; total: number }> {
  const shape = input.onlyCustomerId === undefined ? 'all' : 'oneCustomer';
  const statements = input.offset === 0 ? selectApplicantFirstPage : selectApplicantPage;
  const found = await statements[shape](db).execute({
    personId: input.personId,
    customerId: input.customerId,
    onlyCustomerId: input.onlyCustomerId ?? null,
    limit: input.limit,
    offset: input.offset,
  });
  return pageOf(found, input.offset, () =>
    db.select({ total: count() }).from(loanApplication).where(applicantListWhere(shape, input)),
  );
}

type ApplicantListShape = 'all' | 'oneCustomer';

/** The applicant's visibility (as applicationVisibility) and filters; placeholders, or values when given. */
function applicantListWhere(
  shape: ApplicantListShape,
  values?: { personId: string | null; customerId: string | null; onlyCustomerId: string | undefined },
): SQL {
  const value = (name: 'personId' | 'customerId' | 'onlyCustomerId') =>
    values ? sql`${values[name] ?? null}::uuid` : sql`${sql.placeholder(name)}::uuid`;
  // A null person or customer matches nothing (`= NULL` is never true), as applicationVisibility leaves
  // out the condition it has no id for.
  const visible = sql`(${loanApplication.personId} = ${value('personId')} OR ${loanApplication.coApplicantPersonId} = ${value('personId')} OR ${loanApplication.customerId} = ${value('customerId')})`;
  const conditions = [visible, isNull(loanApplication.archivedAt)];
  if (shape === 'oneCustomer')
    conditions.push(sql`${loanApplication.customerId} = ${value('onlyCustomerId')}`);
  return and(...conditions)!;
}

/** A page's columns: the row, its applicants and lock state (one json), and the window count of all that match. */
const pageColumns = {
  found: applicationWithApplicantsJson,
  total: sql<string>`count(*) OVER ()`,
};
const newestFirst = [desc(loanApplication.createdAt), desc(loanApplication.id)];

/**
 * The page from its rows; the total comes with them (the window count), and only a page past the end —
 * no row to carry the count — asks `countAll`.
 */
async function pageOf(
  page: { found: unknown; total: string }[],
  offset: number,
  countAll: () => Promise<{ total: number }[]>,
): Promise<{ items: ApplicationWithApplicants[]; total: number }> {
  if (page.length > 0) {
    return { items: page.map((selected) => withApplicants(selected.found)), total: Number(page[0]!.total) };
  }
  if (offset === 0) return { items: [], total: 0 };
  const [totals] = await countAll();
  return { items: [], total: Number(totals?.total ?? 0) };
}

// The first page (what the personal page asks for) has a statement of its own without OFFSET: with the
// offset a parameter, PostgreSQL estimated its generic plan dearer than the custom ones and planned the
// statement again on every call (0.1 ms of its CPU each, more than the execution; docs/performance-api.md).
const selectApplicantPageOf = (shape: ApplicantListShape, page: 'first' | 'any') =>
  preparedPerHandle((db) => {
    const limited = db
      .select(pageColumns)
      .from(loanApplication)
      .where(applicantListWhere(shape))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'));
    return page === 'first'
      ? limited.prepare(`list_applicant_applications_${shape}_first`)
      : limited.offset(sql.placeholder('offset')).prepare(`list_applicant_applications_${shape}`);
  });
const selectApplicantPage = {
  all: selectApplicantPageOf('all', 'any'),
  oneCustomer: selectApplicantPageOf('oneCustomer', 'any'),
};
const selectApplicantFirstPage = {
  all: selectApplicantPageOf('all', 'first'),
  oneCustomer: selectApplicantPageOf('oneCustomer', 'first'),
};

/**
 * A page of applications with their applicants and lock state, and the total, in one statement (the
 * total is a window count over the filtered rows, taken before LIMIT). Only a page past the end (no row
 * to carry the count) costs a second query.
 */
export async function searchApplicationsWithApplicants(
  db: Executor,
  input: { visibility: SQL; filters: ApplicationFilters; limit: number; offset: number },
): Promise<{ items: ApplicationWithApplicants[]; total: number }> {
  const where = and(...filterConditions(input.visibility, input.filters));
  const found = await db
    .select(pageColumns)
    .from(loanApplication)
    .where(where)
    .orderBy(...newestFirst)
    .limit(input.limit)
    .offset(input.offset);
  return pageOf(found, input.offset, () => db.select({ total: count() }).from(loanApplication).where(where));
}

/** The oldest application matching (§7 "first match" of ?legacyID=&customerID=). */
export async function findFirstApplication(
  db: Executor,
  input: { visibility: SQL; filters: ApplicationFilters },
): Promise<LoanApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(loanApplication)
    .where(and(...filterConditions(input.visibility, input.filters)))
    .orderBy(asc(loanApplication.createdAt), asc(loanApplication.id))
    .limit(1);
  return row;
}

/**
 * For each application of `applications`, the other applications of its person and product in
 * `statuses` (findOtherApplicationIds by person, for many at once: one statement).
 */
export async function findOtherApplicationIdsOfPersons(
  db: Executor,
  input: {
    applications: ReadonlyArray<{ id: string; personId: string | null; product: string }>;
    statuses: readonly number[];
  },
): Promise<Map<string, string[]>> {
  const others = new Map<string, string[]>(input.applications.map((application) => [application.id, []]));
  const owned = input.applications.filter((application) => application.personId);
  if (owned.length === 0) return others;
  const rows = await db
    .select({ id: loanApplication.id, personId: loanApplication.personId, product: loanApplication.product })
    .from(loanApplication)
    .where(
      and(
        inArray(loanApplication.personId, [...new Set(owned.map((application) => application.personId!))]),
        inArray(loanApplication.status, [...input.statuses]),
        isNull(loanApplication.archivedAt),
      ),
    )
    .orderBy(asc(loanApplication.createdAt));
  for (const application of owned) {
    others.set(
      application.id,
      rows
        .filter(
          (row) =>
            row.personId === application.personId &&
            row.product === application.product &&
            row.id !== application.id,
        )
        .map((row) => row.id),
    );
  }
  return others;
}

/**
 * The applicant's other applications of `product` in `statuses` (the Active group), not archived: the
 * customer's own, or where the person is the main applicant (docs/decisions/0007).
 */
export async function findOtherApplicationIds(
  db: Executor,
  input: {
    customerId: string | null;
    personId: string | null;
    product: string;
    statuses: readonly number[];
    excludeId?: string | undefined;
  },
): Promise<string[]> {
  const owners: SQL[] = [];
  if (input.customerId) owners.push(eq(loanApplication.customerId, input.customerId));
  if (input.personId) owners.push(eq(loanApplication.personId, input.personId));
  if (owners.length === 0) return [];
  const conditions: SQL[] = [
    or(...owners)!,
    eq(loanApplication.product, input.product),
    inArray(loanApplication.status, [...input.statuses]),
    isNull(loanApplication.archivedAt),
  ];
  if (input.excludeId) conditions.push(ne(loanApplication.id, input.excludeId));
  const rows = await db
    .select({ id: loanApplication.id })
    .from(loanApplication)
    .where(and(...conditions))
    .orderBy(asc(loanApplication.createdAt));
  return rows.map((row) => row.id);
}
