import type {
  Car,
  CarInput,
  ChannelSnapshot,
  ChannelSnapshotInput,
  Child,
  ChildInput,
  Debt,
  DebtInput,
  Expense,
  ExpenseInput,
} from '@nordloan/domain/loan-application';
import { fieldError, forbidden, notFound } from '#src/lib/app-error.ts';
import {
  applicantRoleOf,
  describeCaller,
  isApplicantCaller,
  isOwnDebt,
  loadApplicationForCaller,
} from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { applyApplicationChange } from './application-write.repository.ts';
import { payoffColumns } from './debt-payoff.ts';
import { toCar, toChannelSnapshot, toChild, toDebt, toExpense } from './loan-application.mapper.ts';
import { loadForChange, type WriteOptions } from './loan-application-change-rules.service.ts';
import {
  deleteSubRecord,
  findSubRecord,
  insertChannelSnapshot,
  insertSubRecord,
  listChannelSnapshots,
  listSubRecords,
  type NewSubRecordRow,
  type SubRecordKind,
  type SubRecordRow,
  updateSubRecord,
} from './sub-record.repository.ts';

// §7 car, child, debt and expense: GET the list, POST a record, PATCH fields plus ID, DELETE by ID. A
// write is a change of the application: the same guards as a PATCH (lock, status, archive) and a revision.

interface SubRecordTypes {
  car: { input: CarInput; output: Car };
  child: { input: ChildInput; output: Child };
  debt: { input: DebtInput; output: Debt };
  expense: { input: ExpenseInput; output: Expense };
}

// API field → column, per kind.
const columns: { [K in SubRecordKind]: Record<keyof SubRecordTypes[K]['input'], string> } = {
  car: {
    OwnerRole: 'ownerRole',
    Ownership: 'ownership',
    RegistrationNumber: 'registrationNumber',
    Make: 'make',
    Model: 'model',
    ModelYear: 'modelYear',
    EstimatedValue: 'estimatedValue',
    MonthlyCost: 'monthlyCost',
  },
  child: {
    OwnerRole: 'ownerRole',
    BirthYear: 'birthYear',
    SharedCustody: 'sharedCustody',
    ChildSupportPaidMonthly: 'childSupportPaidMonthly',
    ChildSupportReceivedMonthly: 'childSupportReceivedMonthly',
  },
  debt: {
    OwnerRole: 'ownerRole',
    DebtType: 'debtType',
    Source: 'source',
    Creditor: 'creditor',
    Balance: 'balance',
    CreditLimit: 'creditLimit',
    MonthlyPayment: 'monthlyPayment',
    InterestRate: 'interestRate',
    RemainingTermMonths: 'remainingTermMonths',
    IsRefinanced: 'isRefinanced',
    ExternalRef: 'externalRef',
    PayoffAccount: 'payoffAccount',
    PayoffReference: 'payoffReference',
  },
  expense: { OwnerRole: 'ownerRole', CategoryID: 'categoryId', MonthlyAmount: 'monthlyAmount' },
};

const present: { [K in SubRecordKind]: (row: SubRecordRow<K>) => SubRecordTypes[K]['output'] } = {
  car: toCar,
  child: toChild,
  debt: toDebt,
  expense: toExpense,
};

function valuesFrom<K extends SubRecordKind>(
  kind: K,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns[kind] as Record<string, string>)) {
    if (input[field] !== undefined) values[column] = input[field];
  }
  return values;
}

// §3 debt source 2 is the national debt register: what it says is a fact the applicant cannot restate.
// Applicants add their own debts (source 1) and may only say whether a register debt is to be refinanced.
const NATIONAL_REGISTER_SOURCE = 2;

function assertApplicantMayWriteDebt(
  caller: Caller,
  existing: { source: number } | undefined,
  input: Record<string, unknown>,
): void {
  if (!isApplicantCaller(caller)) return;
  if (input.Source === NATIONAL_REGISTER_SOURCE) {
    throw fieldError('Source', 'Debts from the national debt register are fetched, not entered');
  }
  if (existing?.source === NATIONAL_REGISTER_SOURCE) {
    // Whether to pay it off, and where (ADR 0080), is the applicant's to say; the register's figures are not.
    const own = new Set(['ID', 'IsRefinanced', 'PayoffAccount', 'PayoffReference']);
    const others = Object.keys(input).filter((field) => !own.has(field));
    if (others.length > 0) {
      throw forbidden(
        'Only IsRefinanced, PayoffAccount and PayoffReference may be changed on a debt from the national debt register',
      );
    }
  }
}

export async function listApplicationSubRecords<K extends SubRecordKind>(options: {
  db: WriteOptions['db'];
  caller: Caller;
  id: string;
  kind: K;
}): Promise<SubRecordTypes[K]['output'][]> {
  const application = await loadApplicationForCaller({
    ...options,
    applicationId: options.id,
    access: 'read',
  });
  const rows = await listSubRecords(options.db, options.kind, application.id);
  return rows
    .filter((row) => options.kind !== 'debt' || isVisibleDebt(options.caller, application, row))
    .map((row) => present[options.kind](row));
}

/** Applicants see only their own register debts; another applicant's are not there for them (404). */
function isVisibleDebt(
  caller: Caller,
  application: Parameters<typeof applicantRoleOf>[1],
  row: unknown,
): boolean {
  const role = applicantRoleOf(caller, application);
  return role === null || isOwnDebt(role, row as { source: number; ownerRole: string });
}

