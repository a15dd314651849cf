import { describe, expect, it } from 'vitest';
import { countries } from '../enums.ts';
import { checkOfferCaps } from '../finance/caps.ts';
import { publishedCapsConfigAt } from '../finance/regulatory-figures.data.ts';
import {
  type LenderApplicant,
  type LenderApplication,
  lenderDecision,
  loanKindFor,
  priceFor,
  registrationOutcome,
  riskScore,
} from './credit-policy.ts';
import { findLender, lenderPanel, lenderProfileSchema, lendersFor, startupFeeFor } from './lender-panel.ts';
import { classifyOffer } from './offer-figures.ts';

export function testApplicant(overrides: Partial<LenderApplicant> = {}): LenderApplicant {
  return {
    role: 'MainApplicant',
    age: 40,
    grossYearlyIncome: 650_000,
    netMonthlyIncome: 40_000,
    employmentType: 'Permanent',
    housingCostMonthly: 10_000,
    hasPaymentRemarks: false,
    hasNationalId: true,
    hasAddress: true,
    ...overrides,
  };
}

export function testApplication(overrides: Partial<LenderApplication> = {}): LenderApplication {
  return {
    randomnessKey: 'applicant-1',
    country: 'NO',
    currency: 'NOK',
    product: 'UnsecuredLoan',
    amount: 150_000,
    durationMonths: 60,
    purpose: 'Renovation',
    applicants: [testApplicant()],
    debts: [],
    rateBand: { low: 4.9, high: 19.9 },
    isDuplicateAtLender: false,
    ...overrides,
  };
}

const fjordbanken = findLender('no-fjordbanken')!;

