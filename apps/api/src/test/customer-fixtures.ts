import type { Country, Product } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { insertApplication } from '#src/modules/loan-applications/application-write.repository.ts';
import type { TestApp } from './test-app.ts';
import { nextTestFileSerial } from './test-file-serial.ts';

// Shared by the applicant-side tests (customers, persons, consent, leads, documents, magic links).

const birthDates: Record<Country, string> = {
  NO: '1988-08-08',
  SE: '1977-07-07',
  FI: '1966-06-06',
  DK: '1991-01-09',
};

/** A national id nobody else in this test file uses. */
export function freshNationalId(country: Country = 'NO'): string {
  return makeTestNationalId(country, birthDates[country], nextTestFileSerial('customer-fixtures', 101));
}

/** An applicant logged in through the development identity provider (person + customer). */
export function newApplicant(
  t: TestApp,
  options: { country?: Country; role?: 'Person' | 'Customer'; brand?: string } = {},
) {
  const country = options.country ?? 'NO';
  return t.login({
    nationalId: freshNationalId(country),
    country,
    role: options.role ?? 'Customer',
    ...(options.brand ? { brand: options.brand } : {}),
  });
}

/** An application owned by the applicant, written straight to the table (independent of the form rules). */
export function applicationOf(
  t: TestApp,
  owner: { CustomerID: string; PersonID: string },
  options: { product?: Product; brand?: string; country?: Country } = {},
): Promise<LoanApplicationRow> {
  return insertApplication(t.database.db, {
    product: options.product ?? 'SecuredLoan',
    brand: options.brand ?? 'no-main',
    country: options.country ?? 'NO',
    customerId: owner.CustomerID,
    personId: owner.PersonID,
  });
}
