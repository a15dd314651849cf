import type { Country } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { expect } from 'vitest';
import type { Executor } from '#src/db/client.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { insertPerson } from '#src/modules/persons/person.repository.ts';
import { nextTestFileSerial } from '#src/test/test-file-serial.ts';

// Rows the back-office tables point at, for the repository tests of this module.

export async function createTestPerson(db: Executor, country: Country = 'NO') {
  const serial = nextTestFileSerial('backoffice-person');
  return insertPerson(db, {
    country,
    nationalId: makeTestNationalId(country, '1985-06-15', serial),
    firstName: 'Test',
    lastName: `Person ${serial + 1}`,
  });
}

export async function createTestApplication(
  db: Executor,
  input: { country?: Country; status?: number; personId?: string; brand?: string } = {},
) {
  const country = input.country ?? 'NO';
  const personId = input.personId ?? (await createTestPerson(db, country)).id;
  const [row] = await db
    .insert(loanApplication)
    .values({
      product: 'UnsecuredLoan',
      brand: input.brand ?? `${country.toLowerCase()}-main`,
      country,
      status: input.status ?? 100,
      personId,
      amount: 100_000,
      durationYears: 5,
    })
    .returning();
  return row!;
}

/** Asserts that the database refused the statement, with a message (of the driver's error) matching `pattern`. */
export async function expectDatabaseError(work: Promise<unknown>, pattern: RegExp): Promise<void> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught as Error & { cause?: Error },
  );
  expect(error, 'the database accepted the statement').toBeDefined();
  expect(`${error?.message} ${error?.cause?.message ?? ''}`).toMatch(pattern);
}
