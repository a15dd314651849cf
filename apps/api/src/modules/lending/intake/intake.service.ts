import type { Country } from '@nordloan/domain/enums';
import { validateNationalId } from '@nordloan/domain/national-id';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationApplicantRow, LoanApplicationRow } from '#src/db/schema/applications.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import { errorMessageOf } from '#src/lib/error-message.ts';
import { hasOpenHit } from '#src/modules/backoffice/screening/screening.repository.ts';
import { jobKinds } from '#src/modules/lending/fan-out/lending-job-kinds.ts';
import { startRegistration } from '#src/modules/lending/fan-out/registration.service.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  type ApplicationParties,
  ageOn,
  CREDIT_BUREAU_SOURCE,
  DEBT_REGISTER_SOURCE,
  loadParties,
} from '#src/modules/lending/lender-panel/lender-view.ts';
import { upsertExternalData, upsertRegisterDebts } from '#src/modules/lending/lending.repository.ts';
import { transitionIfIn } from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import {
  findApplicants,
  findApplicationById,
} from '#src/modules/loan-applications/loan-application.repository.ts';
import { checkApplicationWith } from '#src/modules/loan-applications/loan-application.service.ts';
import type { ExternalDataProvider, ExternalDataSubject } from './external-data.ts';

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
}

/** Runs the intake steps from wherever the application stands; a no-op outside 160/180/200. */
export async function runIntake(options: IntakeOptions): Promise<void> {
  const { db, applicationId, now } = options;
  let application = await findApplicationById(db, applicationId);
  for (let step = 0; step < 3 && application; step++) {
    let moved: LoanApplicationRow | undefined;
    switch (application.status) {
      case 160:
        moved = await validateStep(options, application);
        break;
      case 180:
        moved = await externalDataStep(options, application);
        break;
      case 200: {
        // An open PEP/sanctions hit holds the application before the lender panel (ADR 0022).
        if (await hasOpenHit(db, applicationId)) return;
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
      onlyFrom: [160],
      to: problems.length > 0 ? 169 : 180,
      actor: system('validation'),
      reason: problems.length > 0 ? `Validation failed: ${problems.join('; ')}` : 'Validation passed',
      now,
      details: problems.length > 0 ? { Problems: problems } : {},
    });
  });
}

async function externalDataStep(
  options: IntakeOptions,
  application: LoanApplicationRow,
): Promise<LoanApplicationRow | undefined> {
  const { db } = options;
  const parties = await loadParties(db, application);
  const subjects: ExternalDataSubject[] = [];
  if (parties.main) subjects.push({ role: 'MainApplicant', nationalId: parties.main.nationalId });
  if (parties.co) subjects.push({ role: 'CoApplicant', nationalId: parties.co.nationalId });
  let result: Awaited<ReturnType<ExternalDataProvider['fetch']>>;
  try {
    result = await options.externalData.fetch({ country: application.country as Country, subjects });
  } catch (error) {
    const now = options.now();
    const message = errorMessageOf(error);
    return db.transaction((tx) =>
      transitionIfIn(tx, {
        applicationId: application.id,
        onlyFrom: [180],
        to: 181,
        actor: system('external-data'),
        reason: `Fetching external data failed: ${message}`,
        now,
        whileHeld: () =>
          upsertExternalData(tx, {
            loanApplicationId: application.id,
            source: DEBT_REGISTER_SOURCE,
            status: 'error',
            payload: { message },
            fetchedAt: now,
          }),
      }),
    );
  }
  const now = options.now();
  const sanctioned = result.sanctionsHits.length > 0;
  // The application is held first and the register's answer written only if it still stands at 180:
  // a move refused (someone else moved it meanwhile) leaves its debts as they were.
  return db.transaction((tx) =>
    transitionIfIn(tx, {
      applicationId: application.id,
      onlyFrom: [180],
      to: sanctioned ? 198 : 200,
      actor: system('external-data'),
      reason: sanctioned
        ? `Sanctions screening hit: ${result.sanctionsHits.map((hit) => `${hit.ownerRole} on ${hit.list}`).join(', ')}`
        : `External data received (${result.debts.length} debts from the register)`,
      now,
      whileHeld: async () => {
        await upsertRegisterDebts(tx, { applicationId: application.id, debts: result.debts, now });
        await upsertExternalData(tx, {
          loanApplicationId: application.id,
          source: DEBT_REGISTER_SOURCE,
          status: 'success',
          payload: { debts: result.debts.length },
          fetchedAt: now,
        });
        await upsertExternalData(tx, {
          loanApplicationId: application.id,
          source: CREDIT_BUREAU_SOURCE,
          status: 'success',
          payload: {
            paymentRemarks: result.paymentRemarks,
            registeredAddress: result.registeredAddress,
            sanctionsHits: result.sanctionsHits,
          },
          fetchedAt: now,
        });
      },
    }),
  );
}

/** Retry of a failed external-data fetch (181 → 180), by the system or staff; the job does the rest. */
export async function retryExternalData(tx: Executor, input: { applicationId: string; now: Date }) {
  return transitionIfIn(tx, {
    applicationId: input.applicationId,
    onlyFrom: [181],
    to: 180,
    actor: system('external-data-retry'),
    reason: 'Retrying the external data fetch',
    now: input.now,
  });
}

/** Queues the intake of a submitted application (the lifecycle's submit and staff moves to 160/180). */
export async function enqueueIntake(tx: Executor, application: LoanApplicationRow, now: Date) {
  await enqueueJob(tx, {
    kind: jobKinds.processApplication,
    payload: { applicationId: application.id },
    // One intake per submission: a later resubmission (after 169 or 181) has a new revision.
    dedupeKey: `${jobKinds.processApplication}:${application.id}:${application.revision}`,
    runAt: now,
  });
}
