import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EffectiveRateError } from './loan-math.ts';
import {
  type RepresentativeExampleInput,
  representativeExample,
  representativeExampleInputSchema,
} from './representative-example.ts';

/** Intl groups with U+00A0 or U+202F depending on the ICU version: compare text with plain spaces. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

// regulation.md case a: 150,000 NOK, 5 years, 11.9 %, startup 950, monthly 30.
const caseA: RepresentativeExampleInput = {
  locale: 'nb-NO',
  currency: 'NOK',
  amount: 150_000,
  durationYears: 5,
  nominalRate: 11.9,
  startupFee: 950,
  monthlyFee: 30,
  feeHandling: 'upfront',
};

describe('Norwegian example (regulation.md, case a)', () => {
  it('upfront: 13.3270 % → "Eff. rente 13,3 %, 150 000 kr o/5 år. Kost: 52 496 kr. Totalt: 202 496 kr."', () => {
    const example = representativeExample(caseA);
    expect(plainSpaces(example.text)).toBe(
      'Eff. rente 13,3 %, 150 000 kr o/5 år. Kost: 52 496 kr. Totalt: 202 496 kr.',
    );
    // Exact Intl output of Node 20's ICU (no-break spaces U+00A0). A newer ICU may switch to U+202F
    // in grouping; the line above is the contract, this one pins today's bytes.
    expect(example.text).toBe(
      'Eff. rente 13,3\u00a0%, 150\u00a0000\u00a0kr o/5 år. Kost: 52\u00a0496\u00a0kr. Totalt: 202\u00a0496\u00a0kr.',
    );
    expect(example).toMatchObject({
      effectiveRate: 13.3,
      amount: 150_000,
      durationYears: 5,
      totalCost: 52_496,
      totalPayable: 202_496,
      monthlyPayment: 3359.09,
    });
    expect(example.unrounded.effectiveRate).toBeCloseTo(13.327, 4);
  });

  it('financed: 13.3222 % also shows 13,3 %, with the financed fee in the totals', () => {
    const example = representativeExample({ ...caseA, feeHandling: 'financed' });
    expect(example.unrounded.effectiveRate).toBeCloseTo(13.3222, 4);
    expect(plainSpaces(example.text)).toBe(
      'Eff. rente 13,3 %, 150 000 kr o/5 år. Kost: 52 811 kr. Totalt: 202 811 kr.',
    );
    expect(example.monthlyPayment).toBe(3380.18);
  });
});

describe('other languages', () => {
  it('Swedish (case c, 500,000 SEK, 15 years, 6.95 %, 495/0)', () => {
    const example = representativeExample({
      locale: 'sv-SE',
      currency: 'SEK',
      amount: 500_000,
      durationYears: 15,
      nominalRate: 6.95,
      startupFee: 495,
      monthlyFee: 0,
      feeHandling: 'upfront',
    });
    expect(plainSpaces(example.text)).toBe(
      'Effektiv ränta 7,2 %, 500 000 kr på 15 år. Total kreditkostnad: 306 927 kr. Totalt att betala: 806 927 kr.',
    );
  });

  it('Finnish adds the monthly instalment (case d, 40,000 EUR, 15 years, 6 %)', () => {
    const example = representativeExample({
      locale: 'fi-FI',
      currency: 'EUR',
      amount: 40_000,
      durationYears: 15,
      nominalRate: 6,
      startupFee: 0,
      monthlyFee: 0,
      feeHandling: 'financed',
    });
    expect(plainSpaces(example.text)).toBe(
      'Todellinen vuosikorko 6,2 %, luoton määrä 40 000 €, laina-aika 15 vuotta. Kuukausierä 337,54 €. ' +
        'Luottokustannukset yhteensä 20 758 €. Takaisin maksettava yhteensä 60 758 €.',
    );
    expect(example.monthlyPayment).toBe(337.54);
  });

  it('Finnish says "1 vuosi" for one year', () => {
    const example = representativeExample({
      locale: 'fi-FI',
      currency: 'EUR',
      amount: 5000,
      durationYears: 1,
      nominalRate: 10,
      startupFee: 0,
      monthlyFee: 0,
      feeHandling: 'financed',
    });
    expect(example.text).toContain('laina-aika 1 vuosi.');
  });

  it('Danish uses ÅOP, dot grouping and "kr." without a doubled full stop', () => {
    const example = representativeExample({
      locale: 'da-DK',
      currency: 'DKK',
      amount: 150_000,
      durationYears: 5,
      nominalRate: 11.9,
      startupFee: 950,
      monthlyFee: 30,
      feeHandling: 'upfront',
    });
    expect(plainSpaces(example.text)).toBe(
      'ÅOP 13,3 %, 150.000 kr. over 5 år. Samlede kreditomkostninger: 52.496 kr. Samlet tilbagebetalingsbeløb: 202.496 kr.',
    );
    expect(example.text).not.toContain('..');
  });
});

describe('properties', () => {
  const inputArbitrary = fc.record<RepresentativeExampleInput>({
    locale: fc.constantFrom('nb-NO', 'sv-SE', 'fi-FI', 'da-DK'),
    currency: fc.constantFrom('NOK', 'SEK', 'EUR', 'DKK'),
    amount: fc.integer({ min: 500, max: 800_000 }),
    durationYears: fc.integer({ min: 1, max: 20 }),
    nominalRate: fc.double({ min: 0, max: 30, noNaN: true }),
    startupFee: fc.integer({ min: 0, max: 400 }),
    monthlyFee: fc.integer({ min: 0, max: 50 }),
    feeHandling: fc.constantFrom('upfront', 'financed'),
  });

  it('the text shows the rounded rate with exactly one decimal, and the rounded totals', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const example = representativeExample(input);
        const decimal = (value: number, digits: number) =>
          plainSpaces(
            new Intl.NumberFormat(input.locale, {
              minimumFractionDigits: digits,
              maximumFractionDigits: digits,
            }).format(value),
          );
        const text = plainSpaces(example.text);
        expect(text).toContain(`${decimal(example.effectiveRate, 1)} %`);
        expect(text).toContain(decimal(example.totalCost, 0));
        expect(text).toContain(decimal(example.totalPayable, 0));
        expect(Math.abs(example.effectiveRate - example.unrounded.effectiveRate)).toBeLessThanOrEqual(
          0.05 + 1e-9,
        );
        expect(example.totalPayable - example.totalCost).toBe(input.amount);
      }),
    );
  });
});

describe('input', () => {
  it('validates with clear messages', () => {
    const result = representativeExampleInputSchema.safeParse({ ...caseA, durationYears: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Duration must be at least 1 year');
    expect(representativeExampleInputSchema.safeParse({ ...caseA, locale: 'en-GB' }).success).toBe(false);
  });

  it('throws a typed error when nothing would be paid out', () => {
    expect(() => representativeExample({ ...caseA, amount: 900, startupFee: 950 })).toThrow(
      EffectiveRateError,
    );
  });
});
