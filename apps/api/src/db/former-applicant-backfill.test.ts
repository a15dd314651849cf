import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#src/test/test-database.ts';
import type { DatabaseHandle } from './client.ts';

// Migration 0023 fills loan_application_former_applicant from the revisions (ADR 0033): the statement as
// shipped, run on revisions written before it.

const migration = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), 'migrations', '0023_former_applicants.sql'),
  'utf8',
);
const backfill = migration.slice(migration.indexOf('INSERT INTO loan_application_former_applicant'));

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const query = <Row>(text: string, params: unknown[] = []) =>
  database.withSession((session) => session.query<Row>(text, params));

describe('migration 0023, the former co-applicants of earlier revisions', () => {
  it('records each co-applicant an earlier revision names who is not the co-applicant now, once', async () => {
    const [main, former, current] = ['a1', 'a2', 'a3'].map((tag, index) => ({
      id: `${index + 1}1111111-1111-4111-8111-111111111111`,
      hash: `backfill-${tag}`,
    }));
    for (const person of [main!, former!, current!]) {
      await query(
        `INSERT INTO person (id, country, national_id_hash, national_id_sealed) VALUES ($1, 'NO', $2, 'sealed')`,
        [person.id, person.hash],
      );
    }
    const [application] = await query<{ id: string }>(
      `INSERT INTO loan_application (product, brand, country, person_id, co_applicant_person_id)
       VALUES ('UnsecuredLoan', 'no-main', 'NO', $1, $2) RETURNING id`,
      [main!.id, current!.id],
    );
    const coApplicant = (personId: string | null) =>
      JSON.stringify({ CoApplicant: personId === null ? null : { PersonID: personId } });
    const revisions: [string | null, string][] = [
      [null, '2026-01-01T00:00:00Z'],
      [former!.id, '2026-01-02T00:00:00Z'],
      [former!.id, '2026-01-03T00:00:00Z'],
      [current!.id, '2026-01-04T00:00:00Z'],
      ['not-a-uuid', '2026-01-05T00:00:00Z'],
      ['99999999-9999-4999-8999-999999999999', '2026-01-06T00:00:00Z'],
    ];
    for (const [index, [personId, at]] of revisions.entries()) {
      await query(
        `INSERT INTO loan_application_revision (loan_application_id, revision, status, snapshot, changed_by, reason, created_at)
         VALUES ($1, $2, 100, $3::jsonb, 'test', 'patched', $4)`,
        [application!.id, index + 1, coApplicant(personId), at],
      );
    }

    await query(backfill);
    await query(backfill);

    const recorded = await query<{ person_id: string; left_at: Date | string }>(
      'SELECT person_id, left_at FROM loan_application_former_applicant WHERE loan_application_id = $1',
      [application!.id],
    );
    expect(recorded.map((row) => [row.person_id, new Date(row.left_at).toISOString()])).toEqual([
      [former!.id, '2026-01-03T00:00:00.000Z'],
    ]);
  });
});
