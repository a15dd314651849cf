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
import { applicationStatuses, groupsOfStatus, statusesInGroups } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { notFound } from '#src/lib/app-error.ts';
import {
  applicationVisibility,
  isApplicantCaller,
  loadApplicationForCaller,
} from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { toApplicant, toLoanApplication, toRevision } from './loan-application.mapper.ts';
import {
  type ApplicationFilters,
  findActiveLocks,
  findApplicants,
  findApplicantsOf,
  findFirstApplication,
  findRevision,
  findRevisions,
  hasActiveLock,
  searchApplications,
} from './loan-application.repository.ts';

// Reading applications: one, a page, the first legacy match, revisions, the status catalogue, checks.

/** The API representation of one stored application (with its applicants and lock state). */
export async function presentApplication(db: Executor, row: LoanApplicationRow): Promise<LoanApplication> {
  // Sequential: `db` may be a transaction (one connection).
  const applicants = await findApplicants(db, row.id);
  const isLocked = await hasActiveLock(db, row.id);
  return toLoanApplication(row, { applicants, isLocked });
}

async function presentApplications(db: Executor, rows: LoanApplicationRow[]): Promise<LoanApplication[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const applicants = await findApplicantsOf(db, ids);
  const locks = await findActiveLocks(db, ids);
  const locked = new Set(locks.map((lock) => lock.loanApplicationId));
  return rows.map((row) =>
    toLoanApplication(row, {
      applicants: applicants.filter((applicant) => applicant.loanApplicationId === row.id),
      isLocked: locked.has(row.id),
    }),
  );
}

export async function getApplication(options: {
  db: Executor;
  caller: Caller;
  id: string;
}): Promise<LoanApplication> {
  const row = await loadApplicationForCaller({ ...options, applicationId: options.id, access: 'read' });
  return presentApplication(options.db, row);
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
  const { rows, total } = await searchApplications(db, {
    visibility: applicationVisibility(caller),
    filters: filtersFrom(caller, query),
    limit: pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return {
    Items: await presentApplications(db, rows),
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
  return presentApplication(db, row);
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
    statuses,
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
  return (await findRevisions(options.db, row.id, options.statuses)).map(toRevision);
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
  return toRevision(revision);
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
  return checkApplication(await candidateFromRow(options.db, row));
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
  const base: CheckCandidate = input.ID
    ? await candidateFromRow(
        db,
        await loadApplicationForCaller({ db, caller, applicationId: input.ID, access: 'read' }),
      )
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
  return checkApplication(await candidateFromRow(db, row));
}

async function candidateFromRow(db: Executor, row: LoanApplicationRow): Promise<CheckCandidate> {
  const applicants = (await findApplicants(db, row.id)).map(toApplicant);
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
