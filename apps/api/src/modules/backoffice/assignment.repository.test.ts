import { assignmentSchema, bucketSchema, bucketSummarySchema } from '@nordloan/domain/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { assignment } from '#src/db/schema/backoffice.ts';
import { insertAgent } from '#src/modules/staff/agent.repository.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import {
  assignOpenAssignment,
  findOpenAssignment,
  listAssignmentHistory,
  listAssignments,
  moveOpenAssignment,
  openAssignment,
  processOpenAssignment,
} from './assignment.repository.ts';
import { toAssignment, toBucket, toBucketSummary } from './backoffice.dto.ts';
import {
  ensureBucket,
  findBucketById,
  insertBucket,
  listBuckets,
  summarizeBuckets,
  updateBucket,
} from './bucket.repository.ts';
import { createTestApplication, expectDatabaseError } from './test-fixtures.ts';

const t0 = new Date('2030-02-01T08:00:00.000Z');
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe('bucket repository', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('round-trips a bucket with actions; the DTO is the §3 Bucket', async () => {
    const actions = [
      { role: 'Sales', kind: 'call', name: 'Call customer', description: 'Ask for the payslip' },
    ];
    const created = await insertBucket(database.db, {
      name: 'Missing documents',
      priority: 20,
      actions,
      conditionsExplanation: 'A lender asked for a document the customer has not sent',
    });
    const found = await findBucketById(database.db, created.id);
    expect(found).toEqual(created);
    expect(found?.actions).toEqual(actions);
    expect(found?.requiresAceAction).toBe(false);
    const dto = bucketSchema.parse(toBucket(found!));
    expect(dto.Actions).toEqual(actions);
    expect(dto.Name).toBe('Missing documents');
  });

  it('Actions may be null; names are unique; priority is not negative', async () => {
    const bucket = await insertBucket(database.db, {
      name: 'ACE review',
      priority: 5,
      requiresAceAction: true,
    });
    expect(bucket.actions).toBeNull();
    expect(toBucket(bucket).Actions).toBeNull();
    await expectDatabaseError(
      insertBucket(database.db, { name: 'ACE review', priority: 1 }),
      /bucket_name_key|unique/,
    );
    await expectDatabaseError(insertBucket(database.db, { name: 'Negative', priority: -1 }), /priority/);
  });

  it('lists in working order, updates, and ensureBucket is idempotent by name', async () => {
    const first = await ensureBucket(database.db, { name: 'Call back', priority: 1 });
    const again = await ensureBucket(database.db, { name: 'Call back', priority: 99 });
    expect(again).toEqual(first);
    expect((await listBuckets(database.db)).map((row) => row.name)).toEqual([
      'Call back',
      'ACE review',
      'Missing documents',
    ]);
    const updated = await updateBucket(database.db, first.id, { priority: 50, actions: null }, t0);
    expect(updated?.priority).toBe(50);
    expect(updated?.updatedAt).toEqual(t0);
  });
});

