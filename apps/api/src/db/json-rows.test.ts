import { makeTestNationalId } from '@nordloan/domain/national-id';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#src/test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { jsonRows, qualified } from './json-rows.ts';
import { nationalIdLookupHash } from './personal-data-cipher.ts';
import { loanApplication } from './schema/applications.ts';
import { agent, assignment, bucket } from './schema/backoffice.ts';
import { person } from './schema/core.ts';

describe('jsonRows: child rows of each outer row in one statement', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers the same typed rows as a plain select (Date, jsonb, null), per outer row, in order', async () => {
    const { db } = database;
    const [first] = await db
      .insert(bucket)
      .values({
        name: 'First',
        priority: 1,
        actions: [{ role: 'Sales', kind: 'call', name: 'Call', description: 'd' }],
      })
      .returning();
    const [second] = await db.insert(bucket).values({ name: 'Second', priority: 2 }).returning();
    const [kari] = await db
      .insert(agent)
      .values({ name: 'Kari', marketCountry: 'NO', roles: [{ Name: 'Sales', Country: 'NO' }] })
      .returning();
    const [owner] = await db
      .insert(person)
      .values({
        country: 'NO',
        nationalId: makeTestNationalId('NO', '1985-06-15', 1),
        nationalIdHash: nationalIdLookupHash(makeTestNationalId('NO', '1985-06-15', 1)),
        firstName: 'Ola',
        lastName: 'N',
      })
      .returning();
    const [application] = await db
      .insert(loanApplication)
      .values({ product: 'UnsecuredLoan', brand: 'no-main', country: 'NO', status: 100, personId: owner!.id })
      .returning();
    const applicationId = application!.id;
    for (const revision of [2, 1]) {
      await db.insert(assignment).values({
        loanApplicationId: applicationId,
        bucketId: first!.id,
        assigneeId: revision === 1 ? kari!.id : null,
        country: 'NO',
        revision,
        processedAt: revision === 2 ? new Date('2026-11-24T08:00:00.123Z') : null,
        processedBy: revision === 2 ? kari!.id : null,
      });
    }

    const assignments = jsonRows(assignment, {
      where: sql`${qualified(assignment.bucketId)} = ${qualified(bucket.id)}`,
      orderBy: sql`${qualified(assignment.revision)} ASC`,
    });
    const found = await db
      .select({ bucket, assignments: assignments.select })
      .from(bucket)
      .orderBy(bucket.priority);
    const plain = await db
      .select()
      .from(assignment)
      .where(eq(assignment.bucketId, first!.id))
      .orderBy(assignment.revision);

    expect(found.map((row) => row.bucket.name)).toEqual(['First', 'Second']);
    expect(assignments.read(found[0]!.assignments)).toEqual(plain);
    expect(assignments.read(found[1]!.assignments)).toEqual([]);
    expect(found[0]!.bucket.actions).toEqual(first!.actions);
    expect(second!.actions).toBeNull();
    expect(plain[1]!.processedAt).toEqual(new Date('2026-11-24T08:00:00.123Z'));
  });
});
