import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExpirySweep } from '#src/modules/lending/closing/expiry.service.ts';
import { scheduleExpirySweep } from '#src/modules/lending/closing/expiry-jobs.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  settle,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { agreementSignedAtLender } from './agreement-signing/test-helpers.ts';
import { day, failureSteps } from './failure-steps.ts';
import { listQuotes } from './loan-quote.repository.ts';
import { listLoanRequests } from './loan-request.repository.ts';

// The late branches off the main path (§4): blocking, cancellation, resubmission and expiry. The early
// ones: failure-branches.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const { get, post, lending, statusOf, requestCodes, submitToBankDecision, submitToOffers } = failureSteps(
  () => t,
);

describe('blocking, cancelling, resubmission', () => {
  it('blocks for fraud (199) by a Manager; Sales may not; the applicant may not', async () => {
    const application = await createCompleteApplication(t);
    await submitToOffers(application);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const salesTry = await post(`/loan-application/${application.id}/block`, sales, { Reason: 'fraud' });
    expect(salesTry.statusCode).toBe(403);
    expect(salesTry.json().Message).toBe('Only compliance staff may block an application');
    expect(await statusOf(application)).toBe(410);
    expect(
      (await post(`/loan-application/${application.id}/block`, application.token, { Reason: 'fraud' }))
        .statusCode,
    ).toBe(403);
    const manager = await t.staffToken([{ Name: 'Manager', Country: 'NO' }]);
    const blocked = await post(`/loan-application/${application.id}/block`, manager, {
      Reason: 'fraud',
      Comment: 'Forged payslip',
    });
    expect(blocked.json().Status).toBe(199);
    // No tipping-off: the applicant's view carries neither the block reason nor the staff comment.
    const applicantView = JSON.stringify(await lending(application));
    expect(applicantView).not.toMatch(/fraud|Forged payslip/i);
    const staffView = (await get(`/loan-application/${application.id}/lending`, manager)).json();
    expect(staffView.History.at(-1).Reason).toBe('Blocked (fraud): Forged payslip');
    expect(await listQuotes(t.database.db, application.id, ['approved'])).toEqual([]);
    expect(new Set(await requestCodes(application))).toEqual(new Set([482]));
    const swedishManager = await t.staffToken([{ Name: 'Manager', Country: 'SE' }]);
    const other = await createCompleteApplication(t);
    expect(
      (await post(`/loan-application/${other.id}/block`, swedishManager, { Reason: 'sanctions' })).statusCode,
    ).toBe(404);
  });

  it('lets Sales cancel while the customer decides (410 → 480) and refuses targets with their own action', async () => {
    const application = await createCompleteApplication(t);
    await submitToOffers(application);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const viaGeneric = await post(`/loan-application/${application.id}/status`, sales, {
      Status: 500,
      Reason: 'x',
    });
    expect(viaGeneric.statusCode).toBe(409);
    expect(viaGeneric.json().Message).toMatch(/accept/);
    expect(
      (
        await post(`/loan-application/${application.id}/status`, application.token, {
          Status: 480,
          Reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const cancelled = await post(`/loan-application/${application.id}/status`, sales, {
      Status: 480,
      Reason: 'Customer asked by phone to stop',
    });
    expect(cancelled.json().Status).toBe(480);
    expect(await listQuotes(t.database.db, application.id, ['cancelled'])).not.toEqual([]);
  });

  it('lets a lender cancel its offer: only that offer while others are open (481), the application once accepted (580)', async () => {
    const application = await createCompleteApplication(t);
    const quotes = await submitToOffers(application, { disbursement: 'callback' });
    expect(quotes.length).toBeGreaterThanOrEqual(2);
    const [first, second] = quotes as { ID: string; Lender: { ID: string } }[];
    const lenderToken = async (lenderId: string) =>
      (await t.tokens.sign({
        Roles: [{ Name: 'Lender', Country: 'NO' }],
        sub: `lender:${lenderId}`,
      })) as string;
    const cancelOne = await post(
      `/lender-callback/${first!.Lender.ID}/loan-quote/${first!.ID}/cancelled`,
      await lenderToken(first!.Lender.ID),
      { Reason: 'Offer withdrawn by the bank' },
    );
    expect(cancelOne.statusCode).toBe(200);
    expect(cancelOne.json().Status).toBe(410);
    const requests = (await lending(application)).LoanRequests as { LenderID: string; Status: number }[];
    expect(requests.find((request) => request.LenderID === first!.Lender.ID)?.Status).toBe(481);

    await post(`/loan-quote/${second!.ID}/accept`, application.token, { Consent: true });
    await settle(t, testWorker(t, { disbursement: 'callback' }));
    const cancelAccepted = await post(
      `/lender-callback/${second!.Lender.ID}/loan-quote/${second!.ID}/cancelled`,
      await lenderToken(second!.Lender.ID),
      { Reason: 'Fraud check' },
    );
    expect(cancelAccepted.json().Status).toBe(580);
  });

  it('clones for resubmission with a co-applicant from 310 (388) and from 670 (688)', async () => {
    const application = await createCompleteApplication(t);
    await submitToBankDecision(application);
    const resubmitted = await post(`/loan-application/${application.id}/resubmission`, application.token, {
      Changes: { Amount: 100_000 },
    });
    expect(resubmitted.statusCode).toBe(201);
    expect(resubmitted.json().Original.Status).toBe(388);
    expect(resubmitted.json().Clone).toMatchObject({
      Status: 100,
      Amount: 100_000,
      ClonedFromID: application.id,
    });
    expect(new Set(await requestCodes(application))).toEqual(new Set([383]));
    // The original moved on; a second resubmission is refused.
    expect(
      (await post(`/loan-application/${application.id}/resubmission`, application.token)).statusCode,
    ).toBe(409);

    const second = await createCompleteApplication(t);
    const [quote] = await submitToOffers(second, { disbursement: 'callback' });
    await post(`/loan-quote/${quote.ID}/accept`, second.token, { Consent: true });
    const worker = testWorker(t, { disbursement: 'callback' });
    await settle(t, worker);
    // No payout before the agreement is signed (ADR 0077): the lender reports it signed.
    await agreementSignedAtLender(t, quote.ID);
    await settle(t, worker);
    const superToken = await t.staffToken([{ Name: 'Super' }]);
    const base = `/lender-callback/${quote.Lender.ID}/loan-quote/${quote.ID}`;
    await post(`${base}/disbursement-decision`, superToken, { Decision: 'approved' });
    await settle(t, worker);
    expect(
      (await post(`${base}/not-disbursed`, superToken, { Reason: 'Account closed' })).json().Status,
    ).toBe(670);
    const cloned = await post(`/loan-application/${second.id}/resubmission`, second.token);
    expect(cloned.json().Original.Status).toBe(688);
  });
});

describe('expiry (scheduled job)', () => {
  // Tokens do not live for weeks: read the stored rows directly once the clock has moved.
  const storedStatus = async (application: CreatedApplication) =>
    (await findApplicationById(t.database.db, application.id))!.status;
  const storedRequestCodes = async (application: CreatedApplication) =>
    (await listLoanRequests(t.database.db, application.id)).map((request) => request.status);

  it('expires an application not submitted in 30 days (189)', async () => {
    const application = await createCompleteApplication(t);
    t.clock.advance(31 * day);
    await scheduleExpirySweep(t.database.db, t.clock.now());
    await testWorker(t).runUntilIdle();
    expect(await storedStatus(application)).toBe(189);
  });

  it('expires the offers after their validity, then the application (489)', async () => {
    const application = await createCompleteApplication(t);
    await submitToOffers(application);
    t.clock.advance(31 * day);
    await scheduleExpirySweep(t.database.db, t.clock.now());
    await testWorker(t).runUntilIdle();
    expect(await storedStatus(application)).toBe(489);
    expect(await listQuotes(t.database.db, application.id, ['approved'])).toEqual([]);
    expect(new Set(await storedRequestCodes(application))).toEqual(new Set([489]));
  });

  it('expires banks that do not decide in 14 days (389); their late answers change nothing', async () => {
    const application = await createCompleteApplication(t);
    await submitToBankDecision(application);
    t.clock.advance(15 * day);
    await runExpirySweep({ db: t.database.db, now: t.clock.now() });
    expect(await storedStatus(application)).toBe(389);
    await settle(t, testWorker(t));
    expect(await storedStatus(application)).toBe(389);
    expect(await listQuotes(t.database.db, application.id)).toEqual([]);
    expect(new Set(await storedRequestCodes(application))).toEqual(new Set([389]));
  });
});
