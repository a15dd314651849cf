import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '#src/app.ts';
import type { Executor } from '#src/db/client.ts';
import { job } from '#src/db/schema/lending.ts';
import { defaultDependencies } from '#src/dependencies.ts';
import { claimJobs, completeJob, enqueueJob, findJobs, nextDueAt } from '#src/jobs/job.repository.ts';
import { createJobWorker, type JobHandlers } from '#src/jobs/worker.ts';
import {
  type LenderAdapter,
  LenderUnavailableError,
  lenderPanelOf,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { transitionIfIn } from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import {
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { expectOneChain } from '#src/test/status-chain.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { sharedTestLenderPanel } from '#src/test/test-lender-sandbox.ts';
import { jobKinds } from '../lending-job-kinds.ts';
import { defaultLendingBatchSize } from '../lending-jobs.ts';

// The job queue under stress (issue 4): two workers at once, a worker killed mid-job and its job taken
// over after the lease, a worker that comes back after losing its lease (its effects roll back), retries
// and the last failure, jobs that outlive the process, and the worker started and stopped with the app.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const statusOf = async (id: string) => (await findApplicationById(t.database.db, id))!.status;

describe('two workers at once', () => {
  it('share the queue: every job runs once in effect and every application moves along one chain', async () => {
    const applications = [];
    for (const country of ['NO', 'SE', 'FI', 'DK', 'NO', 'SE'] as const) {
      applications.push(
        await createCompleteApplication(t, { country, amount: country === 'FI' ? 20_000 : 100_000 }),
      );
    }
    for (const application of applications) await submit(t, application);
    const options = { externalData: fixedExternalData(), concurrency: 3 };
    const first = testWorker(t, { ...options, workerId: 'worker-a' });
    const second = testWorker(t, { ...options, workerId: 'worker-b' });
    const ran = { a: 0, b: 0 };
    for (let round = 0; round < 500; round++) {
      const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
      ran.a += a;
      ran.b += b;
      if (a + b > 0) continue;
      const next = await nextDueAt(t.database.db);
      if (!next) break;
      t.clock.set(next);
    }
    expect(ran.a).toBeGreaterThan(0);
    expect(ran.b).toBeGreaterThan(0);
    for (const application of applications) {
      expect(await statusOf(application.id)).toBe(410);
      await expectOneChain(t, application.id);
    }
    const jobs = await findJobs(t.database.db);
    expect(jobs.every((row) => row.status === 'done')).toBe(true);
  });
});

describe('a worker killed mid-job', () => {
  it('leaves its job leased until the lease runs out; another worker then finishes it from where it stopped', async () => {
    const application = await createCompleteApplication(t);
    await submit(t, application);
    // The dead worker claimed the intake job and committed its first step (160 → 180) before it died.
    const [claimed] = await claimJobs(t.database.db, {
      workerId: 'dead-worker',
      now: t.clock.now(),
      leaseMs: 60_000,
      limit: 1,
      kinds: [jobKinds.processApplication],
    });
    expect(claimed?.payload).toEqual({ applicationId: application.id });
    await t.database.db.transaction(async (tx) => {
      await transitionIfIn(tx, {
        applicationId: application.id,
        onlyFrom: [160],
        to: 180,
        actor: { kind: 'system', id: 'validation' },
        reason: 'Validation passed',
        now: t.clock.now(),
      });
    });

    const restarted = testWorker(t, { externalData: fixedExternalData(), workerId: 'restarted' });
    expect(await restarted.runUntilIdle()).toBe(0);
    expect(await statusOf(application.id)).toBe(180);

    t.clock.advance(61_000);
    await settle(t, restarted);
    expect(await statusOf(application.id)).toBe(410);
    const [row] = await t.database.db.select().from(job).where(eq(job.id, claimed!.id));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    await expectOneChain(t, application.id);
    // The dead worker comes back and tries to finish: it no longer holds the job.
    expect(
      await completeJob(t.database.db, { id: claimed!.id, workerId: 'dead-worker', now: t.clock.now() }),
    ).toBe(false);
  });

  it('rolls back the effects of a worker that lost its lease', async () => {
    const own = await createTestApp();
    onTestFinished(() => own.close());
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const effect = (label: string) => async (tx: Executor) => {
      await enqueueJob(tx, {
        kind: 'effect',
        dedupeKey: `effect-by-${label}`,
        runAt: new Date(Date.UTC(2100, 0, 1)),
      });
    };
    const slowHandlers: JobHandlers = {
      slow: {
        async run({ finish }) {
          await gate;
          await finish(effect('slow'));
        },
      },
    };
    const fastHandlers: JobHandlers = { slow: { run: async ({ finish }) => finish(effect('fast')) } };
    await enqueueJob(own.database.db, { kind: 'slow', dedupeKey: 'slow-job', runAt: own.clock.now() });
    const slow = createJobWorker({
      db: own.database.db,
      handlers: slowHandlers,
      now: own.clock.now,
      leaseMs: 1_000,
    });
    const fast = createJobWorker({
      db: own.database.db,
      handlers: fastHandlers,
      now: own.clock.now,
      leaseMs: 1_000,
    });

    const running = slow.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 50));
    own.clock.advance(2_000);
    expect(await fast.runOnce()).toBe(1);
    release();
    await running;

    const effects = (await findJobs(own.database.db, 'effect')).map((row) => row.dedupeKey);
    expect(effects).toEqual(['effect-by-fast']);
    const [slowJob] = await findJobs(own.database.db, 'slow');
    expect(slowJob).toMatchObject({ status: 'done', attempts: 2 });
  });
});

