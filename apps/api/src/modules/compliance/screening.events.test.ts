import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJobs } from '#src/jobs/job.repository.ts';
import { listOutboxEvents } from '#src/jobs/outbox.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { createCompleteApplication } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createLocalScreeningList } from './local-screening-list.ts';
import { listPersonChecks } from './person-check.repository.ts';
import { screeningEventSubscriber } from './screening.events.ts';
import { screeningHoldOf } from './screening.service.ts';
import type { ScreeningAdapter } from './screening-adapter.ts';

// The screening of a submission from its outbox event (ADR 0056): once per submission however often the
// event is handed on, and never skipped — a provider that does not answer holds the application before any
// register or lender is asked, until it does.

let t: TestApp;
let providerDown = false;
const list = createLocalScreeningList();
const provider: ScreeningAdapter = {
  async screen(subjects) {
    if (providerDown) throw new Error('screening provider unavailable (test)');
    return list.screen(subjects);
  },
};

beforeAll(async () => {
  t = await createTestApp({ deps: { screening: provider } });
}, 60_000);
afterAll(async () => t.close());

async function submitWithoutRelay() {
  const application = await createCompleteApplication(t, { country: 'NO' });
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/loan-application/${application.id}/application-complete`,
    headers: bearer(application.token),
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return application;
}

const intakeJobsOf = async (applicationId: string) =>
  (await findJobs(t.database.db)).filter(
    (job) => (job.payload as { applicationId?: string }).applicationId === applicationId,
  );

describe('screening a submission from its event', () => {
  it('screens once however often the event is handed on; the intake is queued after it', async () => {
    const application = await submitWithoutRelay();
    expect(await screeningHoldOf(t.database.db, application.id)).toBe('not-screened');
    expect(await intakeJobsOf(application.id)).toEqual([]);
    await t.relayEvents();
    expect(await listPersonChecks(t.database.db, application.personId)).toHaveLength(1);
    expect(await screeningHoldOf(t.database.db, application.id)).toBeUndefined();
    expect(await intakeJobsOf(application.id)).toHaveLength(1);

    const [submitted] = (await listOutboxEvents(t.database.db, application.id)).filter(
      (event) => event.eventName === 'loan-application-status-changed',
    );
    await t.database.db.transaction((tx) =>
      screeningEventSubscriber({ screening: provider, now: t.clock.now })(submitted!, tx),
    );
    expect(await listPersonChecks(t.database.db, application.personId)).toHaveLength(1);
    expect(
      (await listOutboxEvents(t.database.db, application.id)).filter(
        (event) => event.eventName === 'application-screened',
      ),
    ).toHaveLength(1);
  });

  it('a provider that does not answer puts the event off: nothing is asked until it answers', async () => {
    providerDown = true;
    const application = await submitWithoutRelay();
    await expect(t.relayEvents()).rejects.toThrow(/put off.*screening provider unavailable/);
    expect(await listPersonChecks(t.database.db, application.personId)).toEqual([]);
    expect((await findApplicationById(t.database.db, application.id))?.status).toBe(160);
    expect(await intakeJobsOf(application.id)).toEqual([]);

    providerDown = false;
    t.clock.advance(61_000);
    await t.relayEvents();
    expect(await listPersonChecks(t.database.db, application.personId)).toHaveLength(1);
    expect(await intakeJobsOf(application.id)).toHaveLength(1);
  });

  it('screens every submission of a batch once, each with its own checks and event (ADR 0085)', async () => {
    const applications = [await submitWithoutRelay(), await submitWithoutRelay()];
    const submitted = await Promise.all(
      applications.map(
        async (application) =>
          (await listOutboxEvents(t.database.db, application.id)).find(
            (event) => event.eventName === 'loan-application-status-changed',
          )!,
      ),
    );
    const subscriber = screeningEventSubscriber({ screening: provider, now: t.clock.now });
    // The first submission's event twice in the batch, as a second delivery: screened once all the same.
    await t.database.db.transaction((tx) =>
      subscriber.publishBatch!([submitted[0]!, submitted[1]!, submitted[0]!], tx),
    );
    for (const application of applications) {
      const [check] = await listPersonChecks(t.database.db, application.personId);
      expect(check).toMatchObject({ loanApplicationId: application.id, isPep: false });
      const screened = (await listOutboxEvents(t.database.db, application.id)).filter(
        (event) => event.eventName === 'application-screened',
      );
      expect(screened.map((event) => event.payload)).toEqual([
        expect.objectContaining({ PersonCheckIDs: [check!.id], Hits: 0, Trigger: 'submission' }),
      ]);
      expect(await listPersonChecks(t.database.db, application.personId)).toHaveLength(1);
    }
  });
});
