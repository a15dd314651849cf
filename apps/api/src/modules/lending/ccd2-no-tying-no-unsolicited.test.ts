import type { Country } from '@nordloan/domain/enum-values';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insuranceMandate, insurancePaymentMandate } from '#src/db/schema/insurance.ts';
import {
  createCompleteApplication,
  fixedExternalData,
  jobsOf,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { listQuotes } from './loan-quote.repository.ts';
import { listLoanRequests } from './loan-request.repository.ts';

// CCD2 art. 14 (no tying) and art. 17 (no unsolicited credit), docs/compliance/ccd2.md: an applicant who
// buys nothing else still gets offers; no lender hears of an application until the applicant submits it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const countries: Country[] = ['SE', 'FI', 'DK', 'NO'];
/** An amount every country's brands lend (Finland's in euros). */
const amountIn: Record<Country, number> = { SE: 100_000, FI: 10_000, DK: 100_000, NO: 100_000 };

describe('art. 14: credit is not tied to insurance', () => {
  it.each(countries)('%s: an application with no insurance at all is sent and offered', async (country) => {
    const application = await createCompleteApplication(t, {
      country,
      amount: amountIn[country],
      duration: 5,
    });
    expect((await submit(t, application)).statusCode).toBeLessThan(300);
    await settle(t, testWorker(t, { externalData: fixedExternalData() }));

    const mandates = await t.database.db
      .select()
      .from(insuranceMandate)
      .where(eq(insuranceMandate.personId, application.personId));
    const paymentMandates = await t.database.db
      .select()
      .from(insurancePaymentMandate)
      .where(eq(insurancePaymentMandate.personId, application.personId));
    expect([...mandates, ...paymentMandates]).toEqual([]);

    const presentation = await t.app.inject({
      method: 'GET',
      url: `/loan-quote-presentation/v2/application/${application.id}/quotes`,
      headers: bearer(application.token),
    });
    const shown = presentation.json().Groups.flatMap((group: { Quotes: unknown[] }) => group.Quotes);
    expect(shown.length, `${country}: offers without insurance`).toBeGreaterThan(0);
  });
});

describe('art. 17: no credit the applicant did not ask for', () => {
  it('asks no lender about a complete application until the applicant submits it, then every lender once', async () => {
    const application = await createCompleteApplication(t, { country: 'SE', amount: 100_000, duration: 5 });
    const worker = testWorker(t, { externalData: fixedExternalData() });
    await settle(t, worker);
    expect(await listLoanRequests(t.database.db, application.id)).toEqual([]);
    expect(await listQuotes(t.database.db, application.id)).toEqual([]);
    const jobsBefore = (await jobsOf(t)).filter((job) => JSON.stringify(job).includes(application.id));
    expect(jobsBefore).toEqual([]);

    await submit(t, application);
    await settle(t, worker);
    const requests = await listLoanRequests(t.database.db, application.id);
    expect(requests.length).toBeGreaterThan(0);
    const lenders = requests.map((request) => request.lenderId);
    expect(new Set(lenders).size).toBe(lenders.length);
  });
});
