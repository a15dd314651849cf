import { lenderApiApplicationSchema } from '@nordloan/domain/lending/lender-api';
import type { RefinancingView } from '@nordloan/domain/lending/refinancing.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationToWire } from '#src/modules/lending/lender-api/wire-mapping.ts';
import { loadLenderApplication } from '#src/modules/lending/lender-panel/lender-view.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { insertSubRecord } from '#src/modules/loan-applications/sub-record.repository.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { type AcceptedApplication, applicationsAt510, callbackOf, postCallback } from './test-helpers.ts';

// Issue 35 item 4 (ADR 0080): the lender is sent where each refinanced debt is paid off (Payoff on the
// debt, refinanced debts only), and confirms each payoff with the signed `payoff-confirmed` callback, which
// takes effect once the loan is disbursed (it waits before); the personal page's view shows it confirmed.

let t: TestApp;
let accepted: AcceptedApplication[];
const debtIds: string[][] = [];

beforeAll(async () => {
  t = await createTestApp();
  accepted = await applicationsAt510(t, 2);
  for (const { application } of accepted) {
    const now = new Date();
    const ids: string[] = [];
    for (const [creditor, isRefinanced] of [
      ['Luottopankki', true],
      ['Autorahoitus', false],
    ] as const) {
      const row = await insertSubRecord(t.database.db, 'debt', {
        loanApplicationId: application.id,
        debtType: 'Unsecured',
        creditor,
        balance: 8_000,
        monthlyPayment: 300,
        isRefinanced,
        payoffAccount: isRefinanced ? 'FI2112345600000785' : null,
        payoffReference: isRefinanced ? 'RF18539007547034' : null,
        createdAt: now,
        updatedAt: now,
      });
      ids.push(row.id);
    }
    debtIds.push(ids);
  }
}, 600_000);
afterAll(async () => t?.close());

const ids = (target: AcceptedApplication) => ({
  ApplicationReference: target.requestId,
  QuoteId: target.quoteId,
});
const payoffOf = (target: AcceptedApplication, debtId: string) =>
  callbackOf(target.lenderId, {
    Type: 'payoff-confirmed',
    ...ids(target),
    Payoffs: [{ DebtReference: debtId, Amount: 8_012, PaidAt: '2026-11-29T10:00:00Z', Reference: 'PAY-1' }],
  });
/** The lender reports the agreement signed (no payout before it, ADR 0077), then approves and pays out. */
const payOut = async (target: AcceptedApplication) => {
  for (const input of [
    { Type: 'agreement-signed' as const, ...ids(target), SignedAt: new Date().toISOString() },
    { Type: 'disbursement-decision' as const, ...ids(target), Decision: 'approved' as const },
    { Type: 'disbursed' as const, ...ids(target), Reference: 'PAYOUT-1' },
  ]) {
    expect((await postCallback(t, target.lenderId, callbackOf(target.lenderId, input))).json().Outcome).toBe(
      'applied',
    );
  }
};
const refinancingOf = async (target: AcceptedApplication) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/loan-application/${target.application.id}/refinancing`,
      headers: bearer(target.application.token),
    })
  ).json() as RefinancingView;

describe('payoff instructions to the lender', () => {
  it('a refinanced debt carries its payoff; a debt that stays carries none', async () => {
    const target = accepted[0]!;
    const row = await findApplicationById(t.database.db, target.application.id);
    const wire = applicationToWire(await loadLenderApplication(t.database.db, row!, { now: new Date() }), {
      simulation: false,
    });
    expect(lenderApiApplicationSchema.safeParse(wire).success).toBe(true);
    expect(wire.Debts.find((debt) => debt.Creditor === 'Luottopankki')?.Payoff).toEqual({
      DebtReference: debtIds[0]![0],
      Account: 'FI2112345600000785',
      AccountKind: 'iban',
      PaymentReference: 'RF18539007547034',
    });
    expect(wire.Debts.find((debt) => debt.Creditor === 'Autorahoitus')?.Payoff).toBeUndefined();
  });
});

describe('payoff-confirmed callback', () => {
  it('after the payout it is applied and the personal page shows the payoff confirmed', async () => {
    const target = accepted[0]!;
    expect((await refinancingOf(target)).Payoffs).toEqual([
      expect.objectContaining({
        Creditor: 'Luottopankki',
        Status: 'pending',
        PayoffAccount: 'FI2112345600000785',
      }),
    ]);
    await payOut(target);
    const answer = await postCallback(t, target.lenderId, payoffOf(target, debtIds[0]![0]!));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().Outcome).toBe('applied');
    expect((await refinancingOf(target)).Payoffs).toEqual([
      expect.objectContaining({
        Status: 'confirmed',
        ConfirmedAmount: 8_012,
        ConfirmedAt: '2026-11-29T10:00:00.000Z',
      }),
    ]);
  });

  it('before the payout it waits (202), and takes effect once the loan is disbursed', async () => {
    const target = accepted[1]!;
    const early = await postCallback(t, target.lenderId, payoffOf(target, debtIds[1]![0]!));
    expect(early.statusCode).toBe(202);
    expect((await refinancingOf(target)).Payoffs[0]?.Status).toBe('pending');
    await payOut(target);
    expect((await refinancingOf(target)).Payoffs[0]?.Status).toBe('confirmed');
  });

  it('a debt that is not refinanced, or not the application’s, is ignored with the reason', async () => {
    const target = accepted[0]!;
    const notRefinanced = await postCallback(t, target.lenderId, payoffOf(target, debtIds[0]![1]!));
    expect(notRefinanced.json()).toMatchObject({
      Outcome: 'ignored',
      Reason: 'No refinanced debt of the application has that reference',
    });
    const otherApplication = await postCallback(t, target.lenderId, payoffOf(target, debtIds[1]![0]!));
    expect(otherApplication.json().Outcome).toBe('ignored');
  });
});
