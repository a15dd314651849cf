import { withdrawalRefusals } from '@nordloan/domain/lending/credit-withdrawal';
import { applicationStatus } from '@nordloan/domain/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker } from '#src/jobs/worker.ts';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import {
  type AcceptedApplication,
  applicationsAt510,
  callbackOf,
  postCallback,
} from '#src/modules/lending/callbacks/test-helpers.ts';
import type { LenderWithdrawalApi } from '#src/modules/lending/lender-api/lender-withdrawal.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { listMessagesOfApplication } from '#src/modules/messages/message.repository.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { findWithdrawal } from './withdrawal.repository.ts';
import { withdrawalJobHandlers } from './withdrawal-jobs.ts';

// Withdrawal from a signed credit agreement (CCD2 art. 26, ADR 0066), on the real database: the two steps,
// the status move, the lender told by the job, the applicant's message, the audit; and every refusal —
// before signing, after 14 days, a second time, another person's application, staff.

let t: TestApp;
let signed: AcceptedApplication;
let paidOut: AcceptedApplication;
let unsigned: AcceptedApplication;
let late: AcceptedApplication;

const day = 86_400_000;

function sign(accepted: AcceptedApplication, signedAt: Date) {
  return postCallback(
    t,
    accepted.lenderId,
    callbackOf(accepted.lenderId, {
      Type: 'agreement-signed',
      ApplicationReference: accepted.requestId,
      QuoteId: accepted.quoteId,
      SignedAt: signedAt.toISOString(),
    }),
  );
}

async function payOut(accepted: AcceptedApplication) {
  const common = { ApplicationReference: accepted.requestId, QuoteId: accepted.quoteId };
  for (const message of [
    callbackOf(accepted.lenderId, { Type: 'disbursement-decision', ...common, Decision: 'approved' }),
    callbackOf(accepted.lenderId, { Type: 'disbursed', ...common, Reference: 'payout-1' }),
  ]) {
    const answer = await postCallback(t, accepted.lenderId, message);
    expect(answer.statusCode, answer.body).toBeLessThan(300);
  }
}

const withdrawal = (accepted: AcceptedApplication, token = accepted.application.token) =>
  t.app.inject({
    method: 'GET',
    url: `/loan-application/${accepted.application.id}/credit-withdrawal`,
    headers: bearer(token),
  });