describe('retries', () => {
  function panelWith(lenderId: string, registerApplication: LenderAdapter['registerApplication']) {
    const simulated = sharedTestLenderPanel();
    return lenderPanelOf(
      simulated
        .all()
        .map((adapter) => (adapter.profile.id === lenderId ? { ...adapter, registerApplication } : adapter)),
    );
  }

  it('retries a lender that fails now and then; its registration counts once', async () => {
    let calls = 0;
    const simulated = sharedTestLenderPanel();
    const flaky = panelWith('no-fjordbanken', async (call) => {
      calls++;
      if (call.attempt < 3) throw new LenderUnavailableError('no-fjordbanken', 'register');
      return simulated.adapter('no-fjordbanken')!.registerApplication(call);
    });
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { panel: flaky, externalData: fixedExternalData() }));
    expect(calls).toBe(3);
    expect(await statusOf(application.id)).toBe(410);
    const fjordbanken = (await listLoanRequests(t.database.db, application.id)).find(
      (r) => r.lenderId === 'no-fjordbanken',
    );
    expect(fjordbanken?.status).toBe(411);
    await expectOneChain(t, application.id);
  });

  it('ends a request 263 "bank error" after the last attempt, and the application goes on without it', async () => {
    const down = panelWith('no-fjordbanken', async () => {
      throw new LenderUnavailableError('no-fjordbanken', 'register');
    });
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { panel: down, externalData: fixedExternalData() }));
    const fjordbanken = (await listLoanRequests(t.database.db, application.id)).find(
      (r) => r.lenderId === 'no-fjordbanken',
    );
    expect(fjordbanken).toMatchObject({ status: 263, reasonCode: 'BANK_ERROR' });
    expect(await statusOf(application.id)).toBe(410);
    const failed = (await findJobs(t.database.db, jobKinds.lenderRegister)).filter(
      (row) => row.status === 'failed',
    );
    expect(failed).toEqual([
      expect.objectContaining({ attempts: 5, lastError: expect.stringContaining('did not answer') }),
    ]);
  });
});

