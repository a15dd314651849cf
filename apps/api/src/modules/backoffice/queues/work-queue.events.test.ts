import { workQueueRules } from '@nordloan/domain/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxEvents } from '#src/jobs/outbox.repository.ts';
import { transitionApplication } from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { updatePerson } from '#src/modules/persons/person.repository.ts';
import { createCompleteApplication, submit } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { findOpenAssignment, listAssignmentHistory } from '../assignment.repository.ts';
import { findBucketByName } from '../bucket.repository.ts';
import { reviewBucketName } from './review-placement.service.ts';
import { workQueueEventSubscriber } from './work-queue.events.ts';

// The back office's reactions to the outbox (ADR 0056): a status change's queue placement, the screening
// review. The relay hands events on at least once and two relays may overlap: an event handed on again, or
// after a newer one, changes nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t.close());

const bucketOfRule = (rule: string) =>
  findBucketByName(t.database.db, workQueueRules.find((candidate) => candidate.rule === rule)!.name);

/** Hands an already relayed event of the application on again, to the back office alone. */
async function handOnAgain(applicationId: string, eventName: string, index = 0) {
  const event = (await listOutboxEvents(t.database.db, applicationId)).filter(
    (candidate) => candidate.eventName === eventName,
  )[index]!;
  await t.database.db.transaction((tx) => workQueueEventSubscriber()(event, tx));
}

describe('work-queue placement from the outbox', () => {
  it('a status change places nothing by itself; its event, handed on, does', async () => {
    const application = await createCompleteApplication(t, { country: 'NO' });
    await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${application.id}/application-complete`,
      headers: bearer(application.token),
      payload: {},
    });
    expect(await findOpenAssignment(t.database.db, application.id)).toBeUndefined();
    await t.relayEvents();
    expect((await findOpenAssignment(t.database.db, application.id))?.bucketId).toBe(
      (await bucketOfRule('new'))!.id,
    );
  });

  it('an event handed on twice places once; an older one handed on late moves nothing back', async () => {
    const application = await createCompleteApplication(t, { country: 'NO' });
    await submit(t, application);
    const placed = (await findOpenAssignment(t.database.db, application.id))!;
    expect(placed.revision).toBe(1);

    await handOnAgain(application.id, 'loan-application-status-changed');
    expect(await listAssignmentHistory(t.database.db, application.id)).toEqual([placed]);

    // 160 → 169 (validation failed): the item moves to the data-problem bucket.
    await t.database.db.transaction((tx) =>
      transitionApplication(tx, {
        applicationId: application.id,
        to: 169,
        actor: { kind: 'system', id: 'validation' },
        reason: 'Validation failed (test)',
        now: t.clock.now(),
      }),
    );
    await t.relayEvents();
    const moved = (await findOpenAssignment(t.database.db, application.id))!;
    expect(moved).toMatchObject({ id: placed.id, bucketId: (await bucketOfRule('data-problem'))!.id });

    // The submission's event (→ 160) again, after the move: the application is at 169, so it stays.
    await handOnAgain(application.id, 'loan-application-status-changed', 0);
    expect(await findOpenAssignment(t.database.db, application.id)).toEqual(moved);
  });

  it('an end status closes the item, and a late event of an earlier status opens none', async () => {
    const application = await createCompleteApplication(t, { country: 'NO' });
    await submit(t, application);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${application.id}/withdraw`,
      headers: bearer(application.token),
      payload: {},
    });
    expect(withdrawn.statusCode).toBe(200);
    await t.relayEvents();
    expect(await findOpenAssignment(t.database.db, application.id)).toBeUndefined();
    await handOnAgain(application.id, 'loan-application-status-changed', 0);
    expect(await findOpenAssignment(t.database.db, application.id)).toBeUndefined();
    expect(await listAssignmentHistory(t.database.db, application.id)).toHaveLength(1);
  });

  it('a screening hit handed on twice is one review item; a decision handed on twice closes it once', async () => {
    const application = await createCompleteApplication(t, {
      country: 'NO',
      applicant: { birthDate: '1961-03-14' },
    });
    await updatePerson(
      t.database.db,
      application.personId,
      { firstName: 'Åsmund', lastName: 'Ølberg-Kråkenes' },
      new Date(),
    );
    await submit(t, application);
    const review = (await findBucketByName(t.database.db, reviewBucketName))!;
    const item = (await findOpenAssignment(t.database.db, application.id))!;
    expect(item.bucketId).toBe(review.id);
    await handOnAgain(application.id, 'application-screened');
    expect(await listAssignmentHistory(t.database.db, application.id)).toEqual([item]);

    const manager = await t.staffToken([{ Name: 'Manager', Country: 'NO' }], 'Mona Review');
    const [hit] = (
      await t.app.inject({
        method: 'GET',
        url: '/backoffice/screening/reviews?country=NO&limit=100',
        headers: bearer(manager),
      })
    )
      .json()
      .Items.filter(
        (candidate: { LoanApplicationID: string }) => candidate.LoanApplicationID === application.id,
      );
    const decided = await t.app.inject({
      method: 'POST',
      url: `/backoffice/person-checks/${hit.PersonCheck.ID}/decision`,
      headers: bearer(manager),
      payload: { Decision: 'clear', Reason: 'Namesake' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // Until the decision's event is handed on, the item waits in the review bucket.
    expect((await findOpenAssignment(t.database.db, application.id))?.id).toBe(item.id);
    await t.relayEvents();
    expect(await findOpenAssignment(t.database.db, application.id)).toBeUndefined();
    const [closed] = await listAssignmentHistory(t.database.db, application.id);
    expect(closed).toMatchObject({ id: item.id, processedBy: decided.json().DecidedBy });

    await handOnAgain(application.id, 'screening-decided');
    await handOnAgain(application.id, 'application-screened');
    expect(await listAssignmentHistory(t.database.db, application.id)).toEqual([closed]);
  });

  it('a batch of two applications’ status events places both, each at the time of its event (ADR 0085)', async () => {
    const submitted = [];
    for (const minutes of [0, 1]) {
      const application = await createCompleteApplication(t, { country: 'NO' });
      t.clock.advance(minutes * 60_000);
      await t.app.inject({
        method: 'PATCH',
        url: `/loan-application/${application.id}/application-complete`,
        headers: bearer(application.token),
        payload: {},
      });
      submitted.push(application.id);
    }
    const events = await Promise.all(
      submitted.map(
        async (id) =>
          (await listOutboxEvents(t.database.db, id)).find(
            (event) => event.eventName === 'loan-application-status-changed',
          )!,
      ),
    );
    const subscriber = workQueueEventSubscriber();
    await t.database.db.transaction((tx) => subscriber.publishBatch!([...events, ...events], tx));
    const newBucket = (await bucketOfRule('new'))!;
    for (const [index, id] of submitted.entries()) {
      const placed = await listAssignmentHistory(t.database.db, id);
      expect(placed).toEqual([expect.objectContaining({ bucketId: newBucket.id, revision: 1 })]);
      expect(placed[0]!.bucketUpdatedAt).toEqual(events[index]!.createdAt);
    }
    // The relay hands the same events on again: nothing moves.
    await t.relayEvents();
    for (const id of submitted) expect(await listAssignmentHistory(t.database.db, id)).toHaveLength(1);
  });
});
