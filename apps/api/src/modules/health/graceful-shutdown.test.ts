import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { testPeople } from '#src/dev/eid-provider/test-identities.ts';
import { enqueueJob, findJobs } from '#src/jobs/job.repository.ts';
import { createJobWorker } from '#src/jobs/worker.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { shutDownGracefully } from './graceful-shutdown.ts';
import { createReadiness } from './readiness.ts';

// Issue 37 item 3 (ADR 0071), in process on a real listening server: SIGTERM's shutdown turns the
// instance not-ready while it still answers, lets a request in flight finish, cuts one still running at
// the deadline, and a stopping worker gives back the lease of a job it could not finish.

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** A population register whose lookups wait until the test lets them answer. */
function slowRegister() {
  const entered: Array<() => void> = [];
  const release = gate();
  const register = {
    async addressOf() {
      for (const notify of entered.splice(0)) notify();
      await release.opened;
      return { status: 'none' as const };
    },
  };
  const nextLookup = () => new Promise<void>((resolve) => entered.push(resolve));
  return { register, release: release.open, nextLookup };
}

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

describe('graceful shutdown', () => {
  it('turns not-ready first, finishes the request in flight, ends event streams with a reconnect hint, then closes', async () => {
    const readiness = createReadiness();
    const slow = slowRegister();
    const t = await createTestApp({ deps: { readiness, populationRegister: slow.register } });
    try {
      const base = await listening(t);
      const { token, PersonID } = await t.login({
        nationalId: testPeople('NO')[0]!.nationalId,
        country: 'NO',
        role: 'Customer',
      });
      // An open event stream of the applicant's application.
      const created = await t.app.inject({
        method: 'POST',
        url: '/loan-application',
        headers: { authorization: `Bearer ${token}` },
        payload: { Product: 'UnsecuredLoan', Brand: 'no-main', Amount: 150000, Duration: 5 },
      });
      expect(created.statusCode).toBe(201);
      const stream = await fetch(`${base}/loan-application/${created.json().ID}/events`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      let events = new TextDecoder().decode((await reader.read()).value);
      expect(events).toContain('event: ready');
      const streamEnded = (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          events += new TextDecoder().decode(value);
        }
      })();
      const entered = slow.nextLookup();
      const inFlight = fetch(`${base}/person/${PersonID}/registered-address`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await entered;
      let readyDuringDrain: number | undefined;
      let otherRequestDuringDrain: number | undefined;
      const shutdown = shutDownGracefully({
        app: t.app,
        readiness,
        drainMs: 1,
        deadlineMs: 10_000,
        // The balancer's wait: the instance says 503 to its checks and still serves what it is sent.
        sleep: async () => {
          readyDuringDrain = (await fetch(`${base}/health/ready`)).status;
          otherRequestDuringDrain = (await fetch(`${base}/health/live`)).status;
          setTimeout(slow.release, 50);
        },
      });
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await shutdown).toMatchObject({ forced: false });
      expect([readyDuringDrain, otherRequestDuringDrain]).toEqual([503, 200]);
      await streamEnded;
      expect(events).toMatch(/: this instance is shutting down\nretry: \d+\n\n$/);
      await expect(fetch(`${base}/health/live`)).rejects.toThrow();
    } finally {
      slow.release();
      await t.close();
    }
  });

  it('cuts a request still running at the deadline', async () => {
    const slow = slowRegister();
    const t = await createTestApp({ deps: { populationRegister: slow.register } });
    try {
      const base = await listening(t);
      const { token, PersonID } = await t.login({
        nationalId: testPeople('NO')[0]!.nationalId,
        country: 'NO',
        role: 'Customer',
      });
      const entered = slow.nextLookup();
      const hung = fetch(`${base}/person/${PersonID}/registered-address`, {
        headers: { authorization: `Bearer ${token}` },
      }).then(
        (response) => response.status,
        () => 'cut',
      );
      await entered;
      const outcome = await shutDownGracefully({
        app: t.app,
        readiness: createReadiness(),
        drainMs: 0,
        deadlineMs: 100,
      });
      expect(outcome.forced).toBe(true);
      expect(await hung).toBe('cut');
    } finally {
      slow.release();
      await t.close();
    }
  });
});

describe('a stopping job worker', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('gives back the lease of a job still running at its stop deadline', async () => {
    const started = gate();
    const never = gate();
    const worker = createJobWorker({
      db: database.db,
      now: () => new Date(),
      handlers: {
        'test.hangs': {
          async run() {
            started.open();
            await never.opened;
          },
        },
      },
      pollIntervalMs: 10,
      stopDeadlineMs: 50,
    });
    const job = await enqueueJob(database.db, { kind: 'test.hangs', runAt: new Date(Date.now() - 1_000) });
    worker.start();
    await started.opened;
    const [running] = await findJobs(database.db, 'test.hangs');
    expect([running?.status, running?.lockedBy]).toEqual(['running', worker.id]);
    await worker.stop();
    const [released] = await findJobs(database.db, 'test.hangs');
    expect(released).toMatchObject({ id: job!.id, status: 'pending', lockedBy: null, lockedUntil: null });
    never.open();
  });
});
