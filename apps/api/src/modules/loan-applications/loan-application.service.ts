import { type CheckCandidate, checkApplication } from '@nordloan/domain/application-check';
import type {
  ApplicationCheckResult,
  ApplicationStatusInfo,
  CheckApplicationInput,
  LoanApplication,
  LoanApplicationPage,
  LoanApplicationRevision,
  SearchLoanApplicationsQuery,
} from '@nordloan/domain/loan-application';
import {
  amlBlockStatuses,
  applicationStatuses,
  groupsOfStatus,
  statusesInGroups,
} from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationApplicantRow, LoanApplicationRow } from '#src/db/schema/applications.ts';
import { notFound } from '#src/lib/app-error.ts';
import {
  APPLICANT_VISIBLE_BLOCK_STATUS,
  applicantRoleOf,
  applicationVisibility,
  assertCallerReaches,
  isApplicantCaller,
  isOwnDebt,
  isUuid,
  loadApplicationForCaller,
  statusForApplicant,
} from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findApplicants } from './application-applicant.repository.ts';
import { findApplicantsAndLock, findApplicationWithApplicants } from './application-read.repository.ts';
import { findRevision, findRevisions } from './application-revision.repository.ts';
import {
  type ApplicationFilters,
  findFirstApplication,
  listApplicantApplications,
  searchApplicationsWithApplicants,
} from './application-search.repository.ts';
import {
  toApplicant,
  toLoanApplication,
  toRevision,
  withApplicantStatus,
} from './loan-application.mapper.ts';

// Reading applications: one, a page, the first legacy match, revisions, the status catalogue, checks.

/** The API representation of one stored application (with its applicants and lock state). */
export async function presentApplication(db: Executor, row: LoanApplicationRow): Promise<LoanApplication> {
  return toLoanApplication(row, await findApplicantsAndLock(db, row.id));
}

export async function getApplication(options: {
  db: Executor;
  caller: Caller;
  id: string;
}): Promise<LoanApplication> {
  // The hot read (issue 12): row, applicants and lock state in one statement, then the access rule.
  if (!isUuid(options.id)) throw notFound();
  const found = await findApplicationWithApplicants(options.db, options.id);
  if (!found) throw notFound();
  assertCallerReaches(options.caller, found.row, 'read');
  return shownTo(options.caller, toLoanApplication(found.row, found));
}

/**
 * What `caller` may see of a presented application: applicants never see an AML block (198/199); the
 * co-applicant does not see the main applicant's part (income, employment, housing: ADR 0038). Every
 * answer that presents an application to its caller goes through here, the writes' answers too.
 * `roleFrom`: the applicants that decide the caller's role, when the change being answered altered them
 * (a co-applicant who took themselves off is still not shown the main applicant's part).
 */
export function shownTo(
  caller: Caller,
  application: LoanApplication,
  roleFrom: Pick<LoanApplicationRow, 'personId' | 'coApplicantPersonId'> = {
    personId: application.PersonID,
    coApplicantPersonId: application.CoApplicantPersonID,
  },
): LoanApplication {
  if (!isApplicantCaller(caller)) return application;
  const shown = withApplicantStatus(application);
  if (applicantRoleOf(caller, roleFrom) === 'CoApplicant') return { ...shown, MainApplicant: null };
  return shown;
}

/** presentApplication, as `caller` may see it (shownTo). */
export async function presentApplicationTo(
  db: Executor,
  caller: Caller,
  row: LoanApplicationRow,
  roleFrom?: Pick<LoanApplicationRow, 'personId' | 'coApplicantPersonId'>,
): Promise<LoanApplication> {
  return shownTo(caller, await presentApplication(db, row), roleFrom);
}

/**
 * A status filter as an applicant means it: they know AML blocks only as 162, so 162 finds those too and
 * 198/199 find nothing (or a filter would tell them what the list hides).
 */
function applicantStatusFilter(caller: Caller, statuses: number[] | undefined): number[] | undefined {
  if (!statuses || !isApplicantCaller(caller)) return statuses;
  const visible = statuses.filter((code) => !amlBlockStatuses.includes(code));
  return visible.includes(APPLICANT_VISIBLE_BLOCK_STATUS) ? [...visible, ...amlBlockStatuses] : visible;
}

