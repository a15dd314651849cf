import { personCheckSchema } from '@nordloan/domain/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import {
  createTestApplication,
  createTestPerson,
  expectDatabaseError,
} from '#src/modules/backoffice/test-fixtures.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { toPersonCheck } from './person-check.mapper.ts';
import {
  findLatestPersonCheck,
  findPersonCheckById,
  insertPersonCheck,
  listPersonChecks,
} from './person-check.repository.ts';

describe('person check repository', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('round-trips a screening; the DTO is the §3 Person check with PEP, RCA and Sanctioned', async () => {
    const person = await createTestPerson(database.db, 'SE');
    const application = await createTestApplication(database.db, { country: 'SE', personId: person.id });
    const clean = await insertPersonCheck(database.db, {
      personId: person.id,
      loanApplicationId: application.id,
      fullName: 'Anna Andersson',
      isPep: false,
      isRca: false,
      isSanctioned: false,
      createdAt: new Date('2030-01-01T10:00:00Z'),
    });
    expect(await findPersonCheckById(database.db, clean.id)).toEqual(clean);
    expect(personCheckSchema.parse(toPersonCheck(clean))).toEqual({
      ID: clean.id,
      CreatedAt: '2030-01-01T10:00:00.000Z',
      PersonID: person.id,
      LoanApplicationID: application.id,
      Details: null,
      FullName: 'Anna Andersson',
      Attributes: { PEP: false, RCA: false, Sanctioned: false },
    });

    const hit = await insertPersonCheck(database.db, {
      personId: person.id,
      fullName: 'Anna Andersson',
      isPep: false,
      isRca: true,
      isSanctioned: false,
      details: 'Close associate of a member of the Riksdag (2018–2022)',
      createdAt: new Date('2030-02-01T10:00:00Z'),
    });
    expect(toPersonCheck(hit).Attributes).toEqual({ PEP: false, RCA: true, Sanctioned: false });
    expect((await listPersonChecks(database.db, person.id)).map((row) => row.id)).toEqual([hit.id, clean.id]);
    expect((await findLatestPersonCheck(database.db, person.id))?.id).toBe(hit.id);
  });

  it('needs a known person and all three flags', async () => {
    await expectDatabaseError(
      insertPersonCheck(database.db, {
        personId: '00000000-0000-4000-8000-000000000000',
        fullName: 'Nobody',
        isPep: false,
        isRca: false,
        isSanctioned: false,
      }),
      /foreign key/,
    );
    const person = await createTestPerson(database.db);
    await expectDatabaseError(
      // @ts-expect-error isSanctioned is required
      insertPersonCheck(database.db, { personId: person.id, fullName: 'X', isPep: false, isRca: false }),
      /is_sanctioned|null/,
    );
  });
});
