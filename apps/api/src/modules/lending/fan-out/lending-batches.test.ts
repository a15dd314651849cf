import type { Country } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { testConfig } from '#src/config.ts';
import type { Executor } from '#src/db/client.ts';
import { loanApplicationRevision } from '#src/db/schema/applications.ts';
import { assignment, bucket } from '#src/db/schema/backoffice.ts';
import type { LoanRequestRow } from '#src/db/schema/lending.ts';
import { claimJobs, findJobs } from '#src/jobs/job.repository.ts';
import { listOutboxEvents } from '#src/jobs/outbox.repository.ts';
import { silentLogger } from '#src/jobs/worker.ts';
import { insertPersonCheck } from '#src/modules/compliance/person-check.repository.ts';
import type { ExternalDataProvider } from '#src/modules/lending/intake/external-data.ts';
import { type FetchedExternalData, runIntake } from '#src/modules/lending/intake/intake.service.ts';
import {
  type LenderAdapter,
  LenderUnavailableError,
  lenderPanelOf,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { listStatusTransitions } from '#src/modules/loan-applications/lifecycle/status-transition.repository.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { expectOneChain } from '#src/test/status-chain.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { sharedTestLenderPanel } from '#src/test/test-lender-sandbox.ts';
import { intakeBatchSizeLimit } from '../intake/intake-jobs.ts';
import { jobKinds } from '../lending-job-kinds.ts';
import { lendingJobHandlers } from '../lending-jobs.ts';
import { planSettlement } from './request-progress.service.ts';

// Lender registrations of many applications recorded in one transaction (ADR 0047 steps 1–4): the plan of
// a settlement without the database, a batch that gives the rows one-by-one runs give, a failing lender
// split off, a database error that sends every job of the batch back to be recorded alone (the lenders not
// asked again), and a job whose lease was lost left out of its batch. Each integration test has a database
// of its own: what it counts (jobs, lender calls, transactions) must not see another test's applications,
// and two runs compared need the same applicants, which one database would take for duplicates.

/** Just the fields planSettlement reads; the rest of a row does not matter to it. */
const requestsWith = (...statuses: number[]) =>
  statuses.map(
    (status, index) => ({ id: `request-${index}`, lenderId: `lender-${index}`, status }) as LoanRequestRow,
  );

describe('planSettlement', () => {
  const stepsOf = (plan: ReturnType<typeof planSettlement>) => plan.steps.map((step) => step.to);

  it('ends 270 when no lender registered the application', () => {
    const plan = planSettlement({ status: 210, requests: requestsWith(261, 263, 264, 269), shownQuotes: 0 });
    expect(stepsOf(plan)).toEqual([270]);
    expect(plan.steps[0]).toMatchObject({
      actor: { kind: 'system', id: 'registration' },
      reason: '0 of 4 lenders registered the application',
    });
    expect(plan.approvedTo411).toBe(false);
  });

  it('goes 300 and 310 once every lender answered the registration, the refusals counted out', () => {
    const plan = planSettlement({ status: 210, requests: requestsWith(251, 251, 251), shownQuotes: 0 });
    expect(stepsOf(plan)).toEqual([300, 310]);
    expect(plan.steps.map((step) => step.actor)).toEqual([
      { kind: 'system', id: 'registration' },
      { kind: 'system', id: 'registration' },
    ]);
    expect(plan.steps[0]!.reason).toBe('3 of 3 lenders registered the application');
    expect(plan.approvedTo411).toBe(false);

    const someRefused = planSettlement({
      status: 210,
      requests: requestsWith(251, 266, 251),
      shownQuotes: 0,
    });
    expect(stepsOf(someRefused)).toEqual([300, 310]);
    expect(someRefused.steps[0]!.reason).toBe('2 of 3 lenders registered the application');
  });

  it('goes on to 400 with an offer that may be shown, moved by the lender whose answer it records', () => {
    // Every lender registered, one of which has already approved (its decision came before the last
    // registration was recorded).
    const requests = requestsWith(251, 351);
    const byLender = planSettlement({ status: 210, requests, shownQuotes: 1, lenderId: 'no-fjordbanken' });
    expect(stepsOf(byLender)).toEqual([300, 310, 400]);
    expect(byLender.steps[2]!.actor).toEqual({ kind: 'lender', id: 'no-fjordbanken' });
    // A lender is still deciding: no 410 yet, and no request moves to 411.
    expect(byLender.approvedTo411).toBe(false);

    const bySystem = planSettlement({ status: 210, requests, shownQuotes: 1 });
    expect(stepsOf(bySystem)).toEqual([300, 310, 400]);
    expect(bySystem.steps[2]!.actor).toEqual({ kind: 'system', id: 'decisions' });
  });

  it('goes 400 and 410 once every lender decided with an offer shown, the approved requests to 411', () => {
    const plan = planSettlement({ status: 310, requests: requestsWith(351, 361, 264, 369), shownQuotes: 2 });
    expect(stepsOf(plan)).toEqual([400, 410]);
    expect(plan.steps[1]!.actor).toEqual({ kind: 'system', id: 'decisions' });
    expect(plan.approvedTo411).toBe(true);
  });

  it('ends 370 when every lender decided and none gave an offer that may be shown', () => {
    const plan = planSettlement({ status: 310, requests: requestsWith(361, 369, 264), shownQuotes: 0 });
    expect(stepsOf(plan)).toEqual([370]);
    expect(plan.approvedTo411).toBe(false);
  });

  it('moves nothing while a lender is still registering', () => {
    const plan = planSettlement({ status: 210, requests: requestsWith(251, 211, 264), shownQuotes: 1 });
    expect(plan).toEqual({ steps: [], approvedTo411: false });
  });
});

// ── Integration ───────────────────────────────────────────────────────────────────────────────────

type ApplicationInput = Pick<
  NonNullable<Parameters<typeof createCompleteApplication>[1]>,
  'country' | 'amount' | 'applicant'
>;

/**
 * `count` applications of the mix lending-worker.test's "two workers at once" uses (every country; each
 * ends 410 with the simulated panel).
 */
const mixedApplications = (count: number): ApplicationInput[] =>
  Array.from({ length: count }, (_, index) => {
    const country = (['NO', 'SE', 'FI', 'DK'] as const)[index % 4]!;
    return { country, amount: country === 'FI' ? 20_000 : 100_000 };
  });

/**
 * Until the test ends (or the answered function is called), the database refuses to move `applicationId` on
 * from `fromStatus` (a trigger that raises): a batch that writes it with others fails as a whole, a job of
 * it alone fails alone.
 */
async function refuseMovesOf(
  db: Executor,
  applicationId: string,
  fromStatus: number,
): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(`CREATE FUNCTION refuse_move_of_one_application() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = '${applicationId}' AND OLD.status = ${fromStatus} AND NEW.status <> ${fromStatus} THEN
          RAISE EXCEPTION 'application % refused by the test', NEW.id;
        END IF;
        RETURN NEW;
      END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER refuse_move_of_one_application BEFORE UPDATE ON loan_application
      FOR EACH ROW EXECUTE FUNCTION refuse_move_of_one_application()`),
  );
  const stopRefusing = async () => {
    await db.execute(sql.raw('DROP TRIGGER IF EXISTS refuse_move_of_one_application ON loan_application'));
    await db.execute(sql.raw('DROP FUNCTION IF EXISTS refuse_move_of_one_application()'));
  };
  onTestFinished(stopRefusing);
  return stopRefusing;
}