describe('assignment repository', () => {
  let database: DatabaseHandle;
  let bucketA: string;
  let bucketB: string;
  let agent1: string;
  let agent2: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    bucketA = (await insertBucket(database.db, { name: 'A', priority: 1 })).id;
    bucketB = (await insertBucket(database.db, { name: 'B', priority: 2 })).id;
    agent1 = (await insertAgent(database.db, { name: 'One', marketCountry: 'NO' })).id;
    agent2 = (await insertAgent(database.db, { name: 'Two', marketCountry: 'NO' })).id;
  });
  afterAll(async () => {
    await database.close();
  });

  it('round-trips an assignment; the DTO is the §3 Assignment', async () => {
    const application = await createTestApplication(database.db, { country: 'NO', status: 310 });
    const opened = await openAssignment(database.db, {
      loanApplicationId: application.id,
      bucketId: bucketA,
      country: 'NO',
      revision: application.revision,
      now: t0,
    });
    expect(opened).toBeDefined();
    expect(await findOpenAssignment(database.db, application.id)).toEqual(opened);
    expect(assignmentSchema.parse(toAssignment(opened!))).toEqual({
      ID: opened!.id,
      LoanApplicationID: application.id,
      BucketID: bucketA,
      AssigneeID: null,
      ProcessedAt: null,
      ProcessedBy: null,
      Country: 'NO',
      CreatedAt: t0.toISOString(),
      UpdatedAt: t0.toISOString(),
      BucketUpdatedAt: t0.toISOString(),
      Revision: 1,
    });
  });

  it('keeps one open assignment per application; a processed one makes room for the next', async () => {
    const application = await createTestApplication(database.db);
    const input = {
      loanApplicationId: application.id,
      bucketId: bucketA,
      country: 'NO',
      revision: 1,
      now: t0,
    };
    expect(await openAssignment(database.db, input)).toBeDefined();
    // The repository answers "nothing opened"; the database itself refuses a second open row.
    expect(await openAssignment(database.db, { ...input, bucketId: bucketB })).toBeUndefined();
    await expectDatabaseError(
      database.db.insert(assignment).values({ ...input, bucketId: bucketB }),
      /assignment_one_open_per_application_idx/,
    );
    const processed = await processOpenAssignment(database.db, {
      loanApplicationId: application.id,
      processedBy: agent1,
      now: later(5),
    });
    expect(processed?.processedAt).toEqual(later(5));
    expect(processed?.processedBy).toBe(agent1);
    expect(await findOpenAssignment(database.db, application.id)).toBeUndefined();
    const next = await openAssignment(database.db, {
      ...input,
      bucketId: bucketB,
      revision: 2,
      now: later(6),
    });
    expect(next?.bucketId).toBe(bucketB);
    expect((await listAssignmentHistory(database.db, application.id)).map((row) => row.bucketId)).toEqual([
      bucketB,
      bucketA,
    ]);
    expect(
      await processOpenAssignment(database.db, {
        loanApplicationId: application.id,
        processedBy: agent1,
        now: later(7),
      }),
    ).toBeDefined();
    expect(
      await processOpenAssignment(database.db, {
        loanApplicationId: application.id,
        processedBy: agent1,
        now: later(8),
      }),
    ).toBeUndefined();
  });

  it('refuses processed_at without processed_by, an unknown application, bucket or country', async () => {
    const application = await createTestApplication(database.db);
    const base = { loanApplicationId: application.id, bucketId: bucketA, country: 'NO', revision: 1 };
    await expectDatabaseError(
      database.db.insert(assignment).values({ ...base, processedAt: t0 }),
      /assignment_check/,
    );
    await expectDatabaseError(
      database.db
        .insert(assignment)
        .values({ ...base, loanApplicationId: '00000000-0000-4000-8000-000000000000' }),
      /foreign key/,
    );
    await expectDatabaseError(
      database.db.insert(assignment).values({ ...base, bucketId: '00000000-0000-4000-8000-000000000000' }),
      /foreign key/,
    );
    await expectDatabaseError(database.db.insert(assignment).values({ ...base, country: 'US' }), /country/);
    await expectDatabaseError(database.db.insert(assignment).values({ ...base, revision: 0 }), /revision/);
  });

  it('two agents taking the same application: the first wins', async () => {
    const application = await createTestApplication(database.db);
    await openAssignment(database.db, {
      loanApplicationId: application.id,
      bucketId: bucketA,
      country: 'NO',
      revision: 1,
      now: t0,
    });
    const take = (assigneeId: string) =>
      assignOpenAssignment(database.db, {
        loanApplicationId: application.id,
        assigneeId,
        expectedAssigneeId: null,
        now: later(1),
      });
    expect((await take(agent1))?.assigneeId).toBe(agent1);
    expect(await take(agent2)).toBeUndefined();
    // Handing it over needs to name the current holder
    const handedOver = await assignOpenAssignment(database.db, {
      loanApplicationId: application.id,
      assigneeId: agent2,
      expectedAssigneeId: agent1,
      now: later(2),
    });
    expect(handedOver?.assigneeId).toBe(agent2);
    // Back to the bucket, unconditionally
    const released = await assignOpenAssignment(database.db, {
      loanApplicationId: application.id,
      assigneeId: null,
      now: later(3),
    });
    expect(released?.assigneeId).toBeNull();
  });

  it('moving to another bucket resets BucketUpdatedAt and the revision, keeps the assignee', async () => {
    const application = await createTestApplication(database.db);
    await openAssignment(database.db, {
      loanApplicationId: application.id,
      bucketId: bucketA,
      country: 'NO',
      revision: 1,
      assigneeId: agent1,
      now: t0,
    });
    const moved = await moveOpenAssignment(database.db, {
      loanApplicationId: application.id,
      bucketId: bucketB,
      revision: 4,
      now: later(30),
    });
    expect(moved).toMatchObject({ bucketId: bucketB, revision: 4, assigneeId: agent1, createdAt: t0 });
    expect(moved?.bucketUpdatedAt).toEqual(later(30));
  });
});

