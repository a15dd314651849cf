import type { Country } from '@nordloan/domain/enums';
import { validateNationalId } from '@nordloan/domain/national-id';
import { applicationStatus } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationApplicantRow, LoanApplicationRow } from '#src/db/schema/applications.ts';
import { enqueueJob, type NewJob } from '#src/jobs/job.repository.ts';
import { errorMessageOf } from '#src/lib/error-message.ts';
import { screeningHoldOf } from '#src/modules/compliance/screening.service.ts';
import {
  upsertExternalDataRows,
  upsertRegisterDebts,
} from '#src/modules/lending/external-data.repository.ts';
import { startRegistration } from '#src/modules/lending/fan-out/registration.service.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  type ApplicationParties,
  ageOn,
  CREDIT_BUREAU_SOURCE,
  type CreditBureauPayload,
  DEBT_REGISTER_SOURCE,
  loadParties,
} from '#src/modules/lending/lender-panel/lender-view.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import { findApplicants } from '#src/modules/loan-applications/application-applicant.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { transitionIfIn } from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { checkApplicationWith } from '#src/modules/loan-applications/loan-application.service.ts';
import type { ExternalDataProvider, ExternalDataResult, ExternalDataSubject } from './external-data.ts';

// The intake steps after the applicant submits (§4): 160 → validation (169 on failure) → 180 fetching
// external data (181 on failure; 198 on a sanctions hit) → 200 completed → 210 sent to the lender panel.
// Each step is its own transaction and moves only from the status it expects, so a job that crashed half
// way continues where it stopped.

const system = (id: string) => ({ kind: 'system' as const, id });
const minimumAge = 18;

/** What stops an application from going to lenders: the form check of §7 check/app plus identity and age. */
export async function validateForLenders(
  db: Executor,
  application: LoanApplicationRow,
  now: Date,
): Promise<string[]> {
  return problemsForLenders({
    application,
    applicantRows: await findApplicants(db, application.id),
    parties: await loadParties(db, application),
    now,
  });
}

/** validateForLenders on what was read of the application (no database). */
export function problemsForLenders(input: {
  application: LoanApplicationRow;
  applicantRows: readonly LoanApplicationApplicantRow[];
  parties: ApplicationParties;
  now: Date;
}): string[] {
  const { application, parties, now } = input;
  const problems = checkApplicationWith(application, input.applicantRows).Errors.map(
    (error) => `${error.Field}: ${error.Message}`,
  );
  for (const [role, person] of [
    ['MainApplicant', parties.main],
    ['CoApplicant', parties.co],
  ] as const) {
    if (role === 'CoApplicant' && !application.coApplicantPersonId) continue;
    if (!person) {
      problems.push(`${role}: no person`);
      continue;
    }
    if (!validateNationalId(application.country as Country, person.nationalId, { today: now }).valid) {
      problems.push(`${role}: invalid national identity number`);
    }
    const age = ageOn(person.birthDate, now);
    if (age === null || age < minimumAge) problems.push(`${role}: must be at least ${minimumAge} years old`);
  }
  return problems;
}

export interface IntakeOptions {
  db: Db;
  applicationId: string;
  panel: LenderPanel;
  externalData: ExternalDataProvider;
  now: () => Date;
  /**
   * The register's and the bureau's answer a batch already had for this application (a batch that could not
   * be recorded runs its intakes alone): used instead of asking again while the application's subjects are
   * still the ones asked about — each ask of the bureau is a credit inquiry on the applicant's file. A failed
   * ask (a timeout, say) is used as well: it may have reached the bureau, and it ends at 181 exactly as the
   * batch would have recorded it; the retry from 181 asks again.
   */
  fetchedBefore?: FetchedExternalData | undefined;
}

/** An answer of the register and the bureau, with whom it was about. */
export interface FetchedExternalData {
  country: string;
  subjects: ExternalDataSubject[];
  outcome: ExternalDataOutcome;
}

const sameSubjects = (a: readonly ExternalDataSubject[], b: readonly ExternalDataSubject[]) =>
  a.length === b.length &&
  a.every((subject, index) => subject.role === b[index]!.role && subject.nationalId === b[index]!.nationalId);

/** Runs the intake steps from wherever the application stands; a no-op outside 160/180/200. */
export async function runIntake(options: IntakeOptions): Promise<void> {
  const { db, applicationId, now } = options;
  let application = await findApplicationById(db, applicationId);
  for (let step = 0; step < 3 && application; step++) {
    let moved: LoanApplicationRow | undefined;
    switch (application.status) {
      case applicationStatus.submitted:
        moved = await validateStep(options, application);
        break;
      case applicationStatus.fetchingExternalData:
        moved = await externalDataStep(options, application);
        break;
      case applicationStatus.completed: {
        // The screening holds the application before the lender panel while a hit is open (ADR 0022) or
        // its last submission is not screened (the intake starts after the screening, but a job of an
        // earlier submission may still run; ADR 0056). lending.events.ts takes it on once nothing holds it.
        if (await screeningHoldOf(db, applicationId)) return;
        const ready = application;
        await db.transaction((tx) =>
          startRegistration(tx, { application: ready, panel: options.panel, now: now() }),
        );
        return;
      }
      default:
        return;
    }
    // Each step answers the row it moved (held while it moved it); when it did not move it (someone else
    // did meanwhile), the row is read again to go on from where it now stands.
    application = moved ?? (await findApplicationById(db, applicationId));
  }
}

async function validateStep(
  options: IntakeOptions,
  application: LoanApplicationRow,
): Promise<LoanApplicationRow | undefined> {
  const now = options.now();
  const problems = await validateForLenders(options.db, application, now);
  return options.db.transaction(async (tx) => {
    return transitionIfIn(tx, {
      applicationId: application.id,
      onlyFrom: [applicationStatus.submitted],
      ...validationMove(problems),
      now,
    });
  });
}