describe('lenders due at the same moment (ADR 0044)', () => {
  /** The simulated panel answering at once, without random failures: every lender due together. */
  const instantPanel = () => sharedTestLenderPanel({ delayScale: 0 });

  /** That panel with every lender's registration replaced (`register` is given the lender's own adapter). */
  const everyLenderRegistering = (
    register: (
      adapter: LenderAdapter,
      call: Parameters<LenderAdapter['registerApplication']>[0],
    ) => ReturnType<LenderAdapter['registerApplication']>,
  ) =>
    lenderPanelOf(
      instantPanel()
        .all()
        .map((adapter) => ({ ...adapter, registerApplication: (call) => register(adapter, call) })),
    );

  /** The simulated panel answering at once, every call counted, `lenderId`'s calls replaced. */
  function countedPanel(
    lenderId: string,
    replace: Partial<Pick<LenderAdapter, 'registerApplication' | 'fetchDecision'>>,
  ) {
    const calls = new Map<string, number>();
    const count = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1);
    const simulated = instantPanel();
    const panel = lenderPanelOf(
      simulated.all().map((adapter) => {
        const own = adapter.profile.id === lenderId ? { ...adapter, ...replace } : adapter;
        return {
          ...own,
          registerApplication: async (call) => {
            count(`register:${adapter.profile.id}`);
            return own.registerApplication(call);
          },
          fetchDecision: async (call) => {
            count(`decision:${adapter.profile.id}`);
            return own.fetchDecision(call);
          },
        } satisfies LenderAdapter;
      }),
    );
    return { panel, simulated, calls };
  }

  const jobsOfApplication = async (kind: string, applicationId: string) =>
    (await findJobs(t.database.db, kind)).filter((row) => row.payload.applicationId === applicationId);

  it('asks them in one job; a lender that fails is split off with its attempts and registered once', async () => {
    const { panel, simulated, calls } = countedPanel('no-fjordbanken', {
      registerApplication: async (call) => {
        if (call.attempt < 3) throw new LenderUnavailableError('no-fjordbanken', 'register');
        return simulated.adapter('no-fjordbanken')!.registerApplication(call);
      },
    });
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { panel, externalData: fixedExternalData() }));

    const requests = await listLoanRequests(t.database.db, application.id);
    expect(requests.length).toBeGreaterThan(1);
    const registerJobs = await jobsOfApplication(jobKinds.lenderRegister, application.id);
    // The batch of every lender, then the failed lender's own job, which carried the batch's attempt.
    expect(registerJobs.map((row) => (row.payload.requestIds as string[]).length).sort()).toEqual([
      1,
      requests.length,
    ]);
    const fjordbanken = requests.find((request) => request.lenderId === 'no-fjordbanken')!;
    expect(
      registerJobs.find((row) => row.dedupeKey === `${jobKinds.lenderRegister}:${fjordbanken.id}`),
    ).toMatchObject({ status: 'done', attempts: 3 });
    for (const request of requests) {
      expect(calls.get(`register:${request.lenderId}`)).toBe(request.lenderId === 'no-fjordbanken' ? 3 : 1);
      expect(calls.get(`decision:${request.lenderId}`) ?? 0).toBe(request.status === 411 ? 1 : 0);
    }
    expect(fjordbanken.status).toBe(411);
    expect(await statusOf(application.id)).toBe(410);
    await expectOneChain(t, application.id);
  });

  it('ends a lender that never answers 369 after the last attempt, the others decided once', async () => {
    const { panel, calls } = countedPanel('no-fjordbanken', {
      fetchDecision: async () => {
        throw new LenderUnavailableError('no-fjordbanken', 'decision');
      },
    });
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { panel, externalData: fixedExternalData() }));

    const requests = await listLoanRequests(t.database.db, application.id);
    const fjordbanken = requests.find((request) => request.lenderId === 'no-fjordbanken')!;
    expect(fjordbanken).toMatchObject({ status: 369, reasonCode: 'BANK_ERROR' });
    expect(calls.get('decision:no-fjordbanken')).toBe(5);
    for (const request of requests.filter((candidate) => candidate.lenderId !== 'no-fjordbanken')) {
      expect(calls.get(`register:${request.lenderId}`)).toBe(1);
      expect(calls.get(`decision:${request.lenderId}`)).toBe(1);
    }
    const ownJob = (await jobsOfApplication(jobKinds.lenderDecision, application.id)).find(
      (row) => row.dedupeKey === `${jobKinds.lenderDecision}:${fjordbanken.id}:1`,
    );
    expect(ownJob).toMatchObject({ status: 'failed', attempts: 5 });
    expect(await statusOf(application.id)).toBe(410);
    await expectOneChain(t, application.id);
  });

  it('takes an answer a request cannot take as that lender failing: the others are recorded once', async () => {
    const { panel, simulated, calls } = countedPanel('no-fjordbanken', {
      // 411 is no answer to a registration (the status machine does not allow 211 → 411).
      registerApplication: async () => ({
        status: 'not-registered',
        code: 411,
        reasonCode: 'X',
        reason: 'X',
      }),
      fetchDecision: async (call) => simulated.adapter('no-fjordbanken')!.fetchDecision(call),
    });
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { panel, externalData: fixedExternalData() }));

    const requests = await listLoanRequests(t.database.db, application.id);
    const fjordbanken = requests.find((request) => request.lenderId === 'no-fjordbanken')!;
    expect(fjordbanken).toMatchObject({ status: 263, reasonCode: 'BANK_ERROR' });
    expect(fjordbanken.reason).toContain('answered code 411');
    expect(calls.get('register:no-fjordbanken')).toBe(5);
    for (const request of requests.filter((candidate) => candidate !== fjordbanken)) {
      expect(calls.get(`register:${request.lenderId}`)).toBe(1);
    }
    expect(await statusOf(application.id)).toBe(410);
    await expectOneChain(t, application.id);
  });

  it('refuses a malformed offer as that lender failing, and decides the others once', async () => {
    const { panel, calls } = countedPanel('no-fjordbanken', {
      // An offer whose fee handling is neither of the two there are.
      fetchDecision: async () => ({
        status: 'decided',
        decision: {
          kind: 'approved',
          offers: [
            {
              amount: 100_000,
              durationMonths: 60,
              nominalRate: 9.9,
              startupFee: 0,
              monthlyFee: 0,
              feeHandling: 'sometimes' as never,
              offerType: 'Annuity',
              loanKind: 'Consumer',
            },
          ],
        },
      }),
    });
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { panel, externalData: fixedExternalData() }));

    const requests = await listLoanRequests(t.database.db, application.id);
    const fjordbanken = requests.find((request) => request.lenderId === 'no-fjordbanken')!;
    expect(fjordbanken).toMatchObject({ status: 369, reasonCode: 'BANK_ERROR' });
    expect(fjordbanken.reason).toContain('a malformed offer');
    expect(calls.get('decision:no-fjordbanken')).toBe(5);
    for (const request of requests.filter(
      (candidate) => candidate !== fjordbanken && candidate.status === 411,
    )) {
      expect(calls.get(`decision:${request.lenderId}`)).toBe(1);
    }
    expect(await statusOf(application.id)).toBe(410);
  });

  it('at the last attempt records the lenders that answered and ends the one that did not 263', async () => {
    const registered = new Map<string, number>();
    const panel = everyLenderRegistering(async (adapter, call) => {
      // Every lender down for four attempts; at the fifth, all but one answer.
      if (call.attempt < 5 || adapter.profile.id === 'no-fjordbanken') {
        throw new LenderUnavailableError(adapter.profile.id, 'register');
      }
      registered.set(adapter.profile.id, (registered.get(adapter.profile.id) ?? 0) + 1);
      return adapter.registerApplication(call);
    });
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { panel, externalData: fixedExternalData() }));

    const requests = await listLoanRequests(t.database.db, application.id);
    const fjordbanken = requests.find((request) => request.lenderId === 'no-fjordbanken')!;
    expect(fjordbanken).toMatchObject({ status: 263, reasonCode: 'BANK_ERROR' });
    expect(fjordbanken.reason).toContain('no-fjordbanken');
    expect(registered.size).toBe(requests.length - 1);
    expect([...registered.values()].every((count) => count === 1)).toBe(true);
    // No job of its own: the batch ended it at its last attempt.
    const jobs = await jobsOfApplication(jobKinds.lenderRegister, application.id);
    expect(jobs).toEqual([expect.objectContaining({ status: 'done', attempts: 5 })]);
    expect(await statusOf(application.id)).toBe(410);
  });

  it('ends every request of a batch that never answers with its own lender’s error', async () => {
    const panel = everyLenderRegistering(async (adapter) => {
      throw new LenderUnavailableError(adapter.profile.id, 'register');
    });
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { panel, externalData: fixedExternalData() }));

    const requests = await listLoanRequests(t.database.db, application.id);
    expect(requests.length).toBeGreaterThan(1);
    for (const request of requests) {
      expect(request).toMatchObject({ status: 263, reasonCode: 'BANK_ERROR' });
      expect(request.reason).toBe(`Lender ${request.lenderId} did not answer register`);
    }
    expect(await statusOf(application.id)).toBe(270);
  });

  it('still runs a job enqueued before batching, which names one request (requestId)', async () => {
    const application = await createCompleteApplication(t);
    await submit(t, application);
    const worker = testWorker(t, { externalData: fixedExternalData() });
    await worker.runOnce();
    const first = (await jobsOfApplication(jobKinds.lenderRegister, application.id)).find(
      (row) => (row.payload.requestIds as string[]).length === 1,
    );
    const { requestIds, application: view } = first!.payload as { requestIds: string[]; application: object };
    // The payload as the fan-out wrote it before ADR 0044: one request, its lender's view.
    await t.database.db
      .update(job)
      .set({ payload: { requestId: requestIds[0], applicationId: application.id, application: view } })
      .where(eq(job.id, first!.id));
    await settle(t, worker);
    const request = (await listLoanRequests(t.database.db, application.id)).find(
      (candidate) => candidate.id === requestIds[0],
    );
    // Answered by its lender (registered and decided, or refused), not left waiting or failed.
    expect(request!.status).not.toBe(211);
    expect(request!.reasonCode).not.toBe('BANK_ERROR');
    expect(await statusOf(application.id)).toBe(410);
  });

  it('retries the whole job when every lender fails, and registers each once when they come back', async () => {
    let down = true;
    const registered = new Map<string, number>();
    const panel = everyLenderRegistering(async (adapter, call) => {
      if (down) throw new LenderUnavailableError(adapter.profile.id, 'register');
      registered.set(adapter.profile.id, (registered.get(adapter.profile.id) ?? 0) + 1);
      return adapter.registerApplication(call);
    });
    const application = await createCompleteApplication(t);
    await submit(t, application);
    const worker = testWorker(t, { panel, externalData: fixedExternalData() });
    await worker.runUntilIdle();
    const [batch] = await jobsOfApplication(jobKinds.lenderRegister, application.id);
    expect(batch).toMatchObject({ status: 'pending', attempts: 1 });
    down = false;
    await settle(t, worker);
    const requests = await listLoanRequests(t.database.db, application.id);
    expect([...registered.values()].every((count) => count === 1)).toBe(true);
    expect(registered.size).toBe(requests.length);
    expect(await jobsOfApplication(jobKinds.lenderRegister, application.id)).toHaveLength(1);
    expect(await statusOf(application.id)).toBe(410);
  });
});

