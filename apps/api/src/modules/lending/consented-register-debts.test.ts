import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveInquiry } from '#src/modules/debt-registers/debt-registers.repository.ts';
import { applicationOf, newApplicant } from '#src/test/customer-fixtures.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { type RegisterDebt, upsertRegisterDebtsOf } from './external-data.repository.ts';

// ADR 0079: an applicant whose debts came from their own register with consent on the form does not get
// the intake's stand-in register debts beside them; an applicant without such an inquiry still does.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const standInDebt = (ownerRole: 'MainApplicant' | 'CoApplicant'): RegisterDebt => ({
  externalRef: `register:test:${ownerRole}`,
  ownerRole,
  debtType: 'CreditCard',
  creditor: 'Kortbanken AS',
  balance: 5_000,
  creditLimit: 20_000,
  monthlyPayment: null,
  interestRate: 0.219,
  remainingTermMonths: null,
});

describe('intake register debts after a consented inquiry', () => {
  it('adds the stand-in’s debts only for applicants without a fetched inquiry', async () => {
    const login = await newApplicant(t);
    const application = await applicationOf(t, login, { product: 'UnsecuredLoan' });
    const now = t.clock.now();
    const inquiry = {
      loanApplicationId: application.id,
      register: 'NO-GJELDSREGISTERET',
      failureReason: null,
      consentGivenAt: now,
      consentScope: 'test',
      consentPurpose: 'test',
      registerReference: 'r-1',
      found: [],
      fetchedAt: now,
    };
    await saveInquiry(t.database.db, { ...inquiry, ownerRole: 'MainApplicant', state: 'fetched' }, now);
    // A failed inquiry brought nothing: the stand-in's debts still count for that applicant.
    await saveInquiry(
      t.database.db,
      { ...inquiry, ownerRole: 'CoApplicant', state: 'failed', found: null },
      now,
    );
    await upsertRegisterDebtsOf(t.database.db, {
      debts: [
        { applicationId: application.id, debts: [standInDebt('MainApplicant'), standInDebt('CoApplicant')] },
      ],
      now,
    });
    const rows = (await t.database.db.execute(
      `SELECT owner_role FROM debt WHERE loan_application_id = '${application.id}'` as never,
    )) as unknown as { rows?: { owner_role: string }[] } | { owner_role: string }[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    expect(list.map((row) => row.owner_role)).toEqual(['CoApplicant']);
  });
});
