import type { TokenRole } from '@nordloan/domain/auth';
import { workQueueRules } from '@nordloan/domain/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedApplication,
  createCompleteApplication,
  submit,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { findOpenAssignment } from '../assignment.repository.ts';

// Work queues (ADR 0021): placement by status, buckets, summaries, and assignments under Revision.

const ruleName = (rule: string) => workQueueRules.find((candidate) => candidate.rule === rule)!.name;

describe('work queues', () => {
  let t: TestApp;
  let salesNo: string;
  let salesNo2: string;
  let salesSe: string;
  let managerNo: string;
  let readOnlyNo: string;
  let superToken: string;
  let newBucketId: string;
  let noApplication: CreatedApplication;
  let seApplication: CreatedApplication;

  const staff = (roles: TokenRole[], name: string) => t.staffToken(roles, name);
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const post = (url: string, token: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
  const agentIdOf = async (token: string) => (await get('/backoffice/me', token)).json().Agent.ID as string;

  beforeAll(async () => {
    t = await createTestApp();
    salesNo = await staff([{ Name: 'Sales', Country: 'NO' }], 'Nora Queue');
    salesNo2 = await staff([{ Name: 'Sales', Country: 'NO' }], 'Nils Queue');
    salesSe = await staff([{ Name: 'Sales', Country: 'SE' }], 'Sven Queue');
    managerNo = await staff([{ Name: 'Manager', Country: 'NO' }], 'Mona Lead');
    readOnlyNo = await staff([{ Name: 'TelemarketingLimited', Country: 'NO' }], 'Tom Readonly');
    superToken = await staff([{ Name: 'Super' }], 'Sara Super');
    noApplication = await createCompleteApplication(t, { country: 'NO' });
    seApplication = await createCompleteApplication(t, { country: 'SE' });
    expect((await submit(t, noApplication)).statusCode).toBe(200);
    expect((await submit(t, seApplication)).statusCode).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('puts a submitted application into the bucket of its status, in its country', async () => {
    const buckets = (await get('/backoffice/buckets', salesNo)).json() as { ID: string; Name: string }[];
    const bucket = buckets.find((candidate) => candidate.Name === ruleName('new'))!;
    expect(bucket).toBeDefined();
    newBucketId = bucket.ID;
    const open = await findOpenAssignment(t.database.db, noApplication.id);
    expect(open).toMatchObject({ bucketId: bucket.ID, country: 'NO', assigneeId: null, revision: 1 });
  });

  it('answers buckets in priority order; 401 without a token', async () => {
    const response = await get('/backoffice/buckets', readOnlyNo);
    expect(response.statusCode).toBe(200);
    const priorities = (response.json() as { Priority: number }[]).map((bucket) => bucket.Priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    expect((await get('/backoffice/buckets')).statusCode).toBe(401);
  });

  it('summarises buckets only over the countries the caller may read', async () => {
    const summaryOf = async (token: string, query = '') =>
      ((await get(`/backoffice/buckets/summary${query}`, token)).json() as { BucketID: string }[]).find(
        (row) => row.BucketID === newBucketId,
      ) as Record<string, unknown>;
    expect(await summaryOf(salesNo)).toMatchObject({
      Name: ruleName('new'),
      NumApplicationsAssigned: 0,
      NumApplicationsUnassigned: 1,
      Total: 1,
    });
    expect((await summaryOf(salesNo)).OldestItemAt).toEqual(expect.any(String));
    expect(await summaryOf(superToken)).toMatchObject({ Total: 2 });
    expect(await summaryOf(superToken, '?country=SE')).toMatchObject({ Total: 1 });
    // Asking for a country one may not read narrows to nothing: no counts of another market leak.
    expect(await summaryOf(salesNo, '?country=SE')).toMatchObject({ Total: 0, OldestItemAt: null });
    expect((await get('/backoffice/buckets/summary?country=XX', salesNo)).statusCode).toBe(400);
  });

  it('lists a queue with the application headline, scoped by country', async () => {
    const page = (await get(`/backoffice/assignments?BucketID=${newBucketId}`, salesNo)).json();
    expect(page.Total).toBe(1);
    expect(page.Items[0]).toMatchObject({
      LoanApplicationID: noApplication.id,
      Country: 'NO',
      Status: 160,
      Product: 'UnsecuredLoan',
      HumanReadableID: expect.stringMatching(/^NL-\d+$/),
    });
    expect((await get(`/backoffice/assignments?BucketID=${newBucketId}`, salesSe)).json().Items).toHaveLength(
      1,
    );
    expect((await get(`/backoffice/assignments?BucketID=${newBucketId}`, superToken)).json().Total).toBe(2);
    expect((await get('/backoffice/assignments?limit=101', salesNo)).statusCode).toBe(400);
    expect((await get('/backoffice/assignments?view=everything', salesNo)).statusCode).toBe(400);
  });

  it('lets read-only staff look but not take, assign or process (403)', async () => {
    expect((await get('/backoffice/assignments', readOnlyNo)).statusCode).toBe(200);
    expect(
      (await post('/backoffice/assignments/next', readOnlyNo, { BucketID: newBucketId })).statusCode,
    ).toBe(403);
    const open = (await findOpenAssignment(t.database.db, noApplication.id))!;
    const readOnlyId = await agentIdOf(readOnlyNo);
    expect(
      (
        await post(`/backoffice/assignments/${open.id}/assign`, readOnlyNo, {
          AssigneeID: readOnlyId,
          Revision: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await post(`/backoffice/assignments/${open.id}/processed`, readOnlyNo, { Revision: 1 })).statusCode,
    ).toBe(403);
  });

  it('takes the next item in the caller’s country; an empty bucket is 404 with a Message', async () => {
    const taken = await post('/backoffice/assignments/next', salesNo, { BucketID: newBucketId });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      LoanApplicationID: noApplication.id,
      AssigneeID: await agentIdOf(salesNo),
      Revision: 2,
    });
    const empty = await post('/backoffice/assignments/next', salesNo2, { BucketID: newBucketId });
    expect(empty.statusCode).toBe(404);
    expect(empty.json().Message).toEqual(expect.any(String));
    const mine = (await get('/backoffice/assignments?view=mine', salesNo)).json();
    expect(mine.Items.map((item: { LoanApplicationID: string }) => item.LoanApplicationID)).toEqual([
      noApplication.id,
    ]);
    expect((await get('/backoffice/assignments?view=mine', salesNo2)).json().Total).toBe(0);
    // Swedish staff take the Swedish item, never the Norwegian one.
    const swedish = await post('/backoffice/assignments/next', salesSe, { BucketID: newBucketId });
    expect(swedish.json().LoanApplicationID).toBe(seApplication.id);
  });

  it('guards assign and processed with Revision (409 when stale) and hides other countries (404)', async () => {
    const open = (await findOpenAssignment(t.database.db, noApplication.id))!;
    expect(open.revision).toBe(2);
    const stale = await post(`/backoffice/assignments/${open.id}/processed`, salesNo, { Revision: 1 });
    expect(stale.statusCode).toBe(409);
    const seStaff = await post(`/backoffice/assignments/${open.id}/processed`, salesSe, { Revision: 2 });
    expect(seStaff.statusCode).toBe(404);
    expect(
      (await post('/backoffice/assignments/not-a-uuid/processed', salesNo, { Revision: 2 })).statusCode,
    ).toBe(404);
  });

  it('reassigns: a case handler may not give away or take another’s item (403), a manager may', async () => {
    const open = (await findOpenAssignment(t.database.db, noApplication.id))!;
    const nils = await agentIdOf(salesNo2);
    expect(
      (await post(`/backoffice/assignments/${open.id}/assign`, salesNo2, { AssigneeID: nils, Revision: 2 }))
        .statusCode,
    ).toBe(403);
    const byManager = await post(`/backoffice/assignments/${open.id}/assign`, managerNo, {
      AssigneeID: nils,
      Revision: 2,
    });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json()).toMatchObject({ AssigneeID: nils, Revision: 3 });
    // An agent who may not work Norwegian queues cannot be given the item.
    const sven = await agentIdOf(salesSe);
    const toSwede = await post(`/backoffice/assignments/${open.id}/assign`, managerNo, {
      AssigneeID: sven,
      Revision: 3,
    });
    expect(toSwede.statusCode).toBe(400);
    expect(toSwede.json().Errors[0].Field).toBe('AssigneeID');
    // Handing one's own item back to the bucket is queue work.
    const back = await post(`/backoffice/assignments/${open.id}/assign`, salesNo2, {
      AssigneeID: null,
      Revision: 3,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().AssigneeID).toBeNull();
  });

  it('marks processed; a processed item cannot change again (409); filters Processed and AssigneeID', async () => {
    const open = (await findOpenAssignment(t.database.db, noApplication.id))!;
    const done = await post(`/backoffice/assignments/${open.id}/processed`, salesNo, {
      Revision: open.revision,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      ProcessedBy: await agentIdOf(salesNo),
      ProcessedAt: expect.any(String),
    });
    const again = await post(`/backoffice/assignments/${open.id}/processed`, salesNo, {
      Revision: done.json().Revision,
    });
    expect(again.statusCode).toBe(409);
    const processed = (await get('/backoffice/assignments?Processed=true', salesNo)).json();
    expect(processed.Items.map((item: { ID: string }) => item.ID)).toContain(open.id);
    const unprocessed = (await get('/backoffice/assignments?Processed=false', salesNo)).json();
    expect(unprocessed.Items.map((item: { ID: string }) => item.ID)).not.toContain(open.id);
    const sven = await agentIdOf(salesSe);
    const svens = (await get(`/backoffice/assignments?AssigneeID=${sven}`, superToken)).json();
    expect(svens.Items.map((item: { LoanApplicationID: string }) => item.LoanApplicationID)).toEqual([
      seApplication.id,
    ]);
  });

  it('takes the application out of its queue when it ends (withdrawn), and audits queue changes', async () => {
    const withdraw = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${seApplication.id}/withdraw`,
      headers: bearer(seApplication.token),
      payload: {},
    });
    expect(withdraw.statusCode).toBe(200);
    // The back office takes it out of the queue from the status change's event (ADR 0056).
    await t.relayEvents();
    expect(await findOpenAssignment(t.database.db, seApplication.id)).toBeUndefined();
    const audit = (
      await get(`/backoffice/applications/${noApplication.id}/audit?limit=100`, managerNo)
    ).json();
    const actions = audit.Items.map((item: { Action: string }) => item.Action);
    expect(actions).toEqual(
      expect.arrayContaining(['assignment.take', 'assignment.assign', 'assignment.processed']),
    );
  });

  it('lets managers and Super create and change buckets; case handlers may not (403)', async () => {
    const body = {
      Name: 'Callbacks today',
      Priority: 5,
      ConditionsExplanation: 'Customer asked to be called',
    };
    expect((await post('/backoffice/buckets', salesNo, body)).statusCode).toBe(403);
    expect((await post('/backoffice/buckets', readOnlyNo, body)).statusCode).toBe(403);
    const created = await post('/backoffice/buckets', managerNo, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      Name: 'Callbacks today',
      Priority: 5,
      RequiresACEAction: false,
      Actions: null,
    });
    expect((await post('/backoffice/buckets', superToken, body)).statusCode).toBe(400);
    const patch = (token: string, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/backoffice/buckets/${created.json().ID}`,
        headers: bearer(token),
        payload,
      });
    expect((await patch(salesNo, { Priority: 1 })).statusCode).toBe(403);
    const changed = await patch(superToken, {
      Priority: 1,
      Actions: [{ role: 'Sales', kind: 'call', name: 'Call back', description: '' }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ Priority: 1, Actions: [{ kind: 'call' }] });
    expect((await patch(superToken, { Priority: -1 })).statusCode).toBe(400);
    expect((await patch(superToken, { Unknown: 1 })).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/backoffice/buckets/5eed0000-0000-4000-8000-00000000dead',
      headers: bearer(superToken),
      payload: { Priority: 2 },
    });
    expect(missing.statusCode).toBe(404);
  });
});