describe('a lender that never decides', () => {
  it('ends its request 369 "bank error" after the last decision attempt; the application goes on', async () => {
    const simulated = sharedTestLenderPanel();
    const undecided = lenderPanelOf(
      simulated.all().map((adapter) =>
        adapter.profile.id === 'no-fjordbanken'
          ? {
              ...adapter,
              fetchDecision: async () => {
                throw new LenderUnavailableError('no-fjordbanken', 'decision');
              },
            }
          : adapter,
      ),
    );
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { panel: undecided, externalData: fixedExternalData() }));
    const fjordbanken = (await listLoanRequests(t.database.db, application.id)).find(
      (r) => r.lenderId === 'no-fjordbanken',
    );
    expect(fjordbanken).toMatchObject({ status: 369, reasonCode: 'BANK_ERROR' });
    expect(await statusOf(application.id)).toBe(410);
  });
});

describe('jobs outlive the process', () => {
  it('are run by the next instance on the same database', async () => {
    const first = await createTestApp();
    const application = await createCompleteApplication(first);
    await submit(first, application);
    await first.app.close(); // the process stops; the database (and its queue) stays
    const second = await buildApp({
      config: first.config,
      database: first.database,
      tokens: first.tokens,
      now: first.clock.now,
      ...defaultDependencies({ config: first.config, db: first.database.db, now: first.clock.now }),
    });
    await second.ready();
    await settle(first, testWorker(first, { externalData: fixedExternalData() }));
    const response = await second.inject({
      method: 'GET',
      url: `/loan-application/${application.id}`,
      headers: bearer(application.token),
    });
    expect(response.json().Status).toBe(410);
    await second.close();
    await first.database.close();
  });
});

