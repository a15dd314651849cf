import { describe, expect, it } from 'vitest';
import { changeQuoteBodySchema } from './loan-quote.schema.ts';

// The change-offer body: the quote's amount and term are integer columns, so fractions are refused here
// rather than truncated by the database.

describe('changeQuoteBodySchema', () => {
  it('refuses a fractional amount or term', () => {
    expect(changeQuoteBodySchema.safeParse({ Amount: 100_000.5 }).success).toBe(false);
    expect(changeQuoteBodySchema.safeParse({ DurationMonths: 36.5 }).success).toBe(false);
  });

  it('takes whole amounts and terms, and needs at least one of them', () => {
    expect(changeQuoteBodySchema.safeParse({ Amount: 100_000, DurationMonths: 36 }).success).toBe(true);
    expect(changeQuoteBodySchema.safeParse({}).success).toBe(false);
  });
});
