import type { Country } from '@nordloan/domain/enums';
import type { LoanApplication } from '@nordloan/domain/loan-application';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { bearer, type TestApp } from '#src/test/test-app.ts';
import { nextTestFileSerial } from '#src/test/test-file-serial.ts';

// Shared by this module's tests: fresh applicants and valid bodies.

const birthDates: Record<Country, string> = {
  NO: '1985-05-05',
  SE: '1984-04-04',
  FI: '1983-03-03',
  DK: '1982-02-02',
};

/** A national id nobody else in this test file uses. */
export function freshNationalId(country: Country = 'NO'): string {
  return makeTestNationalId(country, birthDates[country], nextTestFileSerial('loan-application-fixtures', 1));
}

export async function newApplicant(
  t: TestApp,
  options: { country?: Country; role?: 'Person' | 'Customer' } = {},
) {
  const country = options.country ?? 'NO';
  return t.login({ nationalId: freshNationalId(country), country, role: options.role ?? 'Customer' });
}

export const unsecuredNo = {
  Product: 'UnsecuredLoan',
  Brand: 'no-main',
  Amount: 150000,
  Duration: 5,
} as const;

/** Everything the §7 check asks of an employed applicant at no-main. */
export const completeApplicant = {
  MaritalStatus: 'Single',
  Education: 'Higher education',
  LivingSituation: 'Rental',
  HousingType: 'Apartment building',
  HousingCostMonthly: 9000,
  ChildrenCount: 0,
  EmploymentType: 'Permanent',
  EmployerName: 'Fjord Tech AS',
  EmploymentStart: '2018-08-01',
  Industry: 'Information and communication',
  JobLevel: 'Employee',
  GrossYearlyIncome: 650000,
  NetMonthlyIncome: 38000,
  MainBank: 'DNB',
  IsPoliticallyExposed: false,
} as const;

export async function createApplicationAs(
  t: TestApp,
  token: string,
  body: Record<string, unknown> = unsecuredNo,
): Promise<LoanApplication> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/loan-application',
    headers: bearer(token),
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Counts rows of a table, to show that a refused request changed nothing. */
export async function countRows(t: TestApp, table: string, applicationId?: string): Promise<number> {
  const where = applicationId
    ? table === 'loan_application'
      ? `WHERE id = '${applicationId}'`
      : `WHERE loan_application_id = '${applicationId}'`
    : '';
  const [row] = await t.database.withSession((session) =>
    session.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} ${where}`),
  );
  return Number(row?.n ?? 0);
}