describe('lender panel', () => {
  it('has at least 12 valid lenders, at least three in each country, with unique ids', () => {
    expect(lenderPanel.length).toBeGreaterThanOrEqual(12);
    for (const lender of lenderPanel) lenderProfileSchema.parse(lender);
    expect(new Set(lenderPanel.map((lender) => lender.id)).size).toBe(lenderPanel.length);
    for (const country of countries) {
      expect(lendersFor(country, 'UnsecuredLoan').length, country).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps Swedish startup fees under the 588 SEK cap and uses both fee conventions', () => {
    for (const lender of lendersFor('SE', 'UnsecuredLoan'))
      expect(startupFeeFor(lender, 800_000)).toBeLessThanOrEqual(588);
    const conventions = new Set(lenderPanel.map((lender) => lender.fees.feeHandling));
    expect(conventions).toEqual(new Set(['upfront', 'financed']));
  });

  it('computes percent startup fees inside their bounds', () => {
    const vidde = findLender('no-vidde-finans')!;
    expect(startupFeeFor(vidde, 10_000)).toBe(950);
    expect(startupFeeFor(vidde, 100_000)).toBe(2_000);
    expect(startupFeeFor(vidde, 800_000)).toBe(5_000);
  });
});

describe('registration (bank filter)', () => {
  it('registers an application that fits the policy', () => {
    expect(registrationOutcome(fjordbanken, testApplication())).toEqual({ registered: true });
  });

  it.each([
    [{ applicants: [testApplicant({ hasNationalId: false })] }, 261],
    [{ applicants: [testApplicant({ hasAddress: false })] }, 262],
    [{ applicants: [testApplicant({ hasPaymentRemarks: true })] }, 264],
    [{ country: 'SE' as const }, 266],
    [{ amount: 5_000 }, 266],
    [{ applicants: [testApplicant({ age: 19 })] }, 266],
    [{ applicants: [testApplicant({ grossYearlyIncome: 100_000 })] }, 266],
    [{ applicants: [testApplicant({ employmentType: 'Unemployed' })] }, 266],
    [{ applicants: [testApplicant(), testApplicant({ role: 'CoApplicant', age: 90 })] }, 267],
  ])('refuses %j with %i', (overrides, code) => {
    const outcome = registrationOutcome(fjordbanken, testApplication(overrides));
    expect(outcome).toMatchObject({ registered: false, code });
  });

  it('answers 265 for a disabled lender', () => {
    expect(registrationOutcome({ ...fjordbanken, disabled: true }, testApplication())).toMatchObject({
      code: 265,
    });
  });
});

describe('risk and price', () => {
  it('prices inside the brand band and dearer for riskier applicants', () => {
    const good = testApplication();
    const risky = testApplication({
      applicants: [
        testApplicant({
          age: 22,
          employmentType: 'Hourly',
          hasPaymentRemarks: true,
          grossYearlyIncome: 300_000,
        }),
      ],
    });
    expect(riskScore(risky)).toBeGreaterThan(riskScore(good));
    for (const draw of [0, 0.5, 0.999]) {
      const goodRate = priceFor(fjordbanken, good, draw);
      const riskyRate = priceFor(fjordbanken, risky, draw);
      expect(goodRate).toBeGreaterThanOrEqual(4.9);
      expect(riskyRate).toBeLessThanOrEqual(19.9);
      expect(riskyRate).toBeGreaterThan(goodRate);
    }
  });

  it('scores an income verified from bank data lower and prices it no dearer (ADR 0076)', () => {
    // Mid-risk, so the verified figure's discount is not lost at the score's floor.
    const stated = testApplication({
      applicants: [testApplicant({ employmentType: 'Temporary', grossYearlyIncome: 400_000 })],
    });
    const verified = testApplication({
      applicants: [
        testApplicant({
          employmentType: 'Temporary',
          grossYearlyIncome: 400_000,
          incomeVerifiedFromBankData: true,
        }),
      ],
    });
    expect(riskScore(verified)).toBeCloseTo(riskScore(stated) - 0.05, 10);
    for (const draw of [0, 0.5, 0.999]) {
      expect(priceFor(fjordbanken, verified, draw)).toBeLessThanOrEqual(priceFor(fjordbanken, stated, draw));
    }
    expect(priceFor(fjordbanken, verified, 0.5)).toBeLessThan(priceFor(fjordbanken, stated, 0.5));
  });
});

describe('decision', () => {
  it('is deterministic for a seed and varies with it', () => {
    const application = testApplication();
    expect(lenderDecision(fjordbanken, application, 42)).toEqual(
      lenderDecision(fjordbanken, application, 42),
    );
    const rates = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) => {
        const decision = lenderDecision(fjordbanken, application, seed);
        return decision.kind === 'declined' ? 'declined' : decision.offers[0]!.nominalRate;
      }),
    );
    expect(rates.size).toBeGreaterThan(1);
  });

  it('approves the asked terms for a strong applicant, as a dual offer with a longer alternative', () => {
    const decision = lenderDecision(fjordbanken, testApplication({ durationMonths: 36 }), 42);
    expect(decision.kind).toBe('approved');
    if (decision.kind === 'declined') return;
    expect(decision.offers.map((offer) => [offer.durationMonths, offer.offerType])).toEqual([
      [36, 'Dual Offer'],
      [60, 'Dual Offer'],
    ]);
    // Norway: the alternative may not pass 5 years for new credit, so at 60 months there is none.
    const atFiveYears = lenderDecision(fjordbanken, testApplication(), 42);
    expect(atFiveYears.kind === 'declined' ? [] : atFiveYears.offers).toHaveLength(1);
  });

  it('counter-offers 5 years in Norway when more is asked for new credit (utlånsforskriften § 13)', () => {
    const decision = lenderDecision(fjordbanken, testApplication({ durationMonths: 120 }), 42);
    expect(decision.kind).toBe('counter-offer');
    if (decision.kind === 'declined') return;
    expect(decision.offers[0]!.durationMonths).toBe(60);
  });

  it('declines with 363 when the lender needs a co-applicant', () => {
    const decision = lenderDecision(
      fjordbanken,
      testApplication({
        amount: 500_000,
        applicants: [testApplicant({ grossYearlyIncome: 1_500_000, netMonthlyIncome: 80_000 })],
      }),
      42,
    );
    expect(decision).toMatchObject({ kind: 'declined', code: 363, reasonCode: 'CO_APPLICANT_REQUIRED' });
  });

  it('lowers the amount to 5 × income in Norway, or declines', () => {
    const nordlys = findLender('no-nordlys-kreditt')!;
    const application = testApplication({
      amount: 300_000,
      applicants: [testApplicant({ grossYearlyIncome: 250_000, netMonthlyIncome: 60_000 })],
      debts: [
        {
          type: 'Housing',
          balance: 1_000_000,
          monthlyPayment: 1_000,
          isRefinanced: false,
          creditor: 'Bank',
          interestRatePercent: null,
          remainingTermMonths: null,
        },
      ],
    });
    const decision = lenderDecision(nordlys, application, 42);
    expect(decision.kind).toBe('counter-offer');
    if (decision.kind === 'declined') return;
    expect(decision.offers[0]!.amount).toBeLessThanOrEqual(5 * 250_000 - 1_000_000);
    expect(lenderDecision(fjordbanken, application, 42)).toMatchObject({
      kind: 'declined',
      reasonCode: 'DEBT_TO_INCOME',
    });
  });

  it('declines 361 for a duplicate', () => {
    expect(lenderDecision(fjordbanken, testApplication({ isDuplicateAtLender: true }), 1)).toMatchObject({
      code: 361,
    });
  });

  it('names the loan kind from the refinanced debts and the lender', () => {
    const debt = {
      type: 'Unsecured',
      balance: 100_000,
      monthlyPayment: 3_000,
      isRefinanced: true,
      creditor: 'Other Bank',
      interestRatePercent: 18,
      remainingTermMonths: 48,
    };
    expect(loanKindFor(fjordbanken, testApplication({ debts: [debt] }), 100_000)).toBe('Refinance');
    expect(loanKindFor(fjordbanken, testApplication({ debts: [debt] }), 150_000)).toBe('Combo');
    expect(
      loanKindFor(
        fjordbanken,
        testApplication({ debts: [{ ...debt, isRefinanced: false, creditor: 'Fjordbanken ASA' }] }),
        1,
      ),
    ).toBe('Topup');
    expect(loanKindFor(fjordbanken, testApplication(), 150_000)).toBe('Consumer');
  });

  it('lets a Norwegian refinancing run past 5 years only when it is cheaper than the debts it replaces', () => {
    const expensiveDebt = {
      type: 'Unsecured',
      balance: 200_000,
      monthlyPayment: 5_000,
      isRefinanced: true,
      creditor: 'Other Bank',
      interestRatePercent: 22,
      remainingTermMonths: 120,
    };
    const application = testApplication({ amount: 200_000, durationMonths: 120, debts: [expensiveDebt] });
    const vidde = findLender('no-vidde-finans')!;
    const decision = lenderDecision(vidde, application, 42);
    expect(decision.kind).not.toBe('declined');
    if (decision.kind === 'declined') return;
    const offer = decision.offers[0]!;
    expect(offer).toMatchObject({ loanKind: 'Refinance', durationMonths: 120 });
    const classified = classifyOffer({
      offer,
      country: 'NO',
      product: 'UnsecuredLoan',
      refinancedDebts: [{ balance: 200_000, interestRatePercent: 22, remainingTermMonths: 120 }],
    });
    expect(classified.caps.ok).toBe(true);
    // Without the old debts' terms the exemption cannot be shown: the cap applies.
    const unknown = classifyOffer({
      offer,
      country: 'NO',
      product: 'UnsecuredLoan',
      refinancedDebts: [{ balance: 200_000, interestRatePercent: null, remainingTermMonths: null }],
    });
    expect(unknown.caps.ok).toBe(false);
  });

  it('gives offers a lender that does not fit the caps would have withheld (Vidde Finans, 10 years new credit)', () => {
    const vidde = findLender('no-vidde-finans')!;
    const decision = lenderDecision(vidde, testApplication({ durationMonths: 120 }), 42);
    expect(decision.kind).toBe('approved');
    if (decision.kind === 'declined') return;
    const offer = decision.offers[0]!;
    expect(
      checkOfferCaps(
        {
          country: 'NO',
          product: 'UnsecuredLoan',
          amount: offer.amount,
          durationMonths: offer.durationMonths,
          nominalRate: offer.nominalRate,
          effectiveRate: 10,
          totalCost: 1,
          startupFee: offer.startupFee,
          monthlyFee: offer.monthlyFee,
          isRefinancing: false,
        },
        publishedCapsConfigAt(new Date()),
      ),
    ).toMatchObject({ ok: false, violations: [{ code: 'NO_TERM_ABOVE_5_YEARS' }] });
  });

  it('prices credit cards on the CCD 12-month assumption', () => {
    const nordlys = findLender('no-nordlys-kreditt')!;
    const decision = lenderDecision(
      nordlys,
      testApplication({ product: 'CreditCard', amount: 50_000, durationMonths: 12 }),
      42,
    );
    expect(decision.kind).toBe('approved');
    if (decision.kind !== 'declined') expect(decision.offers[0]!.durationMonths).toBe(12);
  });
});