/** An app of its own for one test, closed when the test ends. */
async function ownApp(): Promise<TestApp> {
  const app = await createTestApp();
  onTestFinished(() => app.close());
  return app;
}

/**
 * The applications created and submitted. Each applicant's national id is fixed by the position: the
 * simulated lenders decide by a key made of it (randomnessKeyOf), so two apps given the same inputs get
 * the same answers.
 */
async function submittedApplications(t: TestApp, inputs: readonly ApplicationInput[]) {
  const applications: CreatedApplication[] = [];
  for (const [index, input] of inputs.entries()) {
    const nationalId = makeTestNationalId(input.country ?? 'NO', '1985-04-12', index);
    applications.push(await createCompleteApplication(t, { ...input, nationalId }));
  }
  for (const application of applications) await submit(t, application);
  return applications;
}

type RegisterCall = Parameters<LenderAdapter['registerApplication']>[0];

/**
 * The simulated panel answering at once, without random failures, every registration call counted by
 * lender and application; `register` may stand in for a lender's answer (given that lender's own adapter).
 */
function countedPanel(
  t: TestApp,
  register?: (adapter: LenderAdapter, call: RegisterCall) => ReturnType<LenderAdapter['registerApplication']>,
) {
  const counter = callCounter(t);
  const panel = lenderPanelOf(
    counter.simulated.all().map((adapter) => ({
      ...adapter,
      registerApplication: async (call) => {
        counter.count(adapter.profile.id, call.applicationId);
        return register ? register(adapter, call) : adapter.registerApplication(call);
      },
    })),
  );
  /** How often each of the application's lenders was asked to register it, by lender. */
  return { panel, registrationCallsOf: counter.callsOf };
}

/**
 * The simulated panel answering at once, without random failures, and a count of the calls made to it by
 * lender and application (`count` answers how often this one has now been made, 1 the first time).
 */
function callCounter(t: TestApp) {
  const calls = new Map<string, number>();
  const simulated = sharedTestLenderPanel({ delayScale: 0 });
  const count = (lenderId: string, applicationId: string) => {
    const key = `${lenderId}:${applicationId}`;
    const made = (calls.get(key) ?? 0) + 1;
    calls.set(key, made);
    return made;
  };
  /** How often each of the application's lenders was called, by lender. */
  const callsOf = async (applicationId: string) =>
    Object.fromEntries(
      (await listLoanRequests(t.database.db, applicationId)).map((request) => [
        request.lenderId,
        calls.get(`${request.lenderId}:${applicationId}`) ?? 0,
      ]),
    );
  return { simulated, count, callsOf };
}