describe('assignment filters and bucket summary', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('filters by AssigneeID, Processed, BucketID and market; summary counts open ones per bucket', async () => {
    const db = database.db;
    const queue = (await insertBucket(db, { name: 'Queue', priority: 1 })).id;
    const review = (await insertBucket(db, { name: 'Review', priority: 2 })).id;
    const empty = (await insertBucket(db, { name: 'Empty', priority: 3 })).id;
    const agent = (await insertAgent(db, { name: 'Agent', marketCountry: 'SE' })).id;
    const place = async (country: 'NO' | 'SE', bucketId: string, minutes: number, assigneeId?: string) => {
      const application = await createTestApplication(db, { country });
      await openAssignment(db, {
        loanApplicationId: application.id,
        bucketId,
        country,
        revision: 1,
        assigneeId: assigneeId ?? null,
        now: later(minutes),
      });
      return application.id;
    };
    const se1 = await place('SE', queue, 1, agent);
    const se2 = await place('SE', queue, 2);
    const no1 = await place('NO', queue, 3);
    const se3 = await place('SE', review, 4, agent);
    await processOpenAssignment(db, { loanApplicationId: se3, processedBy: agent, now: later(10) });

    const ids = async (filters: Parameters<typeof listAssignments>[1]) =>
      (await listAssignments(db, filters)).map((row) => row.loanApplicationId);
    expect(await ids({})).toEqual([se1, se2, no1, se3]);
    expect(await ids({ assigneeId: agent })).toEqual([se1, se3]);
    expect(await ids({ processed: false })).toEqual([se1, se2, no1]);
    expect(await ids({ processed: true })).toEqual([se3]);
    expect(await ids({ bucketId: queue, countries: ['SE'] })).toEqual([se1, se2]);
    expect(await ids({ countries: [] })).toEqual([]);
    expect(
      (await listAssignments(db, {}, { offset: 1, limit: 2 })).map((row) => row.loanApplicationId),
    ).toEqual([se2, no1]);

    const summaries = (await summarizeBuckets(db)).map(toBucketSummary);
    for (const summary of summaries) bucketSummarySchema.parse(summary);
    expect(summaries).toEqual([
      { BucketID: queue, NumApplicationsAssigned: 1, NumApplicationsUnassigned: 2, Total: 3 },
      { BucketID: review, NumApplicationsAssigned: 0, NumApplicationsUnassigned: 0, Total: 0 },
      { BucketID: empty, NumApplicationsAssigned: 0, NumApplicationsUnassigned: 0, Total: 0 },
    ]);
    expect((await summarizeBuckets(db, { country: 'NO' }))[0]).toEqual({
      bucketId: queue,
      assigned: 0,
      unassigned: 1,
      total: 1,
    });
  });
});
