import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Executor } from '#src/db/client.ts';
import { loanApplication, loanApplicationApplicant } from '#src/db/schema/applications.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { insertApplicationLock } from './application-lock.repository.ts';
import {
  findApplicationForChange,
  findApplicationForChangeWithParts,
} from './application-locked-read.repository.ts';

// A change's lock read takes the row FOR UPDATE and, in the same statement, what the revision snapshot and
// the checks need (applicants, lock flag, sub-records). When it waits for another transaction's change of
// the row, PostgreSQL answers the row as that change left it but the sub-selects as they were when the
// statement began: the read must notice and answer the parts as they now are. Two connections are needed,
// so this runs on PostgreSQL only (PGlite is one connection).

describe.runIf(process.env.TEST_DATABASE_URL)(
  'a lock read that waited for another change (PostgreSQL)',
  () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => database?.close());

    async function newApplication(): Promise<string> {
      const [application] = await database.db
        .insert(loanApplication)
        .values({ product: 'UnsecuredLoan', brand: 'no-main', country: 'NO', status: 100 })
        .returning();
      await database.db
        .insert(loanApplicationApplicant)
        .values({ loanApplicationId: application!.id, role: 'MainApplicant', employerName: 'Before' });
      return application!.id;
    }

    /** Runs `change` in a transaction holding the row, starts `read` while it does, and commits once `read` waits. */
    async function readWhileChanging<T>(
      id: string,
      change: (tx: Executor) => Promise<void>,
      read: (tx: Executor) => Promise<T>,
    ): Promise<T> {
      let reading: Promise<T> | undefined;
      await database.db.transaction(async (tx) => {
        await tx
          .select({ id: loanApplication.id })
          .from(loanApplication)
          .where(eq(loanApplication.id, id))
          .for('update');
        await change(tx);
        await tx
          .update(loanApplication)
          .set({ revision: sql`${loanApplication.revision} + 1` })
          .where(eq(loanApplication.id, id));
        reading = database.db.transaction(read);
        await waitUntilSomeoneWaitsForALock();
      });
      return reading!;
    }

    async function waitUntilSomeoneWaitsForALock(): Promise<void> {
      for (let attempt = 0; attempt < 200; attempt++) {
        const result = await database.db.execute(
          sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        const [row] = (result as unknown as { rows: { waiting: number }[] }).rows;
        if (row!.waiting > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the read never waited for the row lock');
    }

    const changeEmployer = async (tx: Executor, id: string) => {
      await tx
        .update(loanApplicationApplicant)
        .set({ employerName: 'After' })
        .where(eq(loanApplicationApplicant.loanApplicationId, id));
    };

    it('answers the applicants as the change left them, with the new Revision', async () => {
      const id = await newApplication();
      const found = await readWhileChanging(
        id,
        (tx) => changeEmployer(tx, id),
        (tx) => findApplicationForChangeWithParts(tx, id),
      );
      expect(found!.row.revision).toBe(2);
      expect(found!.parts.applicants.map((applicant) => applicant.employerName)).toEqual(['After']);
    });

    it('does so too when the application is named by a sub-select (a lender job locks it by its request)', async () => {
      const id = await newApplication();
      const found = await readWhileChanging(
        id,
        (tx) => changeEmployer(tx, id),
        (tx) => findApplicationForChangeWithParts(tx, sql`SELECT ${id}::uuid`),
      );
      expect(found!.row.id).toBe(id);
      expect(found!.parts.applicants.map((applicant) => applicant.employerName)).toEqual(['After']);
    });

    it('answers the lock the change took (a locked application is not changed)', async () => {
      const id = await newApplication();
      const change = (tx: Executor) =>
        insertApplicationLock(tx, {
          applicationId: id,
          originalRevision: 2,
          lockedBy: 'test',
          now: new Date(),
        }).then(() => undefined);
      const found = await readWhileChanging(id, change, (tx) => findApplicationForChange(tx, id));
      expect(found).toMatchObject({ row: { revision: 2 }, isLocked: true });

      const other = await newApplication();
      const withParts = await readWhileChanging(
        other,
        (tx) =>
          insertApplicationLock(tx, {
            applicationId: other,
            originalRevision: 2,
            lockedBy: 'test',
            now: new Date(),
          }).then(() => undefined),
        (tx) => findApplicationForChangeWithParts(tx, other),
      );
      expect(withParts!.parts.isLocked).toBe(true);
    });
  },
);