/** `count` for each of the application's lenders. */
async function eachLender(t: TestApp, applicationId: string, count: number) {
  const requests = await listLoanRequests(t.database.db, applicationId);
  expect(requests.length).toBeGreaterThan(0);
  return Object.fromEntries(requests.map((request) => [request.lenderId, count]));
}

const statusOf = async (t: TestApp, id: string) => (await findApplicationById(t.database.db, id))!.status;

const registrationJobsOf = async (t: TestApp, applicationId: string) =>
  (await findJobs(t.database.db, jobKinds.lenderRegister)).filter(
    (row) => row.payload.applicationId === applicationId,
  );

/**
 * In how many transactions the done jobs of `kind` were completed: a row's xmin is the transaction that
 * last wrote it, and a completed job is not written again. A batch completes its jobs in one transaction;
 * one-by-one runs complete each in its own. (The test clock stands still, so their times cannot tell.)
 */
async function transactionsCompleting(db: Executor, kind: string): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(DISTINCT xmin::text)::int AS n FROM job WHERE kind = ${kind} AND status = 'done'`,
  );
  return Number((result as unknown as { rows: Array<{ n: number | string }> }).rows[0]!.n);
}

/** What the lenders' answers left of one application: its status, requests and offers. */
async function endOf(t: TestApp, applicationId: string) {
  const { db } = t.database;
  return {
    status: await statusOf(t, applicationId),
    requests: (await listLoanRequests(db, applicationId)).map(({ lenderId, status, reasonCode, reason }) => ({
      lenderId,
      status,
      reasonCode,
      reason,
    })),
    quotes: (await listQuotes(db, applicationId))
      .map(({ lenderId, amount, durationMonths, nominalRate, status }) => ({
        lenderId,
        amount,
        durationMonths,
        nominalRate,
        status,
      }))
      .sort((a, b) => a.lenderId.localeCompare(b.lenderId) || a.amount - b.amount),
  };
}

/**
 * Every row of one application that a run writes, without ids and times (two databases, two clocks):
 * the end, the status history, the events in order, the revisions and the open work-queue item's rule.
 * The applicant's customer id (each database its own) is written as "<customer>".
 */
async function rowsOf(t: TestApp, { id: applicationId, customerId }: CreatedApplication) {
  const { db } = t.database;
  const anonymous = (text: string) => text.replaceAll(customerId, '<customer>');
  const revisions = await db
    .select({
      revision: loanApplicationRevision.revision,
      status: loanApplicationRevision.status,
      changedBy: sql<string>`replace(${loanApplicationRevision.changedBy}, ${customerId}, '<customer>')`,
      reason: loanApplicationRevision.reason,
    })
    .from(loanApplicationRevision)
    .where(eq(loanApplicationRevision.loanApplicationId, applicationId))
    .orderBy(asc(loanApplicationRevision.revision));
  const openAssignments = await db
    .select({ rule: bucket.rule, revision: assignment.revision })
    .from(assignment)
    .innerJoin(bucket, eq(bucket.id, assignment.bucketId))
    .where(and(eq(assignment.loanApplicationId, applicationId), isNull(assignment.processedAt)));
  return {
    ...(await endOf(t, applicationId)),
    transitions: (await listStatusTransitions(db, applicationId)).map(
      ({ fromStatus, toStatus, revision, actorKind, actorId, reason }) =>
        anonymous(`${fromStatus}>${toStatus} r${revision} ${actorKind}:${actorId} ${reason}`),
    ),
    events: (await listOutboxEvents(db, applicationId)).map((event) => event.eventName),
    revisions,
    workQueue: openAssignments,
  };
}

/**
 * Applications the lenders answer in different ways: all refusing the registration (270), some refusing
 * it, one declining for want of a co-applicant (363) or on its credit score (369), every lender approving.
 */
const variedApplications: readonly ApplicationInput[] = [
  ...mixedApplications(2),
  { country: 'NO', amount: 100_000, applicant: { grossYearlyIncome: 150_000, netMonthlyIncome: 10_000 } },
  { country: 'NO', amount: 400_000, applicant: { grossYearlyIncome: 190_000, netMonthlyIncome: 3_000 } },
  { country: 'SE', amount: 600_000 },
  { country: 'FI', amount: 40_000, applicant: { grossYearlyIncome: 20_000, netMonthlyIncome: 700 } },
  { country: 'DK', amount: 100_000, applicant: { grossYearlyIncome: 80_000, netMonthlyIncome: 5_000 } },
];

describe('registrations of many applications in one batch (ADR 0047)', () => {
  it('records the registrations of many applications in one batch', async () => {
    const t = await ownApp();
    const applications = await submittedApplications(t, mixedApplications(12));
    const { panel, registrationCallsOf } = countedPanel(t);
    await settle(t, testWorker(t, { panel, externalData: fixedExternalData(), concurrency: 8 }));

    for (const application of applications) {
      expect(await registrationCallsOf(application.id)).toEqual(await eachLender(t, application.id, 1));
      expect(await statusOf(t, application.id)).toBe(410);
      await expectOneChain(t, application.id);
    }
    // Every lender of an application due at the same moment: one job per application, all done...
    const registrationJobs = await findJobs(t.database.db, jobKinds.lenderRegister);
    expect(registrationJobs).toHaveLength(applications.length);
    expect(registrationJobs.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    // ...and completed together, in the one transaction that recorded them all.
    expect(await transactionsCompleting(t.database.db, jobKinds.lenderRegister)).toBe(1);
  });

  it('keeps the intake’s batches at 50 whatever the lender jobs’ batch size (its fallback runs one by one in the lease)', () => {
    const handlers = lendingJobHandlers({
      // Batch sizes only: no lender is called.
      panel: lenderPanelOf([]),
      externalData: fixedExternalData(),
      batchSize: 200,
    });
    expect(handlers[jobKinds.processApplication]!.batchSize).toBe(intakeBatchSizeLimit);
    expect(intakeBatchSizeLimit).toBe(50);
    expect(handlers[jobKinds.lenderRegister]!.batchSize).toBe(200);
    expect(handlers[jobKinds.lenderDecision]!.batchSize).toBe(200);
  });

  it('records no more jobs in one transaction than config.worker.batchSize, below the worker’s concurrency too', async () => {
    const defaults = testConfig().worker;
    const t = await createTestApp({ config: { worker: { ...defaults, batchSize: 5 } } });
    onTestFinished(() => t.close());
    const applications = await submittedApplications(t, mixedApplications(12));
    const { panel } = countedPanel(t);
    await settle(t, testWorker(t, { panel, externalData: fixedExternalData(), concurrency: 8 }));

    for (const application of applications) expect(await statusOf(t, application.id)).toBe(410);
    for (const kind of [jobKinds.processApplication, jobKinds.lenderRegister]) {
      // 12 jobs due at once, 8 claimed, taken 5 at a time: 5 + 5 + 2, each in its own transaction.
      expect(await jobsPerCompletingTransaction(t.database.db, kind)).toEqual([5, 5, 2]);
    }
  });

  it.each([
    { lenders: 'answering at once', delayScale: 0 },
    { lenders: 'each at its own pace', delayScale: 1 },
  ])('gives the same rows as one-by-one runs, lenders $lenders', async ({ delayScale }) => {
    const batched = await ownApp();
    const oneByOne = await ownApp();
    const inBatches = await submittedApplications(batched, variedApplications);
    const alone = await submittedApplications(oneByOne, variedApplications);
    // One seed for both runs; the lenders' answers depend on it and on the applicant alone.
    const panel = sharedTestLenderPanel({ delayScale });
    const options = { externalData: fixedExternalData(), concurrency: 8 };
    await settle(batched, testWorker(batched, { ...options, panel }));
    await settle(oneByOne, testWorker(oneByOne, { ...options, panel, batches: false }));
    // The two runs did go different ways: jobs of several applications completed together in the
    // batches, each job in a transaction of its own in the other run.
    const registrationJobs = (await findJobs(batched.database.db, jobKinds.lenderRegister)).length;
    expect(registrationJobs).toBeGreaterThanOrEqual(variedApplications.length);
    expect(await transactionsCompleting(batched.database.db, jobKinds.lenderRegister)).toBeLessThan(
      registrationJobs,
    );
    expect(await transactionsCompleting(oneByOne.database.db, jobKinds.lenderRegister)).toBe(
      (await findJobs(oneByOne.database.db, jobKinds.lenderRegister)).length,
    );

    const ends = new Set<number>();
    for (const [index, application] of inBatches.entries()) {
      const rows = await rowsOf(batched, application);
      expect(rows).toEqual(await rowsOf(oneByOne, alone[index]!));
      ends.add(rows.status);
      await expectOneChain(batched, application.id);
    }
    // Not a comparison of two runs that did nothing: the applications went both ways a registration goes.
    expect([...ends].sort()).toEqual([270, 410]);
  });

  it('a lender that fails is split off and the rest of the batch recorded', async () => {
    const inputs = mixedApplications(4);
    /**
     * The applications, and a panel where no-fjordbanken is down for its first two attempts at the first
     * (Norwegian) application only.
     */
    async function withFlakyLender(t: TestApp) {
      const applications = await submittedApplications(t, inputs);
      const unlucky = applications[0]!;
      const registered = { atFjordbanken: 0 };
      const { panel, registrationCallsOf } = countedPanel(t, async (adapter, call) => {
        if (adapter.profile.id !== 'no-fjordbanken' || call.applicationId !== unlucky.id) {
          return adapter.registerApplication(call);
        }
        if (call.attempt < 3) throw new LenderUnavailableError('no-fjordbanken', 'register');
        registered.atFjordbanken++;
        return adapter.registerApplication(call);
      });
      return { applications, unlucky, registered, panel, registrationCallsOf };
    }
    const flaky = await ownApp();
    const { applications, unlucky, registered, panel, registrationCallsOf } = await withFlakyLender(flaky);
    const worker = testWorker(flaky, { panel, externalData: fixedExternalData(), concurrency: 8 });
    // The registration batch: everything but no-fjordbanken's answer to the unlucky one is recorded.
    await worker.runUntilIdle();
    for (const application of applications.slice(1)) {
      expect(await statusOf(flaky, application.id)).toBe(410);
    }
    const waiting = (await listLoanRequests(flaky.database.db, unlucky.id)).filter(
      (request) => request.status === 211,
    );
    expect(waiting.map((request) => request.lenderId)).toEqual(['no-fjordbanken']);
    // One transaction completed the batch; the failed call waits in a job of its own.
    expect(await transactionsCompleting(flaky.database.db, jobKinds.lenderRegister)).toBe(1);
    expect(
      (await registrationJobsOf(flaky, unlucky.id)).find(
        (row) => row.dedupeKey === `${jobKinds.lenderRegister}:${waiting[0]!.id}`,
      ),
    ).toMatchObject({ status: 'pending', attempts: 1 });

    await settle(flaky, worker);
    expect(registered.atFjordbanken).toBe(1);
    expect(await registrationCallsOf(unlucky.id)).toEqual({
      ...(await eachLender(flaky, unlucky.id, 1)),
      'no-fjordbanken': 3,
    });
    for (const application of applications.slice(1)) {
      expect(await registrationCallsOf(application.id)).toEqual(await eachLender(flaky, application.id, 1));
    }

    // The same failure one job at a time writes the same rows (the unlucky one's 400 comes with the late
    // registration, which finds the others' offers already there)...
    const oneByOne = await ownApp();
    const alone = await withFlakyLender(oneByOne);
    await settle(
      oneByOne,
      testWorker(oneByOne, { panel: alone.panel, externalData: fixedExternalData(), batches: false }),
    );
    // ...and the same applications where no lender fails end the same way.
    const steady = await ownApp();
    const reference = await submittedApplications(steady, inputs);
    await settle(steady, testWorker(steady, { externalData: fixedExternalData(), concurrency: 8 }));
    for (const [index, application] of applications.entries()) {
      expect(await rowsOf(flaky, application)).toEqual(await rowsOf(oneByOne, alone.applications[index]!));
      expect(await endOf(flaky, application.id)).toEqual(await endOf(steady, reference[index]!.id));
      await expectOneChain(flaky, application.id);
    }
  });

  it('a database error in the batch records each job alone, lenders not asked again', async () => {
    const t = await ownApp();
    const applications = await submittedApplications(t, mixedApplications(6));
    const broken = applications[2]!;
    const { db } = t.database;
    // The database refuses any move of the broken application on from 210: the batch, which writes every
    // application's status in one statement, fails as a whole.
    const stopRefusing = await refuseMovesOf(db, broken.id, 210);

    const { panel, registrationCallsOf } = countedPanel(t);
    const warnings: Array<{ message: string | undefined; fields: object }> = [];
    const log = {
      ...silentLogger,
      warn: (fields: object, message?: string) => warnings.push({ message, fields }),
    };
    const worker = testWorker(t, { panel, externalData: fixedExternalData(), concurrency: 8, log });
    await worker.runUntilIdle();
    // The batch of every registration was tried, and rolled back.
    expect(
      warnings.filter(({ message }) => message === 'lender job batch not recorded; recording each job alone'),
    ).toEqual([
      {
        message: expect.any(String),
        fields: expect.objectContaining({ kind: jobKinds.lenderRegister, jobs: 6 }),
      },
    ]);
    // Each job recorded alone, with the answers the batch had: every lender asked once so far, the
    // broken application's too; each job completed in its own transaction.
    for (const application of applications) {
      expect(await registrationCallsOf(application.id)).toEqual(await eachLender(t, application.id, 1));
    }
    expect(await transactionsCompleting(db, jobKinds.lenderRegister)).toBe(applications.length - 1);
    for (const application of applications.filter((candidate) => candidate !== broken)) {
      expect(await statusOf(t, application.id)).toBe(410);
      await expectOneChain(t, application.id);
    }
    // The broken one failed alone too: nothing of it written, its job retried after the backoff.
    expect(await statusOf(t, broken.id)).toBe(210);
    expect((await listLoanRequests(db, broken.id)).every((request) => request.status === 211)).toBe(true);
    expect(await registrationJobsOf(t, broken.id)).toEqual([
      expect.objectContaining({
        status: 'pending',
        attempts: 1,
        // The database's own refusal, not the statement with its parameters (personal data: snapshots).
        lastError: expect.stringMatching(/refused by the test .*\(SQLSTATE P0001\)$/),
      }),
    ]);
    const [failedJob] = await registrationJobsOf(t, broken.id);
    expect(failedJob!.lastError).not.toMatch(/Failed query|params:/);

    await stopRefusing();
    await settle(t, worker);
    // Its retry asked its lenders a second time (a new attempt); the others were not asked again.
    expect(await registrationCallsOf(broken.id)).toEqual(await eachLender(t, broken.id, 2));
    for (const application of applications.filter((candidate) => candidate !== broken)) {
      expect(await registrationCallsOf(application.id)).toEqual(await eachLender(t, application.id, 1));
    }
    expect(await registrationJobsOf(t, broken.id)).toEqual([
      expect.objectContaining({ status: 'done', attempts: 2 }),
    ]);
    expect(await statusOf(t, broken.id)).toBe(410);
    await expectOneChain(t, broken.id);
  });

  it('a job whose lease was lost is left out of the batch; the others are recorded', async () => {
    const t = await ownApp();
    const { db } = t.database;
    const applications = await submittedApplications(t, mixedApplications(4));
    let gatedApplicationId = '';
    let asked: () => void = () => {};
    const askedGated = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    onTestFinished(() => release());
    const { panel, registrationCallsOf } = countedPanel(t, async (adapter, call) => {
      if (call.applicationId === gatedApplicationId) {
        asked();
        await gate;
      }
      return adapter.registerApplication(call);
    });
    const first = testWorker(t, {
      panel,
      externalData: fixedExternalData(),
      workerId: 'worker-a',
      concurrency: 4,
    });
    // The intake batch: every application sent to its lenders, each one registration job due now.
    await first.runOnce();
    const registrationJobs = await findJobs(db, jobKinds.lenderRegister);
    expect(registrationJobs).toHaveLength(applications.length);
    expect(registrationJobs.every((row) => row.status === 'pending')).toBe(true);
    // The job a claim takes first (due together, so by id): the one the other worker will take over.
    const takenOver = registrationJobs[0]!;
    gatedApplicationId = String(takenOver.payload.applicationId);
    const others = applications.filter((application) => application.id !== gatedApplicationId);

    const batch = first.runOnce();
    await askedGated;
    // While the first worker waits for a lender, its lease runs out and another worker claims the job.
    t.clock.advance(61_000);
    const claimed = await claimJobs(db, {
      workerId: 'worker-b',
      now: t.clock.now(),
      leaseMs: 60_000,
      limit: 1,
      kinds: [jobKinds.lenderRegister],
    });
    expect(claimed.map((row) => row.id)).toEqual([takenOver.id]);
    release();
    expect(await batch).toBe(applications.length);

    // The others recorded by the batch, completed together by the first worker...
    for (const application of others) {
      expect(await registrationJobsOf(t, application.id)).toEqual([
        expect.objectContaining({ status: 'done', attempts: 1 }),
      ]);
      expect(await statusOf(t, application.id)).toBe(310);
      expect(await registrationCallsOf(application.id)).toEqual(await eachLender(t, application.id, 1));
    }
    expect(await transactionsCompleting(db, jobKinds.lenderRegister)).toBe(1);
    // ...the one taken over left to its new worker, nothing of it written.
    expect(await registrationJobsOf(t, gatedApplicationId)).toEqual([
      expect.objectContaining({ status: 'running', lockedBy: 'worker-b', attempts: 2 }),
    ]);
    expect(await statusOf(t, gatedApplicationId)).toBe(210);
    expect((await listLoanRequests(db, gatedApplicationId)).every((request) => request.status === 211)).toBe(
      true,
    );
    expect((await listStatusTransitions(db, gatedApplicationId)).at(-1)?.toStatus).toBe(210);

    // The other worker (whose run of it is not simulated here) finishes it when its own claim runs out.
    t.clock.advance(61_000);
    const second = testWorker(t, { panel, externalData: fixedExternalData(), workerId: 'worker-b' });
    await settle(t, second);
    expect(await registrationJobsOf(t, gatedApplicationId)).toEqual([
      expect.objectContaining({ status: 'done', attempts: 3 }),
    ]);
    // Its lenders asked by the worker that lost it and by the one that recorded it; the others once.
    expect(await registrationCallsOf(gatedApplicationId)).toEqual(await eachLender(t, gatedApplicationId, 2));
    for (const application of applications) {
      if (application.id !== gatedApplicationId) {
        expect(await registrationCallsOf(application.id)).toEqual(await eachLender(t, application.id, 1));
      }
      expect(await statusOf(t, application.id)).toBe(410);
      await expectOneChain(t, application.id);
    }
  });
});

type DecisionCall = Parameters<LenderAdapter['fetchDecision']>[0];

/**
 * The simulated panel answering at once, without random failures, every decision call counted by lender
 * and application; `decide` may stand in for a lender's answer, given that lender's own adapter and how
 * often it has now been asked for this application (1 on the first poll).
 */
function decisionCountedPanel(
  t: TestApp,
  decide?: (
    adapter: LenderAdapter,
    call: DecisionCall,
    asked: number,
  ) => ReturnType<LenderAdapter['fetchDecision']>,
) {
  const counter = callCounter(t);
  const panel = lenderPanelOf(
    counter.simulated.all().map((adapter) => ({
      ...adapter,
      fetchDecision: async (call) => {
        const asked = counter.count(adapter.profile.id, call.applicationId);
        return decide ? decide(adapter, call, asked) : adapter.fetchDecision(call);
      },
    })),
  );
  /** How often each of the application's lenders was asked for its decision, by lender. */
  return { panel, decisionCallsOf: counter.callsOf };
}

/** How many done jobs of `kind` each transaction completed (by their xmin), largest first. */
async function jobsPerCompletingTransaction(db: Executor, kind: string): Promise<number[]> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM job WHERE kind = ${kind} AND status = 'done' GROUP BY xmin::text ORDER BY 1 DESC`,
  );
  return (result as unknown as { rows: Array<{ n: number | string }> }).rows.map((row) => Number(row.n));
}