describe('the running worker', () => {
  it('refills a slot as soon as a job finishes: a slow job does not hold back the ones after it', async () => {
    const own = await createTestApp({ deps: { now: () => new Date() } });
    onTestFinished(() => own.close());
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const finished: string[] = [];
    const handlers: JobHandlers = {
      slow: {
        async run({ finish }) {
          await gate;
          await finish();
          finished.push('slow');
        },
      },
      quick: {
        async run({ job, finish }) {
          await finish();
          finished.push(String(job.payload.n));
        },
      },
    };
    await enqueueJob(own.database.db, { kind: 'slow', runAt: new Date(Date.now() - 1_000) });
    for (let n = 1; n <= 6; n++) {
      await enqueueJob(own.database.db, { kind: 'quick', payload: { n }, runAt: new Date() });
    }
    // Two slots: one stays busy with the slow job; the six quick ones go through the other.
    const worker = createJobWorker({
      db: own.database.db,
      handlers,
      now: () => new Date(),
      concurrency: 2,
      pollIntervalMs: 20,
    });
    worker.start();
    try {
      const deadline = Date.now() + 10_000;
      while (finished.length < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(finished).toEqual(['1', '2', '3', '4', '5', '6']);
      release();
      while (finished.length < 7 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(finished.at(-1)).toBe('slow');
    } finally {
      release();
      await worker.stop();
    }
    expect((await findJobs(own.database.db)).every((row) => row.status === 'done')).toBe(true);
  });
});

describe('the worker in the app', () => {
  it('starts on ready when config.worker.enabled and stops on close', async () => {
    const live = await createTestApp({
      config: {
        worker: { enabled: true, lenderSeed: 42, lenderDelayScale: 0, batchSize: defaultLendingBatchSize },
      },
      deps: { now: () => new Date() },
    });
    try {
      const application = await createCompleteApplication(live);
      await submit(live, application);
      const deadline = Date.now() + 20_000;
      let status = 160;
      while (Date.now() < deadline && ![410, 370, 270].includes(status)) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (
          await live.app.inject({
            method: 'GET',
            url: `/loan-application/${application.id}`,
            headers: bearer(application.token),
          })
        ).json().Status;
      }
      expect([410, 370, 270]).toContain(status);
      // The expiry sweep was scheduled at start.
      expect((await findJobs(live.database.db, jobKinds.expirySweep)).length).toBeGreaterThan(0);
    } finally {
      await live.close();
    }
  });
});
