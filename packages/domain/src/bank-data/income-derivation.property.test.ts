import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BankTransaction, deriveBankFigures, windowMonths } from './income-derivation.ts';

// Properties of the income derivation (issue 35 item 2, ADR 0076): whatever the days, amounts and noise,
// salary on varying days, two salaries, a bonus month, no salary and another currency give the figures a
// careful person reading the statement would.

const asOf = '2026-11-28';
const months = windowMonths(asOf);
const day = fc.integer({ min: 1, max: 28 });
const salary = fc.integer({ min: 8_000, max: 120_000 });
const employer = fc.constantFrom('LØNN ACME AS', 'LÖN VOLVO AB', 'PALKKA NOKIA OYJ', 'LØN MAERSK A/S');

const at = (month: string, d: number) => `${month}-${String(d).padStart(2, '0')}`;
const salaryPayments = (description: string, amount: number, days: readonly number[]): BankTransaction[] =>
  months.map((month, index) => ({
    date: at(month, days[index] ?? 25),
    amount,
    currency: 'NOK',
    description: `${description} ${month}`,
  }));
const twelveDays = fc.array(day, { minLength: 12, maxLength: 12 });

// Everyday noise: card purchases and transfers from friends, never a salary, rent or loan.
const noise = fc.array(
  fc.record({
    month: fc.constantFrom(...months),
    day,
    amount: fc.oneof(fc.integer({ min: -5_000, max: -1 }), fc.integer({ min: 1, max: 3_000 })),
    description: fc.constantFrom('REMA 1000', 'VIPPS FRA KARI', 'KIWI', 'SPOTIFY', 'ICA NÄRA'),
  }),
  { maxLength: 40 },
);
const noiseTransactions = (items: { month: string; day: number; amount: number; description: string }[]) =>
  items.map(
    (item): BankTransaction => ({
      date: at(item.month, item.day),
      amount: item.amount,
      currency: 'NOK',
      description: item.description,
    }),
  );
const derive = (transactions: BankTransaction[]) =>
  deriveBankFigures({ transactions, currency: 'NOK', asOf });

describe('deriveBankFigures (properties)', () => {
  it('recognises one salary paid on a different day every month', () => {
    fc.assert(
      fc.property(employer, salary, twelveDays, noise, (name, amount, days, extra) => {
        const figures = derive([...salaryPayments(name, amount, days), ...noiseTransactions(extra)]);
        expect(figures.NetMonthlyIncome).toBe(amount);
        expect(figures.IncomeSources).toBe(1);
        expect(figures.IncomeRegular).toBe(true);
        expect(figures.Reasons).toEqual([]);
      }),
    );
  });

  it('adds up two salaries from two employers', () => {
    fc.assert(
      fc.property(salary, salary, twelveDays, twelveDays, (first, second, days1, days2) => {
        const figures = derive([
          ...salaryPayments('LØNN ACME AS', first, days1),
          ...salaryPayments('LØNN KOMMUNE', second, days2),
        ]);
        expect(figures.NetMonthlyIncome).toBe(first + second);
        expect(figures.IncomeSources).toBe(2);
      }),
    );
  });

  it('does not let a bonus month inflate the monthly income (in the salary or as an extra payment)', () => {
    fc.assert(
      fc.property(
        salary,
        twelveDays,
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1_000, max: 500_000 }),
        fc.boolean(),
        (amount, days, bonusMonth, bonus, separate) => {
          const payments = salaryPayments('LØNN ACME AS', amount, days);
          const month = months[bonusMonth] as string;
          if (separate)
            payments.push({
              date: at(month, 15),
              amount: bonus,
              currency: 'NOK',
              description: 'LØNN ACME AS',
            });
          else
            payments[bonusMonth] = { ...(payments[bonusMonth] as BankTransaction), amount: amount + bonus };
          expect(derive(payments).NetMonthlyIncome).toBe(amount);
        },
      ),
    );
  });

  it('finds no income when no salary comes in, and says so', () => {
    fc.assert(
      fc.property(noise, (extra) => {
        const figures = derive(noiseTransactions(extra));
        expect(figures.NetMonthlyIncome).toBeNull();
        expect(figures.IncomeSources).toBe(0);
        expect(figures.Reasons).toContain('NO_SALARY');
      }),
    );
  });

  it('ignores transactions in another currency: the figures are those without them', () => {
    const foreign = fc.array(
      fc.record({
        month: fc.constantFrom(...months),
        day,
        amount: fc.integer({ min: -100_000, max: 100_000 }),
        description: fc.constantFrom('SALARY GMBH', 'RENT LONDON', 'LOAN BANK', 'LÖN AB'),
        currency: fc.constantFrom('EUR', 'SEK', 'USD'),
      }),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(salary, twelveDays, foreign, (amount, days, others) => {
        const own = salaryPayments('LØNN ACME AS', amount, days);
        const withForeign = derive([
          ...own,
          ...others.map((o) => ({
            date: at(o.month, o.day),
            amount: o.amount,
            currency: o.currency,
            description: o.description,
          })),
        ]);
        const without = derive(own);
        expect(withForeign.NetMonthlyIncome).toBe(without.NetMonthlyIncome);
        expect(withForeign.HousingCostMonthly).toBe(without.HousingCostMonthly);
        expect(withForeign.LoanPayments).toEqual(without.LoanPayments);
        expect(withForeign.IgnoredOtherCurrency).toBe(others.length);
        expect(withForeign.Reasons).toContain('OTHER_CURRENCY');
      }),
    );
  });
});

describe('deriveBankFigures (examples)', () => {
  const rent = months.map((month) => ({
    date: at(month, 1),
    amount: -12_500,
    currency: 'NOK',
    description: 'HUSLEIE OSLO BOLIG',
  }));
  const carLoan = months.map((month) => ({
    date: at(month, 20),
    amount: -3_200,
    currency: 'NOK',
    description: 'BILLÅN SANTANDER',
  }));
  const card = months.slice(4).map((month) => ({
    date: at(month, 12),
    amount: -1_500,
    currency: 'NOK',
    description: 'KREDITTKORT BANK NORWEGIAN',
  }));

  it('finds the housing cost and each loan payment', () => {
    const figures = derive([...salaryPayments('LØNN ACME AS', 41_000, []), ...rent, ...carLoan, ...card]);
    expect(figures.NetMonthlyIncome).toBe(41_000);
    expect(figures.HousingCostMonthly).toBe(12_500);
    expect(figures.LoanPayments).toEqual([
      { Creditor: 'BILLÅN SANTANDER', MonthlyPayment: 3_200 },
      { Creditor: 'KREDITTKORT BANK NORWEGIAN', MonthlyPayment: 1_500 },
    ]);
    expect(figures.MonthsCovered).toBe(12);
  });

  it('calls a salary paid in only some months, in varying amounts, irregular', () => {
    const irregular = [3, 5, 6, 9, 10].map((index, n) => ({
      date: at(months[index] as string, 10),
      amount: [9_000, 31_000, 14_000, 26_000, 18_000][n] as number,
      currency: 'NOK',
      description: 'LØNN BEMANNING AS',
    }));
    const figures = derive(irregular);
    expect(figures.NetMonthlyIncome).toBe(18_000);
    expect(figures.IncomeRegular).toBe(false);
    expect(figures.Reasons).toContain('IRREGULAR_INCOME');
  });

  it('leaves out what lies outside the 12 months', () => {
    const old = salaryPayments('LØNN ACME AS', 30_000, []).map((t) => ({
      ...t,
      date: `2024${t.date.slice(4)}`,
    }));
    expect(derive(old).NetMonthlyIncome).toBeNull();
  });
});
