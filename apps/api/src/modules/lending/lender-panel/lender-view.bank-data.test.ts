import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanApplicationApplicant } from '#src/db/schema/applications.ts';
import { saveBankDataConnection } from '#src/modules/bank-data/bank-data.repository.ts';
import { applicationToWire } from '#src/modules/lending/lender-api/wire-mapping.ts';
import { applicationOf, newApplicant } from '#src/test/customer-fixtures.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { loadLenderApplication } from './lender-view.ts';

// What a lender is told about verified income (issue 35 item 2, ADR 0076): IncomeVerifiedFromBankData when
// the net monthly income sent is the one the applicant's bank account showed (within 5 %), nothing else of
// the bank; absent when the applicant did not connect their bank or states another income.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function applicationWith(statedIncome: number, bankIncome: number | null) {
  const login = await newApplicant(t);
  const application = await applicationOf(t, login, { product: 'UnsecuredLoan' });
  await t.database.db.insert(loanApplicationApplicant).values({
    loanApplicationId: application.id,
    role: 'MainApplicant',
    netMonthlyIncome: statedIncome,
  } as never);
  if (bankIncome !== null) {
    await saveBankDataConnection(
      t.database.db,
      {
        loanApplicationId: application.id,
        state: 'connected',
        stateHash: null,
        stateExpiresAt: null,
        returnPath: '/',
        failureReason: null,
        consentScope: 'accounts transactions:12m',
        consentGrantedAt: t.clock.now(),
        consentExpiresAt: t.clock.now(),
        figures: {
          NetMonthlyIncome: bankIncome,
          IncomeSources: 1,
          IncomeRegular: true,
          HousingCostMonthly: null,
          LoanPayments: [],
          MonthsCovered: 12,
          IgnoredOtherCurrency: 0,
          Reasons: [],
        },
        corrected: null,
      },
      t.clock.now(),
    );
  }
  const view = await loadLenderApplication(t.database.db, application, { now: t.clock.now() });
  return applicationToWire(view, { simulation: false }).Applicants[0];
}

describe('income verified from bank data, to the lenders', () => {
  it('is sent when the stated income is the one the bank showed', async () => {
    expect((await applicationWith(38_400, 38_400))?.IncomeVerifiedFromBankData).toBe(true);
    expect((await applicationWith(39_000, 38_400))?.IncomeVerifiedFromBankData).toBe(true);
  });
  it('is absent without a bank connection, or with another income', async () => {
    expect(await applicationWith(38_400, null)).not.toHaveProperty('IncomeVerifiedFromBankData');
    expect(await applicationWith(50_000, 38_400)).not.toHaveProperty('IncomeVerifiedFromBankData');
  });
});
