import type { PersonCheck } from '@nordloan/domain/backoffice';
import type { Country } from '@nordloan/domain/enums';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { OutboxEventRow } from '#src/db/schema/lending.ts';
import { insertOutboxEvents, type NewOutboxEvent } from '#src/jobs/outbox.repository.ts';
import { notFound, serviceUnavailable } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import {
  findApplicationByIdForUpdate,
  findApplicationsByIdsForUpdate,
} from '#src/modules/loan-applications/application-locked-read.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { findPersonsByIds, type PersonRow } from '#src/modules/persons/person.repository.ts';
import { toPersonCheck } from './person-check.mapper.ts';
import {
  insertPersonChecks,
  listPersonChecks,
  type NewPersonCheckRow,
  type PersonCheckRow,
} from './person-check.repository.ts';
import {
  hasOpenHit,
  isHitRow,
  type ScreeningHold,
  screenedSinceEach,
  screeningHoldsOf,
} from './screening.repository.ts';
import type { ScreeningAdapter, ScreeningSubject } from './screening-adapter.ts';

// PEP / sanctions screening of every applicant (ADR 0022; hvitvaskingsloven §§ 18, 20, penningtvättslagen
// 3 kap., rahanpesulaki 3 luku, hvidvaskloven § 18). Each run stores one PersonCheck per applicant. The
// screening of a submission runs when the outbox relay hands on its event (screening.events.ts, ADR 0056);
// an application submitted and not yet screened, or with an open hit, is held before the lender panel
// (screeningHoldsOf) until a reviewer (`screening.review`: Manager, Super) clears the hit (it continues)
// or blocks the application (198 sanctions, 199 fraud). What the other modules do about a screening —
// the review bucket, going on with the intake — they do from this module's events.

export type { ScreeningHold } from './screening.repository.ts';
export type { ScreeningAdapter } from './screening-adapter.ts';

/** `application-screened` (ADR 0056): a screening run stored its checks. */
export interface ApplicationScreenedPayload {
  LoanApplicationID: string;
  Country: string;
  PersonCheckIDs: string[];
  /** How many of the checks are hits (PEP, RCA or Sanctioned). */
  Hits: number;
  /** The submission's automatic screening, or a staff member's run on demand. */
  Trigger: 'submission' | 'staff';
}

/** `screening-decided` (ADR 0056): a reviewer cleared a hit or blocked the application. */
export interface ScreeningDecidedPayload {
  LoanApplicationID: string;
  Country: string;
  PersonCheckID: string;
  Decision: 'clear' | 'block';
  /** The deciding agent (null for a token that names none). */
  DecidedBy: string | null;
  /** The reviewer's reason (a block's reason ends the lenders' open work with it). */
  Reason: string;
  /** The hits the decision covered. */
  Covered: string[];
  /** The application's status after the decision (198/199 after a block). */
  Status: number;
}

/** The payload of a screening event, or undefined for any other event. */
export function screeningEventOf(
  event: Pick<OutboxEventRow, 'eventName' | 'payload'>,
):
  | { kind: 'application-screened'; payload: ApplicationScreenedPayload }
  | { kind: 'screening-decided'; payload: ScreeningDecidedPayload }
  | undefined {
  if (event.eventName === 'application-screened') {
    return { kind: 'application-screened', payload: event.payload as unknown as ApplicationScreenedPayload };
  }
  if (event.eventName === 'screening-decided') {
    return { kind: 'screening-decided', payload: event.payload as unknown as ScreeningDecidedPayload };
  }
  return undefined;
}

export function screeningEvent(
  application: Pick<LoanApplicationRow, 'id'>,
  payload: ApplicationScreenedPayload | ScreeningDecidedPayload,
  now: Date,
): NewOutboxEvent {
  return {
    eventName: 'Decision' in payload ? 'screening-decided' : 'application-screened',
    aggregateType: 'loan-application',
    aggregateId: application.id,
    loanApplicationId: application.id,
    payload: { ...payload },
    createdAt: now,
  };
}

/** One application's screening as asked of the provider, its checks not yet stored. */
interface PlannedScreening {
  application: LoanApplicationRow;
  checks: NewPersonCheckRow[];
  now: Date;
}

/**
 * Asks the provider about the main applicant and co-applicant of an application the caller holds FOR
 * UPDATE (`persons`: their rows, read by the caller): the PersonCheck each gets. A provider that does not
 * answer for someone fails the caller's transaction: nothing is stored.
 */
