import type { Country } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { expect } from 'vitest';
import { bearer, type TestApp } from '#src/test/test-app.ts';
import { nextTestFileSerial } from '#src/test/test-file-serial.ts';

// Shared by the insurance tests: applicants of a chosen age and national-id ending (the local e-ID
// stand-in cancels for numbers ending in 9), and calls on a brand's host.

// Ids handed out so far, per test file (the API project shares helper modules across files: isolate: false).
const usedIdsByFile = new Map<string, Set<string>>();

/** A fresh national identity number for the birth date, with (or without) the wanted last digit. */
export function nationalIdFor(
  country: Country,
  birthDate: string,
  lastDigit: { is?: string; isNot?: string } = { isNot: '9' },
): string {
  const file = expect.getState().testPath ?? '';
  const usedIds = usedIdsByFile.get(file) ?? new Set<string>();
  usedIdsByFile.set(file, usedIds);
  for (;;) {
    const id = makeTestNationalId(country, birthDate, nextTestFileSerial('insurance', 301) % 900);
    if (usedIds.has(id)) continue;
    const last = id.at(-1);
    if (lastDigit.is !== undefined && last !== lastDigit.is) continue;
    if (lastDigit.isNot !== undefined && last === lastDigit.isNot) continue;
    usedIds.add(id);
    return id;
  }
}

/** A birth date `years` years (and a few days) before the test clock's today. */
export function birthDateYearsAgo(t: TestApp, years: number): string {
  const day = t.clock.now();
  day.setUTCFullYear(day.getUTCFullYear() - years);
  day.setUTCDate(day.getUTCDate() - 10);
  return day.toISOString().slice(0, 10);
}

export async function insuranceApplicant(
  t: TestApp,
  options: {
    country?: Country;
    brand?: string;
    age?: number;
    lastDigit?: { is?: string; isNot?: string };
  } = {},
) {
  const country = options.country ?? 'NO';
  const nationalId = nationalIdFor(country, birthDateYearsAgo(t, options.age ?? 40), options.lastDigit);
  const login = () =>
    t.login({ nationalId, country, role: 'Customer', ...(options.brand ? { brand: options.brand } : {}) });
  // relogin: a fresh token after a test moved the clock past the first one's expiry
  return { ...(await login()), relogin: async () => (await login()).token };
}

export function on(t: TestApp, brand: string, token?: string) {
  const headers = { host: `${brand}.localhost`, ...(token ? bearer(token) : {}) };
  return {
    get: (url: string, query?: Record<string, string>) =>
      t.app.inject({ method: 'GET', url, headers, ...(query ? { query } : {}) }),
    post: (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers, payload: payload as object }),
  };
}

export const eligibleAnswers = {
  OptIn: true,
  InsuredMonthlyAmount: 5_000,
  EmploymentStatus: 'permanent',
  EmployedMonths: 24,
  HoursPerWeek: 37.5,
  ResidentInCountry: true,
  FitForWork: true,
};

/** An eligible Norwegian applicant with an open request on no-main. */
export async function applicantWithRequest(
  t: TestApp,
  options: { lastDigit?: { is?: string; isNot?: string } } = {},
) {
  const applicant = await insuranceApplicant(t, options);
  const response = await on(t, 'no-main', applicant.token).post('/insurance/v2/eligibility', eligibleAnswers);
  if (response.statusCode !== 200) throw new Error(`eligibility failed: ${response.body}`);
  return { applicant, requestId: response.json().Request.ID as string };
}

/** Signs the insurance mandate: start, let the e-ID "app" finish, collect. */
export async function signedMandate(t: TestApp, token: string, requestId: string) {
  const api = on(t, 'no-main', token);
  const started = await api.post('/insurance/v2/mandate/bankid-no', { InsuranceRequestID: requestId });
  if (started.statusCode !== 201) throw new Error(`mandate failed: ${started.body}`);
  t.clock.advance(2_500);
  return (await api.get(`/insurance/v2/mandate/bankid-no/${started.json().ID}`)).json();
}
