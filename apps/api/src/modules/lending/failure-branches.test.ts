import { makeTestNationalId } from '@nordloan/domain/national-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxEvents } from '#src/jobs/outbox.repository.ts';
import type { ExternalDataProvider } from '#src/modules/lending/intake/external-data.ts';
import { transitionIfIn } from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import {
  createCompleteApplication,
  defaultIncome,
  failingExternalData,
  fixedExternalData,
  mainApplicantDetails,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { sharedTestLenderPanel } from '#src/test/test-lender-sandbox.ts';
import { signAgreementWithEid } from './agreement-signing/test-helpers.ts';
import { failureSteps } from './failure-steps.ts';
import { listQuotes } from './loan-quote.repository.ts';

// Every branch off the main path (§4), up to the lenders' answers and the customer's withdrawal: the
// credit-check consent, validation and external-data failures, sanctions, no bank, no approval.
// Blocking, cancelling, resubmission and expiry: failure-branches-late.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const {
  get,
  post,
  lending,
  statusOf,
  requestCodes,
  withdraw,
  submitToRegistration,
  submitToBankDecision,
  submitToOffers,
} = failureSteps(() => t);

describe('credit-check consent', () => {
  it('submit answers 400 CreditCheckConsent without it, and takes the application once it is given', async () => {
    const login = await t.login({ nationalId: makeTestNationalId('NO', '1984-02-03', 7), country: 'NO' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/loan-application',
      headers: bearer(login.token),
      payload: {
        Product: 'UnsecuredLoan',
        Brand: 'no-main',
        Amount: 150_000,
        Duration: 5,
        LoanPurpose: 'Renovation',
        MainApplicant: mainApplicantDetails(defaultIncome.NO),
      },
    });
    expect(created.statusCode).toBe(201);
    const application = { id: created.json().ID as string, token: login.token };
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${application.id}/application-complete`,
      headers: bearer(application.token),
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors).toEqual([expect.objectContaining({ Field: 'CreditCheckConsent' })]);
    expect((await get(`/loan-application/${application.id}`, application.token)).json().Status).toBe(100);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${application.id}`,
      headers: bearer(application.token),
      payload: { Data: { CreditCheckConsent: { Given: true, At: '2026-01-01T00:00:00.000Z' } } },
    });
    expect(patched.statusCode).toBe(200);
    const submitted = await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${application.id}/application-complete`,
      headers: bearer(application.token),
      payload: {},
    });
    expect(submitted.json().Status).toBe(160);
  });
});

describe('intake failures', () => {
  it('169 validation failed, then resubmitted after the applicant completes the form', async () => {
    const application = await createCompleteApplication(t);
    // Take the income away: the form check refuses it.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${application.id}`,
      headers: bearer(application.token),
      payload: { MainApplicant: { GrossYearlyIncome: null } },
    });
    expect(patched.statusCode).toBe(200);
    await submit(t, application);
    await settle(t, testWorker(t));
    const summary = await lending(application);
    expect(summary.Status).toBe(169);
    expect(summary.History.at(-1).Reason).toMatch(/GrossYearlyIncome/);

    await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${application.id}`,
      headers: bearer(application.token),
      payload: {
        MainApplicant: mainApplicantDetails({ grossYearlyIncome: 720_000, netMonthlyIncome: 45_000 }),
      },
    });
    expect((await submit(t, application)).json().Status).toBe(160);
    await settle(t, testWorker(t));
    expect(await statusOf(application)).toBe(410);
  });

  it('181 external data failed; staff retry (181 → 180) and it goes on', async () => {
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { externalData: failingExternalData }));
    expect(await statusOf(application)).toBe(181);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const retried = await post(`/loan-application/${application.id}/status`, sales, {
      Status: 180,
      Reason: 'Register back up',
    });
    expect(retried.statusCode).toBe(200);
    await settle(t, testWorker(t));
    expect(await statusOf(application)).toBe(410);
  });

  it('fills debts from the national debt register with source 2', async () => {
    const application = await createCompleteApplication(t);
    const registerDebt = {
      externalRef: 'register:test:loan',
      ownerRole: 'MainApplicant' as const,
      debtType: 'Unsecured',
      creditor: 'Forbruksbanken ASA',
      balance: 80_000,
      creditLimit: null,
      monthlyPayment: 2_500,
      interestRate: 0.149,
      remainingTermMonths: 36,
    };
    await submit(t, application);
    await settle(t, testWorker(t, { externalData: fixedExternalData({ debts: [registerDebt] }) }));
    const debts = (await get(`/loan-application/${application.id}/debt`, application.token)).json();
    expect(debts).toEqual([
      expect.objectContaining({
        Source: 2,
        Balance: 80_000,
        Creditor: 'Forbruksbanken ASA',
        DebtType: 'Unsecured',
      }),
    ]);
  });

  // Alone, the register is asked at 180; in a batch (ADR 0047) at 160, the chain written after it.
  it.each([
    { batches: true, from: 160, to: 169 },
    { batches: false, from: 180, to: 181 },
  ] as const)(
    'writes no register debts when the application moved on while the register answered (batches: $batches)',
    async ({ batches, from, to }) => {
      const application = await createCompleteApplication(t);
      await submit(t, application);
      const answering = fixedExternalData({
        debts: [
          {
            externalRef: 'register:test:late',
            ownerRole: 'MainApplicant',
            debtType: 'Unsecured',
            creditor: 'Late Bank ASA',
            balance: 10_000,
            creditLimit: null,
            monthlyPayment: 500,
            interestRate: 0.1,
            remainingTermMonths: 24,
          },
        ],
      });
      let revisionAfterMove = 0;
      const externalData: ExternalDataProvider = {
        async fetch(request) {
          // Someone else moves it (here the system's own failure move) while the register is answering.
          const moved = await t.database.db.transaction((tx) =>
            transitionIfIn(tx, {
              applicationId: application.id,
              onlyFrom: [from],
              to,
              actor: { kind: 'system', id: 'test' },
              reason: 'Moved meanwhile (test)',
              now: t.clock.now(),
            }),
          );
          revisionAfterMove = moved?.revision ?? 0;
          return answering.fetch(request);
        },
      };
      await settle(t, testWorker(t, { externalData, batches }));
      expect(revisionAfterMove).toBeGreaterThan(0);
      const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
      expect((await get(`/loan-application/${application.id}/debt`, staff)).json()).toEqual([]);
      const after = (await get(`/loan-application/${application.id}`, staff)).json();
      expect([after.Status, after.Revision]).toEqual([to, revisionAfterMove]);
    },
  );

  it('the revision of the move 180 → 200 holds the register debts written with it', async () => {
    const application = await createCompleteApplication(t);
    await submit(t, application);
    const registerDebt = {
      externalRef: 'register:test:snapshot',
      ownerRole: 'MainApplicant' as const,
      debtType: 'Unsecured',
      creditor: 'Snapshot Bank ASA',
      balance: 20_000,
      creditLimit: null,
      monthlyPayment: 700,
      interestRate: 0.11,
      remainingTermMonths: 24,
    };
    await settle(t, testWorker(t, { externalData: fixedExternalData({ debts: [registerDebt] }) }));
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const [at200] = (await get(`/loan-application/${application.id}/revisions?status=200`, staff)).json();
    const revision = (
      await get(`/loan-application/${application.id}/revisions/${at200.Revision}`, staff)
    ).json();
    expect(JSON.stringify(revision.Snapshot)).toContain('Snapshot Bank ASA');
  });

  it("shows an applicant only their own register debts; staff see both applicants'", async () => {
    const application = await createCompleteApplication(t);
    const registerDebt = (ownerRole: 'MainApplicant' | 'CoApplicant', creditor: string) => ({
      externalRef: `register:test:${ownerRole}`,
      ownerRole,
      debtType: 'Unsecured',
      creditor,
      balance: 40_000,
      creditLimit: null,
      monthlyPayment: 1_500,
      interestRate: 0.12,
      remainingTermMonths: 24,
    });
    await submit(t, application);
    const debts = [
      registerDebt('MainApplicant', 'Own Bank ASA'),
      registerDebt('CoApplicant', 'Other Bank ASA'),
    ];
    await settle(t, testWorker(t, { externalData: fixedExternalData({ debts }) }));
    const own = await get(`/loan-application/${application.id}/debt`, application.token);
    expect(own.json().map((debt: { Creditor: string }) => debt.Creditor)).toEqual(['Own Bank ASA']);
    const revisions = await get(`/loan-application/${application.id}/revisions`, application.token);
    expect(revisions.body).not.toContain('Other Bank ASA');
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const all = (await get(`/loan-application/${application.id}/debt`, staff)).json();
    expect(all.map((debt: { Creditor: string }) => debt.Creditor).sort()).toEqual([
      'Other Bank ASA',
      'Own Bank ASA',
    ]);
  });

  it('198 on a sanctions-screening hit', async () => {
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(
      t,
      testWorker(t, {
        externalData: fixedExternalData({ sanctionsHits: [{ ownerRole: 'MainApplicant', list: 'EU' }] }),
      }),
    );
    // The applicant sees the ordinary block 162 everywhere: the application, the list, revisions, lending.
    expect(await statusOf(application)).toBe(162);
    const seen = [
      await get(`/loan-application/${application.id}`, application.token),
      await get('/loan-application', application.token),
      await get(`/loan-application/${application.id}/revisions`, application.token),
      await get('/loan-application?status=198', application.token),
    ].map((response) => response.body);
    for (const body of seen) {
      expect(body).not.toMatch(/\b19[89]\b|sanction|fraud/i);
    }
    expect(JSON.parse(seen[0]!)).toMatchObject({ Status: 162, StatusName: 'Blocked' });
    expect(JSON.parse(seen[1]!).Items[0]).toMatchObject({ ID: application.id, Status: 162 });
    expect(JSON.parse(seen[3]!).Items).toEqual([]);
    const blockedList = (await get('/loan-application?status=162', application.token)).json();
    expect(blockedList.Items.map((item: { ID: string }) => item.ID)).toEqual([application.id]);
    const manager = await t.staffToken([{ Name: 'Manager', Country: 'NO' }]);
    expect((await get(`/loan-application/${application.id}`, manager)).json()).toMatchObject({
      Status: 198,
      StatusName: 'Blocked by sanctions',
    });
    // No tipping-off: the applicant sees a neutral text, staff the screening hit.
    const applicantView = JSON.stringify(await lending(application));
    expect(applicantView).not.toMatch(/sanction/i);
    expect((await lending(application)).History.at(-1).Reason).toBe('The application has been closed');
    const compliance = await t.staffToken([{ Name: 'Manager', Country: 'NO' }]);
    const staffView = (await get(`/loan-application/${application.id}/lending`, compliance)).json();
    expect(staffView.History.at(-1).Reason).toMatch(/Sanctions screening hit: MainApplicant on EU/);
  });
});

describe('lender answers', () => {
  it('270 when no lender registers the application (bank filter 266 everywhere)', async () => {
    const application = await createCompleteApplication(t, {
      applicant: { grossYearlyIncome: 100_000, netMonthlyIncome: 6_000 },
    });
    await submit(t, application);
    await settle(t, testWorker(t, { externalData: fixedExternalData() }));
    const summary = await lending(application);
    expect(summary.Status).toBe(270);
    expect(summary.LoanRequests.every((request: { Status: number }) => request.Status === 266)).toBe(true);
    expect(summary.LoanRequests[0].ReasonCode).toBe('BANK_FILTER_INCOME');
    expect(summary.History.at(-1)).toMatchObject({ From: 210, To: 270 });
    // Registration ended: the lock the panel held is released.
    expect((await get(`/loan-application/${application.id}`, application.token)).json().IsLocked).toBe(false);
  });

  it('370 when every lender declines, each with its reason code', async () => {
    const application = await createCompleteApplication(t);
    const mortgage = {
      externalRef: 'register:test:mortgage',
      ownerRole: 'MainApplicant' as const,
      debtType: 'Housing',
      creditor: 'Boligbanken',
      balance: 4_000_000,
      creditLimit: null,
      monthlyPayment: 20_000,
      interestRate: 0.05,
      remainingTermMonths: 300,
    };
    await submit(t, application);
    await settle(t, testWorker(t, { externalData: fixedExternalData({ debts: [mortgage] }) }));
    expect(await statusOf(application)).toBe(370);
    const presentation = (
      await get(`/loan-quote-presentation/v2/application/${application.id}/quotes`, application.token)
    ).json();
    expect(presentation.Groups.every((group: { Quotes: unknown[] }) => group.Quotes.length === 0)).toBe(true);
    expect(presentation.Declined.length).toBeGreaterThan(0);
    for (const declined of presentation.Declined) expect(declined.ReasonCode).toBeTruthy();
    const events = await listOutboxEvents(t.database.db, application.id);
    expect(events.some((event) => event.eventName === 'loan-quote-not-approved')).toBe(true);
  });
});

describe('withdrawal by the customer, by phase', () => {
  it('100 → 190', async () => {
    const application = await createCompleteApplication(t);
    const response = await withdraw(application);
    expect(response.statusCode).toBe(200);
    expect(response.json().Status).toBe(190);
  });

  it('210 → 290, the pending registrations end 291 and later lender answers change nothing', async () => {
    const application = await createCompleteApplication(t);
    await submitToRegistration(application);
    expect((await withdraw(application)).json().Status).toBe(290);
    expect(new Set(await requestCodes(application))).toEqual(new Set([291]));
    await settle(t, testWorker(t));
    expect(await statusOf(application)).toBe(290);
    expect(await listQuotes(t.database.db, application.id)).toEqual([]);
  });

  it('310 → 390 (requests 391)', async () => {
    const application = await createCompleteApplication(t);
    await submitToBankDecision(application);
    expect((await withdraw(application)).json().Status).toBe(390);
    await settle(t, testWorker(t));
    expect(new Set(await requestCodes(application))).toEqual(new Set([391]));
    expect(await listQuotes(t.database.db, application.id)).toEqual([]);
  });

  it('410 → 490: the open offers are withdrawn with a loan-quote-cancelled event each', async () => {
    const application = await createCompleteApplication(t);
    const quotes = await submitToOffers(application);
    expect((await withdraw(application)).json().Status).toBe(490);
    const stored = await listQuotes(t.database.db, application.id, ['withdrawn']);
    expect(stored).toHaveLength(quotes.length);
    const cancelled = (await listOutboxEvents(t.database.db, application.id)).filter(
      (event) => event.eventName === 'loan-quote-cancelled',
    );
    expect(cancelled).toHaveLength(quotes.length);
    expect(new Set(await requestCodes(application))).toEqual(new Set([491]));
  });

  it('510 → 590 and 610 → 690; nothing after 700; staff cannot withdraw for the customer', async () => {
    const first = await createCompleteApplication(t);
    const [quote] = await submitToOffers(first, { disbursement: 'callback' });
    await post(`/loan-quote/${quote.ID}/accept`, first.token, { Consent: true });
    await settle(t, testWorker(t, { disbursement: 'callback' }));
    expect(await statusOf(first)).toBe(510);
    const sales = await t.staffToken([{ Name: 'Super' }]);
    expect((await post(`/loan-application/${first.id}/withdraw`, sales)).statusCode).toBe(403);
    expect((await withdraw(first)).json().Status).toBe(590);

    const second = await createCompleteApplication(t);
    const [offer] = await submitToOffers(second, { disbursement: 'callback' });
    await post(`/loan-quote/${offer.ID}/accept`, second.token, { Consent: true });
    const worker = testWorker(t, { disbursement: 'callback' });
    await settle(t, worker);
    // The payout waits for the signed agreement (ADR 0077).
    await signAgreementWithEid(t, second, sharedTestLenderPanel({ disbursement: 'callback' }));
    const superToken = await t.staffToken([{ Name: 'Super' }]);
    await post(
      `/lender-callback/${offer.Lender.ID}/loan-quote/${offer.ID}/disbursement-decision`,
      superToken,
      {
        Decision: 'approved',
      },
    );
    await settle(t, worker);
    expect(await statusOf(second)).toBe(610);
    expect((await withdraw(second)).json().Status).toBe(690);
    expect((await lending(second)).AcceptedQuote).toMatchObject({ ID: offer.ID, Status: 'withdrawn' });

    const third = await createCompleteApplication(t);
    const [paid] = await submitToOffers(third);
    await post(`/loan-quote/${paid.ID}/accept`, third.token, { Consent: true });
    await settle(t, testWorker(t));
    await signAgreementWithEid(t, third, sharedTestLenderPanel());
    await settle(t, testWorker(t));
    expect(await statusOf(third)).toBe(700);
    const refused = await withdraw(third);
    expect(refused.statusCode).toBe(409);
    expect(await statusOf(third)).toBe(700);
  });
});