/** The done decision jobs of poll `poll`, and in how many transactions they were completed (their xmin). */
async function pollCompletions(db: Executor, poll: number) {
  const result = await db.execute(
    sql`SELECT count(*)::int AS jobs, count(DISTINCT xmin::text)::int AS transactions FROM job
      WHERE kind = ${jobKinds.lenderDecision} AND status = 'done' AND payload->>'poll' = ${String(poll)}`,
  );
  const [row] = (
    result as unknown as { rows: Array<{ jobs: number | string; transactions: number | string }> }
  ).rows;
  return { jobs: Number(row!.jobs), transactions: Number(row!.transactions) };
}

describe('decisions of many applications in one batch (ADR 0047)', () => {
  it('a second `pending` (319 → 319) keeps its application in the batch', async () => {
    const inputs = mixedApplications(4);
    const t = await ownApp();
    const applications = await submittedApplications(t, inputs);
    // For each application, the first lender asked for its decision answers `pending` on polls 1 and 2
    // and decides on poll 3; the others decide at once.
    const slowLenderOf = new Map<string, string>();
    const { panel, decisionCallsOf } = decisionCountedPanel(t, async (adapter, call, asked) => {
      if (!slowLenderOf.has(call.applicationId)) slowLenderOf.set(call.applicationId, adapter.profile.id);
      if (slowLenderOf.get(call.applicationId) === adapter.profile.id && asked < 3) {
        return { status: 'pending' };
      }
      return adapter.fetchDecision(call);
    });
    await settle(t, testWorker(t, { panel, externalData: fixedExternalData(), concurrency: 8 }));

    // The same applications with lenders that all decide at once.
    const steady = await ownApp();
    const reference = await submittedApplications(steady, inputs);
    const atOnce = decisionCountedPanel(steady);
    await settle(
      steady,
      testWorker(steady, { panel: atOnce.panel, externalData: fixedExternalData(), concurrency: 8 }),
    );

    expect(slowLenderOf.size).toBe(applications.length);
    for (const [index, application] of applications.entries()) {
      const slow = slowLenderOf.get(application.id)!;
      expect(await decisionCallsOf(application.id)).toEqual({
        ...(await atOnce.decisionCallsOf(reference[index]!.id)),
        [slow]: 3,
      });
      // The same end, reasons too: an approval after `pending` clears its "not decided yet".
      expect(await endOf(t, application.id)).toEqual(await endOf(steady, reference[index]!.id));
      expect(await statusOf(t, application.id)).toBe(410);
      await expectOneChain(t, application.id);
    }
    // Every application's second poll (its slow lender's 319 → 319) was recorded in the one batch, not
    // refused from it and recorded alone; so were the third polls.
    expect(await pollCompletions(t.database.db, 2)).toEqual({ jobs: applications.length, transactions: 1 });
    expect(await pollCompletions(t.database.db, 3)).toEqual({ jobs: applications.length, transactions: 1 });
  });
});