/** §7 GET /loan-application: the caller's visible applications, newest first, one page. */
export async function searchLoanApplications(options: {
  db: Executor;
  caller: Caller;
  query: SearchLoanApplicationsQuery;
}): Promise<LoanApplicationPage> {
  const { db, caller, query } = options;
  const { pageSize, pageNumber } = query;
  // §9 "pageNumber is always offset plus 1": the 1-based page index (docs/decisions/0007).
  const filters = filtersFrom(caller, query);
  const page = { limit: pageSize, offset: (pageNumber - 1) * pageSize };
  // The personal page's own list (no filter but the customer) from a prepared statement; any other search
  // builds its query.
  const { items, total } =
    isApplicantCaller(caller) && onlyCustomerFilter(filters)
      ? await listApplicantApplications(db, {
          personId: caller.personId ?? null,
          customerId: caller.kind === 'customer' ? caller.customerId : null,
          onlyCustomerId: filters.customerId,
          ...page,
        })
      : await searchApplicationsWithApplicants(db, {
          visibility: applicationVisibility(caller),
          filters,
          ...page,
        });
  return {
    Items: items.map((found) => shownTo(caller, toLoanApplication(found.row, found))),
    Total: total,
    PageNumber: pageNumber,
    PageSize: pageSize,
  };
}

/** §7 GET /loan-application?legacyID=&customerID=: the first match, or 404. */
export async function findApplicationByLegacyId(options: {
  db: Executor;
  caller: Caller;
  query: SearchLoanApplicationsQuery;
}): Promise<LoanApplication> {
  const { db, caller, query } = options;
  const row = await findFirstApplication(db, {
    visibility: applicationVisibility(caller),
    filters: filtersFrom(caller, query),
  });
  if (!row) throw notFound();
  return shownTo(caller, await presentApplication(db, row));
}

/** Whether the filters are at most a customer id (and leaving archived applications out). */
function onlyCustomerFilter(filters: ApplicationFilters): boolean {
  return (
    filters.humanReadableId === undefined &&
    filters.legacyId === undefined &&
    filters.personIds === undefined &&
    filters.createdAfter === undefined &&
    filters.products === undefined &&
    filters.statuses === undefined
  );
}

function filtersFrom(caller: Caller, query: SearchLoanApplicationsQuery): ApplicationFilters {
  let statuses: number[] | undefined = query.status;
  if (query.group?.length) {
    const inGroups: number[] = statusesInGroups(query.group);
    statuses = statuses ? statuses.filter((code) => inGroups.includes(code)) : inGroups;
  }
  return {
    humanReadableId: query.humanReadableID,
    customerId: query.customerID,
    legacyId: query.legacyID,
    personIds: query.personID,
    createdAfter: query.createdAfter ? new Date(query.createdAfter) : undefined,
    products: query.product,
    statuses: applicantStatusFilter(caller, statuses),
    // Archived applications are put away for the applicant; staff still find them.
    excludeArchived: isApplicantCaller(caller),
  };
}

export async function listApplicationRevisions(options: {
  db: Executor;
  caller: Caller;
  id: string;
  statuses?: number[] | undefined;
}): Promise<LoanApplicationRevision[]> {
  const row = await loadApplicationForCaller({ ...options, applicationId: options.id, access: 'read' });
  const revisions = await findRevisions(
    options.db,
    row.id,
    applicantStatusFilter(options.caller, options.statuses),
  );
  return revisions.map((revision) => revisionForCaller(options.caller, row, toRevision(revision)));
}

/**
 * A revision as `caller` may see it. For an applicant: an AML block shows as 162 (on the revision and in
 * its snapshot), and the snapshot keeps only their own register debts (as GET …/debt does).
 */
function revisionForCaller(
  caller: Caller,
  application: LoanApplicationRow,
  revision: LoanApplicationRevision,
): LoanApplicationRevision {
  const role = applicantRoleOf(caller, application);
  if (role === null) return revision;
  const snapshot = revision.Snapshot as Record<string, unknown> & { Status?: unknown; Debts?: unknown };
  const shown: Record<string, unknown> = { ...snapshot };
  if (typeof snapshot.Status === 'number' && typeof snapshot.StatusName === 'string') {
    Object.assign(shown, withApplicantStatus({ Status: snapshot.Status, StatusName: snapshot.StatusName }));
  }
  // The co-applicant does not see the main applicant's part in old versions either (ADR 0038).
  if (role === 'CoApplicant' && 'MainApplicant' in snapshot) shown.MainApplicant = null;
  if (Array.isArray(snapshot.Debts)) {
    shown.Debts = snapshot.Debts.filter((debt: { Source?: unknown; OwnerRole?: unknown }) =>
      isOwnDebt(role, { source: debt.Source, ownerRole: debt.OwnerRole }),
    );
  }
  // A status change is recorded as "status:180>198": the codes in it are shown as the applicant sees them.
  const reason = revision.Reason?.replace(
    /^status:(\d+)>(\d+)$/,
    (_, from: string, to: string) =>
      `status:${statusForApplicant(Number(from))}>${statusForApplicant(Number(to))}`,
  );
  return { ...withApplicantStatus(revision), Reason: reason ?? revision.Reason, Snapshot: shown };
}