export async function createApplicationSubRecord<K extends SubRecordKind>(
  options: WriteOptions & { id: string; kind: K; input: SubRecordTypes[K]['input'] },
): Promise<SubRecordTypes[K]['output']> {
  const { db, caller, kind } = options;
  const input = options.input as Record<string, unknown>;
  return db.transaction(async (tx) => {
    const now = options.now();
    const application = await loadForChange(tx, caller, options.id);
    if (kind === 'debt') assertApplicantMayWriteDebt(caller, undefined, input);
    if (input.OwnerRole === 'CoApplicant' && !application.coApplicantPersonId) {
      throw fieldError('OwnerRole', 'The application has no co-applicant');
    }
    const row = await insertSubRecord(tx, kind, {
      ...valuesFrom(kind, input),
      ...(kind === 'debt' ? payoffColumns(application.country, undefined, input) : {}),
      loanApplicationId: application.id,
      createdAt: now,
      updatedAt: now,
    } as NewSubRecordRow<K>);
    await applyApplicationChange(
      tx,
      application.id,
      {},
      {
        changedBy: describeCaller(caller),
        reason: `${kind}-added`,
        now,
      },
    );
    return present[kind](row);
  });
}

export async function patchApplicationSubRecord<K extends SubRecordKind>(
  options: WriteOptions & {
    id: string;
    kind: K;
    input: Partial<SubRecordTypes[K]['input']> & { ID: string };
  },
): Promise<SubRecordTypes[K]['output']> {
  const { db, caller, kind } = options;
  const input = options.input as Record<string, unknown>;
  return db.transaction(async (tx) => {
    const now = options.now();
    const application = await loadForChange(tx, caller, options.id);
    const existing = await findSubRecord(tx, kind, application.id, options.input.ID);
    if (!existing || (kind === 'debt' && !isVisibleDebt(caller, application, existing))) throw notFound();
    if (kind === 'debt') assertApplicantMayWriteDebt(caller, existing as { source: number }, input);
    if (input.OwnerRole === 'CoApplicant' && !application.coApplicantPersonId) {
      throw fieldError('OwnerRole', 'The application has no co-applicant');
    }
    const row = await updateSubRecord(tx, kind, application.id, options.input.ID, {
      ...valuesFrom(kind, input),
      ...(kind === 'debt'
        ? payoffColumns(application.country, existing as Parameters<typeof payoffColumns>[1], input)
        : {}),
      updatedAt: now,
    } as Partial<NewSubRecordRow<K>>);
    await applyApplicationChange(
      tx,
      application.id,
      {},
      {
        changedBy: describeCaller(caller),
        reason: `${kind}-changed`,
        now,
      },
    );
    return present[kind](row!);
  });
}

export async function deleteApplicationSubRecord(
  options: WriteOptions & { id: string; kind: SubRecordKind; recordId: string },
): Promise<void> {
  const { db, caller, kind } = options;
  await db.transaction(async (tx) => {
    const application = await loadForChange(tx, caller, options.id);
    const existing = await findSubRecord(tx, kind, application.id, options.recordId);
    if (!existing || (kind === 'debt' && !isVisibleDebt(caller, application, existing))) throw notFound();
    if (
      kind === 'debt' &&
      isApplicantCaller(caller) &&
      (existing as { source: number }).source === NATIONAL_REGISTER_SOURCE
    ) {
      throw forbidden('A debt from the national debt register cannot be removed');
    }
    await deleteSubRecord(tx, kind, application.id, options.recordId);
    await applyApplicationChange(
      tx,
      application.id,
      {},
      {
        changedBy: describeCaller(caller),
        reason: `${kind}-removed`,
        now: options.now(),
      },
    );
  });
}

// ── Channel snapshots ───────────────────────────────────────────────────────────────────────────────

export async function listApplicationChannelSnapshots(options: {
  db: WriteOptions['db'];
  caller: Caller;
  id: string;
}): Promise<ChannelSnapshot[]> {
  const application = await loadApplicationForCaller({
    ...options,
    applicationId: options.id,
    access: 'read',
  });
  return (await listChannelSnapshots(options.db, application.id)).map(toChannelSnapshot);
}

/**
 * Records where the applicant came from. Tracking, not application data: no revision, and neither a lock
 * nor the status stops it (docs/decisions/0007).
 */
export async function createApplicationChannelSnapshot(
  options: WriteOptions & { id: string; input: ChannelSnapshotInput },
): Promise<ChannelSnapshot> {
  const { db, caller, input } = options;
  const application = await loadApplicationForCaller({
    db,
    caller,
    applicationId: options.id,
    access: 'write',
  });
  const row = await insertChannelSnapshot(db, {
    loanApplicationId: application.id,
    utmSource: input.UtmSource ?? null,
    utmMedium: input.UtmMedium ?? null,
    utmCampaign: input.UtmCampaign ?? null,
    utmTerm: input.UtmTerm ?? null,
    utmContent: input.UtmContent ?? null,
    referrer: input.Referrer ?? null,
    partner: input.Partner ?? null,
    landingPage: input.LandingPage ?? null,
    device: input.Device ?? null,
    isInternal: input.IsInternal,
    createdAt: options.now(),
  });
  return toChannelSnapshot(row);
}