const withdraw = (
  accepted: AcceptedApplication,
  token = accepted.application.token,
  payload: unknown = { Confirm: true },
) =>
  t.app.inject({
    method: 'POST',
    url: `/loan-application/${accepted.application.id}/credit-withdrawal`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
const statusOf = async (id: string) => (await findApplicationById(t.database.db, id))!.status;

beforeAll(async () => {
  t = await createTestApp();
  [signed, paidOut, unsigned, late] = (await applicationsAt510(t, 4)) as [
    AcceptedApplication,
    AcceptedApplication,
    AcceptedApplication,
    AcceptedApplication,
  ];
  const now = t.clock.now();
  for (const [accepted, at] of [
    [signed, new Date(now.getTime() - 2 * day)],
    [paidOut, new Date(now.getTime() - 3 * day)],
    [late, new Date(now.getTime() - 15 * day)],
  ] as const) {
    const answer = await sign(accepted, at);
    expect(answer.statusCode, answer.body).toBeLessThan(300);
  }
  await payOut(paidOut);
}, 180_000);
afterAll(async () => t?.close());

describe('withdrawal from a signed credit agreement (CCD2 art. 26)', () => {
  it('first step: the window from the signing and nothing to pay back before payout', async () => {
    const answer = await withdrawal(signed);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ State: 'open', QuoteID: signed.quoteId, WithdrawnAt: null });
    expect(Date.parse(body.ClosesAt) - Date.parse(body.SignedAt)).toBe(14 * day);
    expect(body.Payback).toMatchObject({ Principal: 0, Total: 0, Currency: 'EUR' });
    // Looking changed nothing.
    expect(await statusOf(signed.application.id)).toBe(applicationStatus.pendingDisbursementApproval);
  });

  it('second step: 510 → 590, the lender told by the job, the applicant by a message, audited; a second time 409', async () => {
    // An address to tell the applicant at (the customer's e-mail, as the apply journey stores it).
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/customer/${signed.application.customerId}`,
      headers: bearer(signed.application.token),
      payload: { Email: `withdraw${signed.application.customerId.slice(0, 8)}@example.fi` },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const answer = await withdraw(signed);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ State: 'withdrawn', LenderNotified: false });
    expect(await statusOf(signed.application.id)).toBe(590);
    const row = (await findWithdrawal(t.database.db, signed.application.id))!;
    expect(row).toMatchObject({ statusBefore: 510, statusAfter: 590, lenderNotice: 'pending', total: 0 });
    expect(row.payBackBy.getTime() - row.withdrawnAt.getTime()).toBe(30 * day);

    const told: string[] = [];
    const lenders: LenderWithdrawalApi = {
      async notifyWithdrawal(call) {
        told.push(`${call.lenderId}:${call.quoteId}`);
      },
    };
    const worker = createJobWorker({
      db: t.database.db,
      now: t.clock.now,
      retryDelayMs: () => 0,
      handlers: withdrawalJobHandlers({ lenders }),
    });
    expect(await worker.runUntilIdle()).toBeGreaterThanOrEqual(1);
    expect(told).toEqual([`${signed.lenderId}:${signed.quoteId}`]);
    expect((await withdrawal(signed)).json()).toMatchObject({ State: 'withdrawn', LenderNotified: true });

    const messages = await listMessagesOfApplication(t.database.db, signed.application.id);
    expect(messages.filter((message) => message.kind === 'credit-withdrawn')).toHaveLength(1);
    const audit = await listAudit(t.database.db, {
      loanApplicationId: signed.application.id,
      limit: 100,
      offset: 0,
    });
    expect(audit.Items.map((entry) => entry.Action)).toEqual(
      expect.arrayContaining(['creditAgreement.withdraw', 'creditAgreement.withdrawalNotified']),
    );

    const again = await withdraw(signed);
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe(withdrawalRefusals.alreadyWithdrawn);
  });

  it('a paid-out loan: the principal and the interest per day to the deadline; the status stays 700', async () => {
    expect(await statusOf(paidOut.application.id)).toBe(applicationStatus.loanDisbursed);
    const preview = (await withdrawal(paidOut)).json();
    expect(preview.State).toBe('open');
    expect(preview.Payback.Principal).toBeGreaterThan(0);
    expect(preview.Payback.Interest).toBeCloseTo(
      preview.Payback.DailyInterest * preview.Payback.InterestDays,
      0,
    );
    const answer = await withdraw(paidOut);
    expect(answer.statusCode, answer.body).toBe(201);
    const body = answer.json();
    expect(body.Payback.Total).toBeCloseTo(body.Payback.Principal + body.Payback.Interest, 2);
    expect(body.Payback.InterestDays).toBeGreaterThanOrEqual(30);
    expect(await statusOf(paidOut.application.id)).toBe(applicationStatus.loanDisbursed);
  });

  it('refuses before the signing and after the 14 days with 409 and a clear message, changing nothing', async () => {
    const before = await withdraw(unsigned);
    expect(before.statusCode).toBe(409);
    expect(before.json().Message).toBe(withdrawalRefusals.notSigned);
    expect((await withdrawal(unsigned)).json().State).toBe('not-signed');
    const after = await withdraw(late);
    expect(after.statusCode).toBe(409);
    expect(after.json().Message).toBe(withdrawalRefusals.windowClosed);
    expect(await statusOf(late.application.id)).toBe(applicationStatus.pendingDisbursementApproval);
    expect(await findWithdrawal(t.database.db, late.application.id)).toBeUndefined();
  });

  it('another person’s application is 404; staff may read but not withdraw; the second step must confirm', async () => {
    const stranger = late.application.token;
    expect((await withdrawal(unsigned, stranger)).statusCode).toBe(404);
    expect((await withdraw(unsigned, stranger)).statusCode).toBe(404);
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'FI' }]);
    expect((await withdrawal(late, staff)).statusCode).toBe(200);
    expect((await withdraw(late, staff)).statusCode).toBe(403);
    expect((await withdraw(late, late.application.token, { Confirm: false })).statusCode).toBe(400);
    expect((await withdraw(late, late.application.token, {})).statusCode).toBe(400);
  });
});