async function planScreening(
  application: LoanApplicationRow,
  persons: ReadonlyMap<string, PersonRow>,
  adapter: ScreeningAdapter,
  now: Date,
): Promise<PlannedScreening> {
  const found = [application.personId, application.coApplicantPersonId].flatMap((id) => {
    const row = id ? persons.get(id) : undefined;
    return row ? [row] : [];
  });
  if (found.length === 0) return { application, checks: [], now };
  const subjects: ScreeningSubject[] = found.map((each) => ({
    reference: each.id,
    fullName: [each.firstName, each.lastName].filter(Boolean).join(' ').trim(),
    birthDate: each.birthDate,
    country: application.country as Country,
  }));
  const results = new Map((await adapter.screen(subjects)).map((result) => [result.reference, result]));
  const checks = found.map((each, index): NewPersonCheckRow => {
    const subject = subjects[index]!;
    const result = results.get(each.id);
    // No answer for an applicant is no screening: nothing is stored and the caller's transaction fails.
    if (!result) throw serviceUnavailable('The screening provider did not answer');
    const details: string[] = [];
    if (result.details) details.push(result.details);
    // The applicant's own answer counts as a hit too: the form asks whether they are politically exposed.
    if (each.isPoliticallyExposed) {
      details.push(
        `Self-declared politically exposed person${each.politicallyExposedRole ? `: ${each.politicallyExposedRole}` : ''}`,
      );
    }
    if (!subject.fullName) details.push('No name on record: screened without a name, review by hand');
    return {
      personId: each.id,
      loanApplicationId: application.id,
      fullName: (subject.fullName || 'Name not on record').slice(0, 300),
      isPep: result.pep || each.isPoliticallyExposed === true,
      isRca: result.rca,
      isSanctioned: result.sanctioned,
      details: details.length > 0 ? details.join('\n').slice(0, 10_000) : null,
      createdAt: now,
      updatedAt: now,
    };
  });
  return { application, checks, now };
}

/**
 * Stores the planned screenings — every check in one statement, an `application-screened` each (those with
 * an applicant to screen) in another — and answers each one's stored checks, in the order given.
 */
async function storeScreenings(
  tx: Executor,
  planned: readonly PlannedScreening[],
  trigger: ApplicationScreenedPayload['Trigger'],
): Promise<PersonCheckRow[][]> {
  const stored = await insertPersonChecks(
    tx,
    planned.flatMap((each) => each.checks),
  );
  let next = 0;
  const checksOf = planned.map((each) => {
    const checks = stored.slice(next, next + each.checks.length);
    next += each.checks.length;
    return checks;
  });
  await insertOutboxEvents(
    tx,
    planned.flatMap(({ application, now }, index) => {
      const checks = checksOf[index]!;
      if (checks.length === 0) return [];
      return [
        screeningEvent(
          application,
          {
            LoanApplicationID: application.id,
            Country: application.country,
            PersonCheckIDs: checks.map((check) => check.id),
            Hits: checks.filter(isHitRow).length,
            Trigger: trigger,
          },
          now,
        ),
      ];
    }),
  );
  return checksOf;
}

/**
 * Screens the main applicant and co-applicant of an application the caller holds FOR UPDATE, stores a
 * PersonCheck each and writes `application-screened`. A provider that does not answer for someone fails
 * the caller's transaction: nothing is stored.
 */
async function screenApplication(
  tx: Executor,
  input: {
    application: LoanApplicationRow;
    adapter: ScreeningAdapter;
    now: Date;
    trigger: ApplicationScreenedPayload['Trigger'];
  },
): Promise<PersonCheckRow[]> {
  const { application } = input;
  const persons = await findPersonsByIds(
    tx,
    [application.personId, application.coApplicantPersonId].filter((id): id is string => id !== null),
  );
  const planned = await planScreening(application, persons, input.adapter, input.now);
  const [checks] = await storeScreenings(tx, [planned], input.trigger);
  return checks!;
}

/**
 * The screening of submissions (the relay's `loan-application-status-changed` to 160, screening.events.ts).
 * At most once per submission: a screening stored at or after `submittedAt` (a second delivery of the
 * event, or a staff run since) already screened it. The checks are stored at `now`, and never before the
 * submission (another instance's clock), which is what screeningHoldsOf compares. Many submissions (an
 * outbox batch, ADR 0085) are read, locked and stored together; the provider is asked per application.
 */
