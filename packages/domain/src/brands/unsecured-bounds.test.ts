import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brandIds, brands } from './registry.ts';
import {
  checkAmountAndDuration,
  formatBoundNumber,
  ProductNotOfferedError,
  refineAmountAndDuration,
  unsecuredLoanBounds,
} from './unsecured-bounds.ts';

describe('unsecuredLoanBounds', () => {
  it('gives the §9 bounds for unsecured and discovery loans', () => {
    expect(unsecuredLoanBounds(brands['no-main'], 'UnsecuredLoan').amount).toEqual({
      min: 10_000,
      max: 800_000,
      default: 150_000,
      step: 5_000,
    });
    expect(unsecuredLoanBounds(brands['no-main'], 'DiscoveryLoan').duration).toMatchObject({
      min: 1,
      max: 20,
    });
  });

  it('uses the credit limit as the amount of a credit card, with no duration', () => {
    const bounds = unsecuredLoanBounds(brands['no-alt1'], 'CreditCard');
    expect(bounds.amount).toEqual(brands['no-alt1'].creditCard?.limit);
    expect(bounds.duration).toBeUndefined();
  });

  it('throws for a product the brand does not sell', () => {
    expect(() => unsecuredLoanBounds(brands['se-compare'], 'CreditCard')).toThrow(ProductNotOfferedError);
  });
});

describe('checkAmountAndDuration', () => {
  it.each(brandIds)('%s accepts its default amount and duration for every product it sells', (id) => {
    const brand = brands[id];
    for (const product of brand.products) {
      if (product === 'Insurance') {
        expect(checkAmountAndDuration(brand, product, 0, undefined)).toEqual([]);
        continue;
      }
      const bounds = unsecuredLoanBounds(brand, product);
      expect(checkAmountAndDuration(brand, product, bounds.amount.default, bounds.duration?.default)).toEqual(
        [],
      );
      expect(checkAmountAndDuration(brand, product, bounds.amount.min, bounds.duration?.max)).toEqual([]);
    }
  });

  it('rejects off-step and out-of-range amounts with a clear message', () => {
    const message = 'Amount must be between 10 000 and 800 000 in steps of 5 000';
    const noMain = brands['no-main'];
    expect(checkAmountAndDuration(noMain, 'UnsecuredLoan', 152_500, 5)).toEqual([
      { Field: 'Amount', Message: message },
    ]);
    expect(checkAmountAndDuration(noMain, 'UnsecuredLoan', 5_000, 5)).toEqual([
      { Field: 'Amount', Message: message },
    ]);
    expect(checkAmountAndDuration(noMain, 'UnsecuredLoan', 805_000, 5)).toEqual([
      { Field: 'Amount', Message: message },
    ]);
    expect(checkAmountAndDuration(noMain, 'UnsecuredLoan', Number.NaN, 5)[0]?.Field).toBe('Amount');
    expect(checkAmountAndDuration(brands['fi-main'], 'UnsecuredLoan', 40_250, 15)).toEqual([
      { Field: 'Amount', Message: 'Amount must be between 500 and 70 000 in steps of 500' },
    ]);
  });

  it('rejects off-step, out-of-range and missing durations', () => {
    const noAlt2 = brands['no-alt2'];
    const message = 'Duration must be between 1 and 15 years in whole years';
    expect(checkAmountAndDuration(noAlt2, 'UnsecuredLoan', 250_000, 16)).toEqual([
      { Field: 'Duration', Message: message },
    ]);
    expect(checkAmountAndDuration(noAlt2, 'UnsecuredLoan', 250_000, 2.5)).toEqual([
      { Field: 'Duration', Message: message },
    ]);
    expect(checkAmountAndDuration(noAlt2, 'UnsecuredLoan', 250_000, 0)).toEqual([
      { Field: 'Duration', Message: message },
    ]);
    expect(checkAmountAndDuration(noAlt2, 'UnsecuredLoan', 250_000, undefined)).toEqual([
      { Field: 'Duration', Message: 'Duration is required' },
    ]);
    expect(checkAmountAndDuration(noAlt2, 'UnsecuredLoan', 1, 99)).toHaveLength(2);
  });

  it('checks a credit limit and ignores a duration for credit cards', () => {
    const noMain = brands['no-main'];
    expect(checkAmountAndDuration(noMain, 'CreditCard', 50_000, undefined)).toEqual([]);
    expect(checkAmountAndDuration(noMain, 'CreditCard', 1_000_000, undefined)).toEqual([
      {
        Field: 'Amount',
        Message: 'Amount (credit limit) must be between 5 000 and 150 000 in steps of 5 000',
      },
    ]);
  });

  it('reports a product the brand does not sell', () => {
    expect(checkAmountAndDuration(brands['dk-main'], 'SecuredLoan', 100_000, 5)).toEqual([
      { Field: 'Product', Message: 'SecuredLoan is not offered by Lån Danmark' },
    ]);
  });

  it('works inside a zod superRefine', () => {
    const schema = z
      .object({ Amount: z.number(), Duration: z.number().optional() })
      .superRefine((value, ctx) =>
        refineAmountAndDuration(ctx, brands['se-main'], 'UnsecuredLoan', value.Amount, value.Duration),
      );
    expect(schema.safeParse({ Amount: 500_000, Duration: 15 }).success).toBe(true);
    const result = schema.safeParse({ Amount: 1_000, Duration: 15 });
    expect(result.error?.issues).toMatchObject([
      { path: ['Amount'], message: 'Amount must be between 5 000 and 800 000 in steps of 5 000' },
    ]);
  });
});

describe('formatBoundNumber', () => {
  it('groups thousands with a plain space', () => {
    expect(formatBoundNumber(500)).toBe('500');
    expect(formatBoundNumber(5_000_000)).toBe('5 000 000');
    expect(formatBoundNumber(2.5)).toBe('2.5');
  });
});
