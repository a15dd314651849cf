import { describe, expect, it } from 'vitest';
import { brands } from './brands/registry.ts';
import { type LenderApplication, lenderDecision, registrationOutcome } from './lending/credit-policy.ts';
import { findLender, lendersFor } from './lending/lender-panel.ts';
import {
  loanToValuePercent,
  securedLoanDocumentNeeds,
  securedLoanExample,
  securedLoanProblems,
  securedPropertyInputSchema,
  valueForLoanToValue,
} from './secured-loan.ts';

describe('loan-to-value', () => {
  it('counts the new loan and a cooperative flat’s common debt over the value, one decimal half up', () => {
    expect(
      loanToValuePercent({ loanAmount: 3_000_000, cooperativeCommonDebt: 0, propertyValue: 4_800_000 }),
    ).toBe(62.5);
    expect(
      loanToValuePercent({ loanAmount: 2_000_000, cooperativeCommonDebt: 400_000, propertyValue: 3_000_000 }),
    ).toBe(80);
    // 1/3 = 33.333… → 33.3; 2 000 001 / 3 000 000 → 66.7
    expect(
      loanToValuePercent({ loanAmount: 1_000_000, cooperativeCommonDebt: 0, propertyValue: 3_000_000 }),
    ).toBe(33.3);
    expect(
      loanToValuePercent({ loanAmount: 2_000_001, cooperativeCommonDebt: 0, propertyValue: 3_000_000 }),
    ).toBe(66.7);
  });

  it('lends against the lower of register and estimate; the estimate alone without a register value', () => {
    expect(valueForLoanToValue(4_800_000, 5_000_000)).toBe(4_800_000);
    expect(valueForLoanToValue(5_200_000, 5_000_000)).toBe(5_000_000);
    expect(valueForLoanToValue(null, 5_000_000)).toBe(5_000_000);
  });

  it('refuses to send above the brand’s ceiling or below the existing mortgage', () => {
    const property = { ExistingMortgage: 2_000_000, LoanToValue: 90.1, MaxLoanToValue: 90 };
    expect(securedLoanProblems({ amount: 2_500_000, property }).map((p) => p.Field)).toEqual(['LoanToValue']);
    expect(
      securedLoanProblems({ amount: 1_500_000, property: { ...property, LoanToValue: 50 } }).map(
        (p) => p.Field,
      ),
    ).toEqual(['Amount']);
    expect(securedLoanProblems({ amount: 2_000_000, property: { ...property, LoanToValue: 90 } })).toEqual(
      [],
    );
    expect(securedLoanProblems({ amount: 2_000_000, property: null }).map((p) => p.Field)).toEqual([
      'Property',
    ]);
  });
});

describe('§3 secured-loan case documents', () => {
  it('a payslip and tax return per applicant, a valuation only when the register could not value', () => {
    expect(securedLoanDocumentNeeds({ hasCoApplicant: false, lookupStatus: 'success' })).toEqual([
      { Category: 'payslip', Owner: 'main-applicant' },
      { Category: 'tax-return', Owner: 'main-applicant' },
    ]);
    const shared = securedLoanDocumentNeeds({ hasCoApplicant: true, lookupStatus: 'missing_data' });
    expect(shared).toHaveLength(5);
    expect(shared).toContainEqual({ Category: 'tax-return', Owner: 'co-applicant' });
    expect(shared).toContainEqual({ Category: 'property-value', Owner: 'main-applicant' });
    expect(securedLoanDocumentNeeds({ hasCoApplicant: false, lookupStatus: 'error' })).toContainEqual({
      Category: 'property-value',
      Owner: 'main-applicant',
    });
  });
});

describe('property input (§5)', () => {
  const valid = {
    Street: 'Storgata',
    StreetNumber: '1',
    Postcode: '0155',
    Municipality: 'Oslo',
    PropertyType: 'Apartment building',
    OwnershipType: 'Cooperative',
    EstimatedValue: 3_000_000,
    ExistingMortgage: 1_000_000,
    CooperativeCommonDebt: 300_000,
  };
  it('accepts a cooperative flat with common debt and defaults common debt to 0', () => {
    expect(securedPropertyInputSchema.safeParse(valid).success).toBe(true);
    const { CooperativeCommonDebt: _omitted, ...rest } = valid;
    expect(
      securedPropertyInputSchema.parse({ ...rest, OwnershipType: 'Freehold' }).CooperativeCommonDebt,
    ).toBe(0);
  });
  it.each([
    [{ StreetNumber: 'tolv' }, 'StreetNumber'],
    [{ Postcode: '155' }, 'Postcode'],
    [{ EstimatedValue: 3_000_000.5 }, 'EstimatedValue'],
    [{ ExistingMortgage: -1 }, 'ExistingMortgage'],
    [{ OwnershipType: 'Freehold' }, 'CooperativeCommonDebt'],
    [{ Extra: 1 }, ''],
  ])('refuses %o', (change, field) => {
    const result = securedPropertyInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    if (field) expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });
});