export async function screenSubmissions(
  tx: Executor,
  input: {
    submissions: readonly { applicationId: string; submittedAt: Date }[];
    adapter: ScreeningAdapter;
    now: Date;
  },
): Promise<void> {
  // An application submitted twice in one batch: its later submissions after the first is stored, one by
  // one, as event by event (the first's screening may already count for them).
  const submittedAt = new Map<string, Date>();
  const later: { applicationId: string; submittedAt: Date }[] = [];
  for (const submission of input.submissions) {
    if (submittedAt.has(submission.applicationId)) later.push(submission);
    else submittedAt.set(submission.applicationId, submission.submittedAt);
  }
  // Held as a staff run holds it: the batch intake reads the holds under the same lock (ADR 0047).
  const applications = await findApplicationsByIdsForUpdate(tx, [...submittedAt.keys()]);
  const screened = await screenedSinceEach(
    tx,
    new Map([...applications.keys()].map((id) => [id, submittedAt.get(id)!])),
  );
  const toScreen = [...submittedAt.keys()].flatMap((id) => {
    const application = applications.get(id);
    return application && !screened.has(id) ? [application] : [];
  });
  const persons = await findPersonsByIds(tx, [
    ...new Set(
      toScreen.flatMap((application) =>
        [application.personId, application.coApplicantPersonId].filter((id): id is string => id !== null),
      ),
    ),
  ]);
  const planned: PlannedScreening[] = [];
  for (const application of toScreen) {
    const at = submittedAt.get(application.id)!;
    const now = new Date(Math.max(input.now.getTime(), at.getTime()));
    planned.push(await planScreening(application, persons, input.adapter, now));
  }
  const stored = await storeScreenings(tx, planned, 'submission');
  for (const [index, { application, now }] of planned.entries()) {
    const hits = stored[index]!.filter(isHitRow);
    if (hits.length === 0) continue;
    await recordAudit(tx, {
      actor: { kind: 'system', name: 'screening' },
      action: 'screening.hit',
      subjectType: 'loan-application',
      subjectId: application.id,
      loanApplicationId: application.id,
      country: application.country as Country,
      details: { PersonCheckIDs: hits.map((check) => check.id) },
      at: now,
    });
  }
  for (const submission of later) await screenSubmissions(tx, { ...input, submissions: [submission] });
}

/** Staff run the screening again (e.g. after a name change or a list update). */
export async function runScreening(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  adapter: ScreeningAdapter;
  now: Date;
}): Promise<PersonCheck[]> {
  const { db, caller, now } = options;
  if (!isUuid(options.applicationId)) throw notFound();
  const found = await findApplicationById(db, options.applicationId);
  if (!found) throw notFound();
  const staff = assertStaffMay(caller, 'screening.review', found.country, { record: true });
  return db.transaction(async (tx) => {
    const application = (await findApplicationByIdForUpdate(tx, found.id))!;
    const checks = await screenApplication(tx, {
      application,
      adapter: options.adapter,
      now,
      trigger: 'staff',
    });
    await recordAudit(tx, {
      actor: staff,
      action: 'screening.run',
      subjectType: 'loan-application',
      subjectId: application.id,
      loanApplicationId: application.id,
      country: application.country as Country,
      details: { PersonCheckIDs: checks.map((check) => check.id), Hits: checks.filter(isHitRow).length },
      at: now,
    });
    return checks.map(toPersonCheck);
  });
}

/**
 * Why the application must not go to the lenders yet, or undefined: an open hit waits for review, a
 * submission for its screening. The intake asks it at 200 and staff moves to 210 are refused by it.
 */
export async function screeningHoldOf(
  db: Executor,
  applicationId: string,
): Promise<ScreeningHold | undefined> {
  return (await screeningHoldsOf(db, [applicationId])).get(applicationId);
}

/** screeningHoldOf for many applications, in one statement (the batch intake, ADR 0047). */
export { screeningHoldsOf } from './screening.repository.ts';

/** Whether a hit on the application still waits for a decision. */
export async function hasOpenScreeningHit(db: Executor, applicationId: string): Promise<boolean> {
  return hasOpenHit(db, applicationId);
}

/** A person's screenings as the §3 Person check, newest first (the 360° view). */
export async function personChecksOf(db: Executor, personId: string): Promise<PersonCheck[]> {
  return (await listPersonChecks(db, personId)).map(toPersonCheck);
}