describe('intake of many applications in one batch (ADR 0047)', () => {
  it('a batch that cannot be recorded runs each intake alone with the answers it had: the bureau asked once', async () => {
    const t = await ownApp();
    const { db } = t.database;
    const applications = await submittedApplications(t, mixedApplications(4));
    const broken = applications[1]!;
    // The database refuses any move of the broken application on from 160: the batch, which writes every
    // application's status chain in one statement, fails as a whole; alone, only the broken one fails.
    await refuseMovesOf(db, broken.id, 160);
    const answers = fixedExternalData();
    const asked = new Map<string, number>();
    const externalData: ExternalDataProvider = {
      async fetch(input) {
        for (const subject of input.subjects) {
          asked.set(subject.nationalId, (asked.get(subject.nationalId) ?? 0) + 1);
        }
        return answers.fetch(input);
      },
    };
    const warnings: Array<string | undefined> = [];
    const log = { ...silentLogger, warn: (_fields: object, message?: string) => warnings.push(message) };
    const { panel, registrationCallsOf } = countedPanel(t);
    await testWorker(t, { panel, externalData, concurrency: 8, log }).runUntilIdle();

    expect(warnings).toContain('intake batch not recorded; running each intake alone');
    // Every applicant's register and bureau asked once: in the batch, never again alone.
    expect(Object.fromEntries(asked)).toEqual(
      Object.fromEntries(applications.map((application) => [application.nationalId, 1])),
    );
    for (const application of applications.filter((candidate) => candidate !== broken)) {
      expect(await statusOf(t, application.id)).toBe(410);
      expect(await registrationCallsOf(application.id)).toEqual(await eachLender(t, application.id, 1));
      await expectOneChain(t, application.id);
    }
    // The broken one: nothing written, its intake retried after the backoff.
    expect(await statusOf(t, broken.id)).toBe(160);
  });

  it('an intake alone uses the batch’s answer only for the applicants it was about', async () => {
    const t = await ownApp();
    const [otherPerson, extraCoApplicant, otherCountry, unchanged] = await submittedApplications(t, [
      { country: 'NO' },
      { country: 'NO' },
      { country: 'NO' },
      { country: 'NO' },
    ]);
    let asked = 0;
    const answers = fixedExternalData();
    const externalData: ExternalDataProvider = {
      async fetch(input) {
        asked++;
        return answers.fetch(input);
      },
    };
    const answerAbout = async (
      subjects: FetchedExternalData['subjects'],
      country: Country = 'NO',
    ): Promise<FetchedExternalData> => ({
      country,
      subjects,
      outcome: { result: await answers.fetch({ country, subjects }) },
    });
    const main = (nationalId: string) => ({ role: 'MainApplicant' as const, nationalId });
    const intake = (applicationId: string, fetchedBefore: FetchedExternalData) =>
      runIntake({
        db: t.database.db,
        applicationId,
        panel: sharedTestLenderPanel({ delayScale: 0 }),
        externalData,
        now: t.clock.now,
        fetchedBefore,
      });
    // Answers about someone else, about a co-applicant no longer on the application, or from another
    // country's register: the register and the bureau are asked again.
    await intake(otherPerson!.id, await answerAbout([main(makeTestNationalId('NO', '1990-01-01', 5))]));
    await intake(
      extraCoApplicant!.id,
      await answerAbout([
        main(extraCoApplicant!.nationalId),
        { role: 'CoApplicant', nationalId: makeTestNationalId('NO', '1991-02-02', 6) },
      ]),
    );
    await intake(otherCountry!.id, await answerAbout([main(otherCountry!.nationalId)], 'SE'));
    expect(asked).toBe(3);
    // An answer about this application's applicant: used, nobody asked.
    await intake(unchanged!.id, await answerAbout([main(unchanged!.nationalId)]));
    expect(asked).toBe(3);
    for (const application of [otherPerson!, extraCoApplicant!, otherCountry!, unchanged!]) {
      expect(await statusOf(t, application.id)).toBe(210);
    }
  });

  it('an open screening hit added while the register is asked holds its application at 200', async () => {
    const t = await ownApp();
    const { db } = t.database;
    const applications = await submittedApplications(t, mixedApplications(3));
    const screened = applications[1]!;
    const answers = fixedExternalData();
    let hitsAdded = 0;
    // While the register is asked for the screened application, a screening run stores a PEP hit on it,
    // as screenApplication does: under the application's row lock, its Revision left as it is.
    const externalData: ExternalDataProvider = {
      async fetch(input) {
        if (input.subjects.some((subject) => subject.nationalId === screened.nationalId)) {
          await db.transaction(async (tx) => {
            await tx.execute(sql`SELECT id FROM loan_application WHERE id = ${screened.id} FOR UPDATE`);
            await insertPersonCheck(tx, {
              personId: screened.personId,
              loanApplicationId: screened.id,
              fullName: 'Screened Applicant',
              isPep: true,
              isRca: false,
              isSanctioned: false,
              details: 'PEP hit stored while the register was asked (test)',
              createdAt: t.clock.now(),
              updatedAt: t.clock.now(),
            });
          });
          hitsAdded++;
        }
        return answers.fetch(input);
      },
    };
    const { panel, registrationCallsOf } = countedPanel(t);
    await settle(t, testWorker(t, { panel, externalData, concurrency: 8 }));

    expect(hitsAdded).toBe(1);
    // The intake ran as one batch...
    expect(await transactionsCompleting(db, jobKinds.processApplication)).toBe(1);
    // ...and held the screened application at 200: no lender asked, no request, no registration job.
    expect(await statusOf(t, screened.id)).toBe(200);
    expect(await listLoanRequests(db, screened.id)).toEqual([]);
    expect(await registrationJobsOf(t, screened.id)).toEqual([]);
    const history = await listStatusTransitions(db, screened.id);
    expect(history.slice(-2).map((row) => `${row.fromStatus}>${row.toStatus}`)).toEqual([
      '160>180',
      '180>200',
    ]);
    expect(history.some((row) => row.toStatus === 210)).toBe(false);
    await expectOneChain(t, screened.id);
    // The others went on to their lenders as usual.
    for (const application of applications.filter((candidate) => candidate !== screened)) {
      expect(await registrationCallsOf(application.id)).toEqual(await eachLender(t, application.id, 1));
      expect(await statusOf(t, application.id)).toBe(410);
      await expectOneChain(t, application.id);
    }
  });
});