describe('the secured loan’s representative example', () => {
  it('uses the secured-loan rate and fees, with no unsecured amount ceiling', () => {
    const example = securedLoanExample(brands['no-main'], 2_000_000, 25);
    expect(example.kind).toBe('example');
    if (example.kind !== 'example') return;
    expect(example.nominalRate).toBe(5.9);
    expect(example.example.amount).toBe(2_000_000);
    expect(example.example.text.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Eff. rente 6,1 %, 2 000 000 kr o/25 år. Kost: 1 849 001 kr. Totalt: 3 849 001 kr.',
    );
    // 5.9 % nominal with a financed 2 500 kr fee and 50 kr a month: the effective rate is a little higher.
    expect(example.example.effectiveRate).toBeGreaterThan(6);
    expect(example.example.effectiveRate).toBeLessThan(6.3);
    expect(securedLoanExample(brands['no-main'], 4_000_000, 30).kind).toBe('example');
  });
  it('is unavailable outside the bounds and at a brand that does not sell secured loans', () => {
    expect(securedLoanExample(brands['no-main'], 20_000_000, 25)).toEqual({
      kind: 'unavailable',
      reason: 'bounds',
    });
    expect(securedLoanExample(brands['se-main'], 2_000_000, 25)).toEqual({
      kind: 'unavailable',
      reason: 'not-sold',
    });
  });
});

describe('secured-loan lenders quote against the property', () => {
  const base: LenderApplication = {
    randomnessKey: 'secured-1',
    country: 'NO',
    currency: 'NOK',
    product: 'SecuredLoan',
    amount: 3_000_000,
    durationMonths: 300,
    purpose: 'Housing',
    applicants: [
      {
        role: 'MainApplicant',
        age: 40,
        grossYearlyIncome: 750_000,
        netMonthlyIncome: 45_000,
        employmentType: 'Permanent',
        housingCostMonthly: 8_000,
        hasPaymentRemarks: false,
        hasNationalId: true,
        hasAddress: true,
      },
      {
        role: 'CoApplicant',
        age: 38,
        grossYearlyIncome: 650_000,
        netMonthlyIncome: 40_000,
        employmentType: 'PermanentPublic',
        housingCostMonthly: 8_000,
        hasPaymentRemarks: false,
        hasNationalId: true,
        hasAddress: true,
      },
    ],
    debts: [],
    rateBand: brands['no-main'].securedLoan!.rates,
    isDuplicateAtLender: false,
    property: { value: 4_800_000, cooperativeCommonDebt: 0 },
  };
  const hjem = findLender('no-hjem-boligkreditt')!;
  const fjell = findLender('no-fjell-sparebank')!;

  it('only lenders with a loan-to-value limit take secured loans', () => {
    const ids = lendersFor('NO', 'SecuredLoan').map((lender) => lender.id);
    expect(ids).toEqual(['no-hjem-boligkreditt', 'no-fjell-sparebank']);
    for (const lender of lendersFor('NO', 'SecuredLoan')) expect(lender.maxLoanToValuePercent).not.toBeNull();
  });

  it('a secured loan without a property is filtered out at registration (266)', () => {
    expect(registrationOutcome(hjem, { ...base, property: null })).toMatchObject({
      registered: false,
      code: 266,
      reasonCode: 'BANK_FILTER_PROPERTY',
    });
    expect(registrationOutcome(hjem, base)).toEqual({ registered: true });
  });

  it('within both limits (62.5 %) both lenders approve the asked amount in the secured rate band', () => {
    for (const lender of [hjem, fjell]) {
      const decision = lenderDecision(lender, base, 42);
      expect(decision.kind).toBe('approved');
      if (decision.kind === 'declined') return;
      expect(decision.offers[0]!.amount).toBe(3_000_000);
      expect(decision.offers[0]!.nominalRate).toBeGreaterThanOrEqual(4.9);
      expect(decision.offers[0]!.nominalRate).toBeLessThanOrEqual(8.9);
    }
  });

  it('above a lender’s limit: Hjem counter-offers at 85 % of the value, Fjell (75 %, no counter-offers) declines', () => {
    const asked = { ...base, amount: 4_200_000 }; // 87.5 % of 4.8 mill.
    const counter = lenderDecision(hjem, asked, 42);
    expect(counter.kind).toBe('counter-offer');
    if (counter.kind !== 'declined') expect(counter.offers[0]!.amount).toBe(4_080_000);
    expect(lenderDecision(fjell, asked, 42)).toMatchObject({
      kind: 'declined',
      reasonCode: 'LOAN_TO_VALUE',
      code: 369,
    });
    // Common debt counts: 3.4 mill. + 300 000 of 4.8 mill. is 77 %, over Fjell's 75 %.
    const cooperative = {
      ...base,
      amount: 3_400_000,
      property: { value: 4_800_000, cooperativeCommonDebt: 300_000 },
    };
    expect(lenderDecision(fjell, cooperative, 42)).toMatchObject({
      kind: 'declined',
      reasonCode: 'LOAN_TO_VALUE',
    });
  });
});