/** The move validation makes from 160: 169 with the problems found, or 180. */
export function validationMove(problems: readonly string[]) {
  return problems.length > 0
    ? {
        to: 169 as const,
        actor: system('validation'),
        reason: `Validation failed: ${problems.join('; ')}`,
        details: { Problems: [...problems] },
      }
    : { to: 180 as const, actor: system('validation'), reason: 'Validation passed', details: {} };
}

/** The register's and the bureau's answer for one application, or why it could not be had. */
export type ExternalDataOutcome = { result: ExternalDataResult } | { error: string };

/** Who the register and the bureau are asked about. */
export function subjectsOf(parties: ApplicationParties): ExternalDataSubject[] {
  const subjects: ExternalDataSubject[] = [];
  if (parties.main) subjects.push({ role: 'MainApplicant', nationalId: parties.main.nationalId });
  if (parties.co) subjects.push({ role: 'CoApplicant', nationalId: parties.co.nationalId });
  return subjects;
}

/** The move the external-data step makes from 180: 181 when the fetch failed, 198 on a sanctions hit, or 200. */
export function externalDataMove(outcome: ExternalDataOutcome) {
  const actor = system('external-data');
  if ('error' in outcome) {
    return { to: 181 as const, actor, reason: `Fetching external data failed: ${outcome.error}` };
  }
  const { result } = outcome;
  if (result.sanctionsHits.length > 0) {
    const hits = result.sanctionsHits.map((hit) => `${hit.ownerRole} on ${hit.list}`).join(', ');
    return { to: 198 as const, actor, reason: `Sanctions screening hit: ${hits}` };
  }
  return {
    to: 200 as const,
    actor,
    reason: `External data received (${result.debts.length} debts from the register)`,
  };
}

/** What the external-data step stores of the outcome: the register's status, and the bureau's answer. */
export function externalDataRowsOf(applicationId: string, outcome: ExternalDataOutcome, now: Date) {
  if ('error' in outcome) {
    return [
      {
        loanApplicationId: applicationId,
        source: DEBT_REGISTER_SOURCE,
        status: 'error',
        payload: { message: outcome.error } as Record<string, unknown>,
        fetchedAt: now,
      },
    ];
  }
  const { result } = outcome;
  return [
    {
      loanApplicationId: applicationId,
      source: DEBT_REGISTER_SOURCE,
      status: 'success',
      payload: { debts: result.debts.length } as Record<string, unknown>,
      fetchedAt: now,
    },
    {
      loanApplicationId: applicationId,
      source: CREDIT_BUREAU_SOURCE,
      status: 'success',
      payload: { ...bureauPayloadOf(result) },
      fetchedAt: now,
    },
  ];
}

/** The credit bureau's answer as the lender view reads it back (CreditBureauPayload). */
export function bureauPayloadOf(result: ExternalDataResult): CreditBureauPayload {
  return {
    paymentRemarks: result.paymentRemarks,
    registeredAddress: result.registeredAddress,
    sanctionsHits: result.sanctionsHits,
  };
}

async function externalDataStep(
  options: IntakeOptions,
  application: LoanApplicationRow,
): Promise<LoanApplicationRow | undefined> {
  const { db, fetchedBefore } = options;
  const subjects = subjectsOf(await loadParties(db, application));
  let outcome: ExternalDataOutcome;
  if (
    fetchedBefore &&
    fetchedBefore.country === application.country &&
    sameSubjects(fetchedBefore.subjects, subjects)
  ) {
    outcome = fetchedBefore.outcome;
  } else {
    try {
      outcome = {
        result: await options.externalData.fetch({ country: application.country as Country, subjects }),
      };
    } catch (error) {
      outcome = { error: errorMessageOf(error) };
    }
  }
  const now = options.now();
  // The application is held first and the answer written only if it still stands at 180: a move refused
  // (someone else moved it meanwhile) leaves its debts and external data as they were.
  return db.transaction((tx) =>
    transitionIfIn(tx, {
      applicationId: application.id,
      onlyFrom: [applicationStatus.fetchingExternalData],
      ...externalDataMove(outcome),
      now,
      whileHeld: async () => {
        if ('result' in outcome) {
          await upsertRegisterDebts(tx, { applicationId: application.id, debts: outcome.result.debts, now });
        }
        await upsertExternalDataRows(tx, externalDataRowsOf(application.id, outcome, now));
      },
    }),
  );
}

/** Retry of a failed external-data fetch (181 → 180), by the system or staff; the job does the rest. */
export async function retryExternalData(tx: Executor, input: { applicationId: string; now: Date }) {
  return transitionIfIn(tx, {
    applicationId: input.applicationId,
    onlyFrom: [applicationStatus.externalDataFailed],
    to: 180,
    actor: system('external-data-retry'),
    reason: 'Retrying the external data fetch',
    now: input.now,
  });
}

/**
 * Queues the intake of an application: a submission once screened, one the screening held at 200 once nothing
 * holds it (lending.events.ts, ADR 0056), a staff retry of the external data (→ 180).
 */
/** The intake job of a submission: one per revision (a later resubmission, after 169 or 181, has a new one). */
export function intakeJobOf(application: LoanApplicationRow, now: Date): NewJob {
  return {
    kind: jobKinds.processApplication,
    payload: { applicationId: application.id },
    dedupeKey: `${jobKinds.processApplication}:${application.id}:${application.revision}`,
    runAt: now,
  };
}

export async function enqueueIntake(tx: Executor, application: LoanApplicationRow, now: Date) {
  await enqueueJob(tx, intakeJobOf(application, now));
}
