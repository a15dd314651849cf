import type { BrandId } from '@nordloan/domain/brands/registry';
import type { Country, Product } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { findJobs, nextDueAt } from '#src/jobs/job.repository.ts';
import type { EventPublisher } from '#src/jobs/outbox-relay.ts';
import type { ExternalDataProvider, ExternalDataResult } from '#src/modules/lending/intake/external-data.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import {
  createLendingWorker,
  type LendingWorker,
  type LendingWorkerOptions,
} from '#src/modules/lending/lending-jobs.ts';
import { bearer, type TestApp } from './test-app.ts';
import { nextTestFileSerial } from './test-file-serial.ts';
import { sharedTestLenderPanel } from './test-lender-sandbox.ts';

// Helpers for the lending engine's tests (and the benchmark): a complete application through the API,
// a worker on the test database and clock, and "settle", which runs the worker and moves the test clock
// to each next due job (lender delays, retries) until nothing is left to do.

export const brandOfCountry: Record<Country, BrandId> = {
  NO: 'no-main',
  SE: 'se-main',
  FI: 'fi-main',
  DK: 'dk-main',
};

export interface ApplicantProfile {
  grossYearlyIncome: number;
  netMonthlyIncome: number;
  employmentType?: string;
  birthDate?: string;
}

export const defaultIncome: Record<Country, ApplicantProfile> = {
  NO: { grossYearlyIncome: 720_000, netMonthlyIncome: 45_000 },
  SE: { grossYearlyIncome: 540_000, netMonthlyIncome: 33_000 },
  FI: { grossYearlyIncome: 52_000, netMonthlyIncome: 3_200 },
  DK: { grossYearlyIncome: 520_000, netMonthlyIncome: 30_000 },
};

/** Applicant details that pass the §7 check for every brand (Single, so no partner costs are asked). */
export function mainApplicantDetails(profile: ApplicantProfile) {
  return {
    MaritalStatus: 'Single',
    Education: 'Higher education',
    LivingSituation: 'Rental',
    HousingType: 'Apartment building',
    HousingCostMonthly: 8_000,
    ChildrenCount: 0,
    EmploymentType: profile.employmentType ?? 'Permanent',
    EmployerName: 'Fjordverket AS',
    EmploymentStart: '2015-01-01',
    Industry: 'Manufacturing',
    JobLevel: 'Employee',
    GrossYearlyIncome: profile.grossYearlyIncome,
    NetMonthlyIncome: profile.netMonthlyIncome,
    MainBank: 'Nordbanken',
    IsPoliticallyExposed: false,
  } as const;
}

export interface CreatedApplication {
  id: string;
  token: string;
  customerId: string;
  personId: string;
  nationalId: string;
}

/** Logs a new applicant in and creates an application ready to submit (status 100). */
export async function createCompleteApplication(
  t: Pick<TestApp, 'app' | 'login'>,
  options: {
    country?: Country;
    brand?: BrandId;
    product?: Product;
    amount?: number;
    duration?: number;
    nationalId?: string;
    applicant?: Partial<ApplicantProfile>;
    loanPurpose?: string;
  } = {},
): Promise<CreatedApplication> {
  const country = options.country ?? 'NO';
  const brand = options.brand ?? brandOfCountry[country];
  const nationalId =
    options.nationalId ??
    makeTestNationalId(
      country,
      options.applicant?.birthDate ?? '1985-04-12',
      nextTestFileSerial('complete-application') % 50,
    );
  const login = await t.login({ nationalId, country, role: 'Customer', brand });
  const product = options.product ?? 'UnsecuredLoan';
  const response = await t.app.inject({
    method: 'POST',
    url: '/loan-application',
    headers: bearer(login.token),
    payload: {
      Product: product,
      Brand: brand,
      Amount: options.amount ?? 150_000,
      ...(product === 'CreditCard' ? {} : { Duration: options.duration ?? 5 }),
      LoanPurpose: options.loanPurpose ?? 'Renovation',
      // The apply journey's consent step (submit refuses without it).
      Data: { CreditCheckConsent: { Given: true, At: new Date().toISOString() } },
      MainApplicant: mainApplicantDetails({ ...defaultIncome[country], ...options.applicant }),
    },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return {
    id: response.json().ID,
    token: login.token,
    customerId: login.CustomerID,
    personId: login.PersonID,
    nationalId,
  };
}

/**
 * Submits through the API, then hands on the outbox's events as the app's worker would right after it
 * (ADR 0056): the submission is screened and placed in its work queue before the test goes on.
 */
export async function submit(t: Pick<TestApp, 'app' | 'relayEvents'>, application: CreatedApplication) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/loan-application/${application.id}/application-complete`,
    headers: bearer(application.token),
    payload: {},
  });
  await t.relayEvents();
  return response;
}

/**
 * A worker on the test app's database and clock, its lenders the sandbox lender over HTTP (ADR 0083): the
 * one whose lenders pay out in their answer, or (`disbursement: 'callback'`) the one whose lenders answer the
 * payout steps `pending` and leave the callbacks to the test. Its tick relays the outbox to the test app's
 * module reactions (`t.events`: screening, work queues; ADR 0056).
 */
export function testWorker(
  t: { database: DatabaseHandle; config: Config; clock: { now(): Date }; events?: EventPublisher },
  options: Partial<LendingWorkerOptions> & { disbursement?: 'automatic' | 'callback' } = {},
): LendingWorker {
  const { disbursement, ...workerOptions } = options;
  const panel = options.panel ?? sharedTestLenderPanel({ disbursement: disbursement ?? 'automatic' });
  return createLendingWorker({
    db: t.database.db,
    config: t.config,
    now: t.clock.now,
    ...(t.events ? { publish: t.events } : {}),
    ...workerOptions,
    panel,
  });
}

/**
 * Runs the worker until idle, then moves the clock to the next due job (a lender's response time, a
 * retry's backoff) and runs again, until no job is left within `horizonMs` of the start.
 */
export async function settle(
  t: { database: DatabaseHandle; clock: { now(): Date; set(date: Date): void } },
  worker: LendingWorker,
  horizonMs = 60 * 60 * 1000,
): Promise<void> {
  const limit = t.clock.now().getTime() + horizonMs;
  for (let round = 0; round < 1_000; round++) {
    await worker.runUntilIdle();
    const next = await nextDueAt(t.database.db, Object.values(jobKinds));
    if (!next || next.getTime() > limit) return;
    if (next > t.clock.now()) t.clock.set(next);
  }
  throw new Error('settle: still busy after 1000 rounds');
}

export async function jobsOf(t: { database: DatabaseHandle }, kind?: string) {
  return findJobs(t.database.db, kind);
}

/** An external-data source with fixed answers (a stub of the registers, which are outside the product). */
export function fixedExternalData(overrides: Partial<ExternalDataResult> = {}): ExternalDataProvider {
  return {
    async fetch({ subjects }) {
      return {
        debts: [],
        paymentRemarks: [],
        registeredAddress: {
          MainApplicant: subjects.some((subject) => subject.role === 'MainApplicant'),
          CoApplicant: subjects.some((subject) => subject.role === 'CoApplicant'),
        },
        sanctionsHits: [],
        ...overrides,
      };
    },
  };
}

/** An external-data source that is down. */
export const failingExternalData: ExternalDataProvider = {
  async fetch() {
    throw new Error('debt register unavailable (test)');
  },
};