export async function getApplicationRevision(options: {
  db: Executor;
  caller: Caller;
  id: string;
  revision: number;
}): Promise<LoanApplicationRevision> {
  const row = await loadApplicationForCaller({ ...options, applicationId: options.id, access: 'read' });
  const revision = await findRevision(options.db, row.id, options.revision);
  if (!revision) throw notFound();
  return revisionForCaller(options.caller, row, toRevision(revision));
}

/** §7 GET /loan-application/statuses/all: the §4 catalogue with each status's groups. */
export function listApplicationStatuses(): ApplicationStatusInfo[] {
  return applicationStatuses.map((status) => ({
    Status: status.code,
    Name: status.name,
    Groups: groupsOfStatus(status.code),
  }));
}

/** §7 GET /loan-application/check/app/{id}: what the stored application still lacks. */
export async function checkStoredApplication(options: {
  db: Executor;
  caller: Caller;
  id: string;
}): Promise<ApplicationCheckResult> {
  const row = await loadApplicationForCaller({ ...options, applicationId: options.id, access: 'read' });
  return checkApplicationRow(options.db, row);
}

/**
 * §7 POST /loan-application/check/app: the posted application, or — with ID — the stored one with the
 * posted fields laid over it.
 */
export async function checkPostedApplication(options: {
  db: Executor;
  caller: Caller;
  input: CheckApplicationInput;
}): Promise<ApplicationCheckResult> {
  const { db, caller, input } = options;
  const stored = input.ID
    ? await loadApplicationForCaller({ db, caller, applicationId: input.ID, access: 'read' })
    : undefined;
  const base: CheckCandidate = stored
    ? candidateFromRow(stored, await findApplicants(db, stored.id))
    : {
        product: undefined,
        brand: undefined,
        amount: undefined,
        duration: undefined,
        loanPurpose: undefined,
        applicantMode: 'Normal',
        main: null,
        co: null,
        hasCoApplicantPerson: false,
      };
  const co = input.CoApplicant;
  return checkApplication({
    product: input.Product ?? base.product,
    brand: input.Brand ?? base.brand,
    amount: input.Amount ?? base.amount,
    duration: input.Duration !== undefined ? input.Duration : base.duration,
    loanPurpose: input.LoanPurpose !== undefined ? input.LoanPurpose : base.loanPurpose,
    applicantMode: input.ApplicantMode ?? base.applicantMode,
    main: { ...base.main, ...input.MainApplicant },
    co: co ? { ...base.co, ...co } : base.co,
    hasCoApplicantPerson:
      base.hasCoApplicantPerson || co?.NationalID !== undefined || co?.PersonID !== undefined,
  });
}

/** The §7 check/app rules applied to a stored application (the intake runs them before the lenders). */
export async function checkApplicationRow(
  db: Executor,
  row: LoanApplicationRow,
): Promise<ApplicationCheckResult> {
  return checkApplicationWith(row, await findApplicants(db, row.id));
}

/** checkApplicationRow on applicants already read (no database). */
export function checkApplicationWith(
  row: LoanApplicationRow,
  applicantRows: readonly LoanApplicationApplicantRow[],
): ApplicationCheckResult {
  return checkApplication(candidateFromRow(row, applicantRows));
}

function candidateFromRow(
  row: LoanApplicationRow,
  applicantRows: readonly LoanApplicationApplicantRow[],
): CheckCandidate {
  const applicants = applicantRows.map(toApplicant);
  return {
    product: row.product as CheckCandidate['product'],
    brand: row.brand,
    amount: row.amount,
    duration: row.durationYears,
    loanPurpose: row.loanPurpose,
    applicantMode: row.applicantMode as CheckCandidate['applicantMode'],
    main: applicants.find((applicant) => applicant.Role === 'MainApplicant') ?? null,
    co: applicants.find((applicant) => applicant.Role === 'CoApplicant') ?? null,
    hasCoApplicantPerson: row.coApplicantPersonId !== null,
  };
}
