import type { Country, Product } from '@nordloan/domain/enums';
import type { TransitionActor } from '@nordloan/domain/status-machine';
import { applicationStatus } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationApplicantRow, LoanApplicationRow } from '#src/db/schema/applications.ts';
import { enqueueJobs, type NewJob } from '#src/jobs/job.repository.ts';
import { errorMessageOf } from '#src/lib/error-message.ts';
import { withinTimeout } from '#src/lib/within-timeout.ts';
import { bankVerifiedIncomes } from '#src/modules/bank-data/bank-data.service.ts';
import { screeningHoldsOf } from '#src/modules/compliance/screening.service.ts';
import {
  upsertExternalDataRows,
  upsertRegisterDebtsOf,
} from '#src/modules/lending/external-data.repository.ts';
import { lenderCallJobs, system } from '#src/modules/lending/fan-out/request-progress.service.ts';
import type { LenderAdapter, LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  type ApplicationParties,
  lenderApplicationOf,
  lendersHoldingOtherApplicationsOf,
} from '#src/modules/lending/lender-panel/lender-view.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import {
  insertLoanRequestsOf,
  listLoanRequestsOfApplications,
} from '#src/modules/lending/loan-request.repository.ts';
import { findApplicantsOf } from '#src/modules/loan-applications/application-applicant.repository.ts';
import { findApplicationsForChangeWithParts } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import { findApplicationsByIds } from '#src/modules/loan-applications/application-read.repository.ts';
import {
  findSnapshotPartsOf,
  type SnapshotParts,
} from '#src/modules/loan-applications/application-revision.repository.ts';
import {
  type PlannedTransitionChain,
  planTransitionChain,
  writeTransitionChains,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { findPersonsByIds } from '#src/modules/persons/person.repository.ts';
import type { ExternalDataProvider } from './external-data.ts';
import {
  bureauPayloadOf,
  type ExternalDataOutcome,
  externalDataMove,
  externalDataRowsOf,
  type FetchedExternalData,
  problemsForLenders,
  subjectsOf,
  validationMove,
} from './intake.service.ts';

// The intake of many submitted applications at once (ADR 0047 step 6): what runIntake does step by step
// and application by application (160 → 180 → 200 → 210 and the fan-out, or 169, 181, 198, or held at
// 200 by the screening), here read for the whole batch without locks, validated and fetched
// outside any transaction, then written in ONE transaction of a fixed number of statements. Anything
// off the common path (another status, a secured loan, no lender for it, a change since the read) is left
// to runIntake, application by application.

/** An application of the batch as read before its transaction, validated and with its external data. */
export interface IntakeCandidate {
  application: LoanApplicationRow;
  applicantRows: LoanApplicationApplicantRow[];
  parties: ApplicationParties;
  problems: string[];
  lenders: LenderAdapter[];
  /** Held by the screening (not yet screened, or an open hit; ADR 0022, 0056), read under the lock. */
  heldByScreening: boolean;
  /** The register's and bureau's answer, or why it could not be had (none when validation failed). */
  external?: ExternalDataOutcome;
}

/** What was fetched for a candidate, for its intake alone should the batch not be recorded (runIntake). */
export function fetchedFor(candidate: IntakeCandidate | undefined): FetchedExternalData | undefined {
  if (!candidate?.external) return undefined;
  return {
    country: candidate.application.country,
    subjects: subjectsOf(candidate.parties),
    outcome: candidate.external,
  };
}

/**
 * Reads the batch's applications (each kind of row in one statement), validates them and fetches their
 * external data side by side. Applications off the common path are answered in `alone`.
 */
export async function prepareIntakeBatch(input: {
  db: Db;
  applicationIds: readonly string[];
  panel: LenderPanel;
  externalData: ExternalDataProvider;
  now: Date;
}): Promise<{ candidates: Map<string, IntakeCandidate>; alone: Set<string> }> {
  const { db, now } = input;
  await input.panel.refresh?.(db);
  const rows = await findApplicationsByIds(db, [...new Set(input.applicationIds)]);
  const alone = new Set(input.applicationIds.filter((id) => !rows.has(id)));
  const common: LoanApplicationRow[] = [];
  for (const row of rows.values()) {
    const onCommonPath =
      row.status === applicationStatus.submitted &&
      row.product !== 'SecuredLoan' &&
      input.panel.forApplication(row.country as Country, row.product as Product).length > 0;
    if (onCommonPath) common.push(row);
    else alone.add(row.id);
  }
  const ids = common.map((row) => row.id);
  const applicants = await findApplicantsOf(db, ids);
  const persons = await findPersonsByIds(db, [
    ...new Set(common.flatMap((row) => [row.personId, row.coApplicantPersonId].filter((id) => id !== null))),
  ]);
  const candidates = new Map<string, IntakeCandidate>();
  for (const application of common) {
    const parties: ApplicationParties = {
      main: application.personId ? persons.get(application.personId) : undefined,
      co: application.coApplicantPersonId ? persons.get(application.coApplicantPersonId) : undefined,
    };
    const applicantRows = applicants.get(application.id) ?? [];
    candidates.set(application.id, {
      application,
      applicantRows,
      parties,
      problems: problemsForLenders({ application, applicantRows, parties, now }),
      lenders: input.panel.forApplication(application.country as Country, application.product as Product),
      heldByScreening: false,
    });
  }
  // The register and the bureau asked for every valid application side by side, outside any transaction.
  await Promise.all(
    [...candidates.values()]
      .filter((candidate) => candidate.problems.length === 0)
      .map(async (candidate) => {
        const subjects = subjectsOf(candidate.parties);
        try {
          const result = await withinTimeout(
            input.externalData.fetch({ country: candidate.application.country as Country, subjects }),
            externalDataTimeoutMs,
            () => new Error(`no answer within ${externalDataTimeoutMs / 1000} s`),
          );
          candidate.external = { result };
        } catch (error) {
          candidate.external = { error: errorMessageOf(error) };
        }
      }),
  );
  return { candidates, alone };
}

/**
 * Longest wait for the register and bureau of one application, well under the batch's lease (60 s): one
 * source that hangs would otherwise hold all the batch's applications. Past it, that application goes to
 * 181 (retried as any failed fetch).
 */
export const externalDataTimeoutMs = 20_000;

type IntakeStep =
  | ReturnType<typeof validationMove>
  | (ReturnType<typeof externalDataMove> & { parts?: SnapshotParts })
  | {
      to: 210;
      actor: TransitionActor;
      reason: string;
      parts?: SnapshotParts;
    };

/** The moves runIntake would make, as one chain: the steps after validation see the register's debts. */
function intakeSteps(
  candidate: IntakeCandidate,
  partsAfterRegister: SnapshotParts | undefined,
): IntakeStep[] {
  const validation = validationMove(candidate.problems);
  if (validation.to === applicationStatus.validationFailed) return [validation];
  const outcome = candidate.external ?? { error: 'not fetched' };
  const external = {
    ...externalDataMove(outcome),
    ...(partsAfterRegister ? { parts: partsAfterRegister } : {}),
  };
  // The screening holds the application before the lender panel (ADR 0022, 0056).
  if (external.to !== 200 || candidate.heldByScreening) return [validation, external];
  return [
    validation,
    external,
    {
      to: 210,
      actor: system('process-application'),
      reason: 'Sent to the lender panel',
      ...(partsAfterRegister ? { parts: partsAfterRegister } : {}),
    },
  ];
}

/**
 * Records the intake of the batch's candidates in the caller's transaction: the applications locked in id
 * order (one that changed since it was read is left out, for runIntake), the register's debts and the
 * external data, every status chain, the panel's locks, the lenders' requests and their registration calls.
 * Answers the applications recorded.
 */
export async function recordIntakeBatch(
  tx: Executor,
  input: { candidates: ReadonlyArray<IntakeCandidate>; now: Date },
): Promise<Set<string>> {
  const { now } = input;
  const locked = await findApplicationsForChangeWithParts(
    tx,
    input.candidates.map((candidate) => candidate.application.id),
  );
  const unchanged = input.candidates.filter((candidate) => {
    const held = locked.get(candidate.application.id);
    return (
      held !== undefined &&
      held.row.revision === candidate.application.revision &&
      held.row.status === applicationStatus.submitted
    );
  });
  // Read under the locks: a screening stores its checks under the same row lock without moving the
  // Revision (ADR 0022: an open hit holds the application at 200; ADR 0056: so does a submission not
  // screened yet).
  const holds = await screeningHoldsOf(
    tx,
    unchanged.map((candidate) => candidate.application.id),
  );
  for (const candidate of unchanged) candidate.heldByScreening = holds.has(candidate.application.id);
  const fetched = unchanged.filter((candidate) => candidate.problems.length === 0 && candidate.external);
  await upsertRegisterDebtsOf(tx, {
    debts: fetched.flatMap((candidate) =>
      candidate.external && 'result' in candidate.external
        ? [{ applicationId: candidate.application.id, debts: candidate.external.result.debts }]
        : [],
    ),
    now,
  });
  await upsertExternalDataRows(
    tx,
    fetched.flatMap((candidate) => externalDataRowsOf(candidate.application.id, candidate.external!, now)),
  );
  // The register's debts belong in the snapshots from 200 on: read again where some were written.
  const partsAfter = await findSnapshotPartsOf(
    tx,
    fetched
      .filter(
        (candidate) =>
          candidate.external && 'result' in candidate.external && candidate.external.result.debts.length > 0,
      )
      .map((candidate) => candidate.application.id),
  );
  const chains: PlannedTransitionChain[] = [];
  for (const candidate of unchanged) {
    const held = locked.get(candidate.application.id)!;
    const steps = intakeSteps(candidate, partsAfter.get(candidate.application.id));
    chains.push(
      planTransitionChain({
        row: held.row,
        parts: held.parts,
        steps: steps.map((step) => ({ ...step, now })),
      }),
    );
  }
  const moved = await writeTransitionChains(tx, chains, now);
  const sent = unchanged.filter((_, index) => moved[index]!.status === applicationStatus.pendingRegistration);
  await fanOutBatch(tx, {
    sent: sent.map((candidate) => ({
      candidate,
      application: moved[unchanged.indexOf(candidate)]!,
      debts: (partsAfter.get(candidate.application.id) ?? locked.get(candidate.application.id)!.parts).debts,
    })),
    now,
  });
  return new Set(unchanged.map((candidate) => candidate.application.id));
}

/**
 * fanOutToLenders for the applications of the batch that reached 210: one request per lender, what each
 * lender is sent built from what the batch read (every application's view, duplicates among its
 * person's other applications), and the registration calls, each kind of row written in one statement.
 */
async function fanOutBatch(
  tx: Executor,
  input: {
    sent: ReadonlyArray<{
      candidate: IntakeCandidate;
      application: LoanApplicationRow;
      debts: SnapshotParts['debts'];
    }>;
    now: Date;
  },
): Promise<void> {
  const { sent, now } = input;
  if (sent.length === 0) return;
  await insertLoanRequestsOf(tx, {
    requests: sent.map(({ candidate, application }) => ({
      applicationId: application.id,
      lenderIds: candidate.lenders.map((adapter) => adapter.profile.id),
    })),
    now,
  });
  const ids = sent.map(({ application }) => application.id);
  const requestsOf = await listLoanRequestsOfApplications(tx, ids);
  // Income verified from bank data (ADR 0076): one query for the batch.
  const bankIncomes = await bankVerifiedIncomes(tx, ids);
  const duplicatesOf = await lendersHoldingOtherApplicationsOf(
    tx,
    sent.map(({ application }) => application),
  );
  const jobs: NewJob[] = [];
  for (const { candidate, application, debts } of sent) {
    const external =
      candidate.external && 'result' in candidate.external ? candidate.external.result : undefined;
    const view = lenderApplicationOf({
      application,
      parties: candidate.parties,
      applicantRows: candidate.applicantRows,
      debtRows: debts,
      bureau: external ? bureauPayloadOf(external) : undefined,
      isDuplicateAtLender: false,
      property: null,
      now,
      bankIncome: bankIncomes.get(application.id),
    });
    const duplicates = duplicatesOf.get(application.id) ?? new Set<string>();
    const byLender = new Map(candidate.lenders.map((adapter) => [adapter.profile.id, adapter]));
    jobs.push(
      ...lenderCallJobs({
        kind: jobKinds.lenderRegister,
        applicationId: application.id,
        calls: (requestsOf.get(application.id) ?? []).flatMap((request) => {
          const adapter = byLender.get(request.lenderId);
          if (!adapter) return [];
          return [
            {
              requestId: request.id,
              lenderId: request.lenderId,
              runAt: new Date(now.getTime() + adapter.responseDelayMs('registration')),
              view: { ...view, isDuplicateAtLender: duplicates.has(request.lenderId) },
            },
          ];
        }),
      }),
    );
  }
  await enqueueJobs(tx, jobs);
}
