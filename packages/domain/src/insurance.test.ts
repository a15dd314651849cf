import { describe, expect, it } from 'vitest';
import { ageOn, ineligibilityOf, insuranceTerms, monthlyPremium } from './insurance.ts';

const eligible = {
  country: 'NO' as const,
  age: 40,
  employment: { status: 'permanent' as const, employedMonths: 6, hoursPerWeek: 16 },
  residentInCountry: true,
  fitForWork: true,
  hasActivePolicy: false,
};

describe('insurance rules', () => {
  it('counts whole years, the birthday included', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
  });

  it('prices the spec example: 7 % of a 5 000 benefit is 350 a month', () => {
    expect(monthlyPremium(insuranceTerms.NO!, 5_000)).toBe(350);
    expect(monthlyPremium(insuranceTerms.FI!, 750)).toBe(53);
  });

  it('accepts the edges of every rule and names each rule broken', () => {
    expect(ineligibilityOf(eligible)).toEqual([]);
    expect(ineligibilityOf({ ...eligible, age: 18 })).toEqual([]);
    expect(ineligibilityOf({ ...eligible, age: 64 })).toEqual([]);
    expect(ineligibilityOf({ ...eligible, age: 17 })).toEqual(['too-young']);
    expect(ineligibilityOf({ ...eligible, age: 65 })).toEqual(['too-old']);
    expect(ineligibilityOf({ ...eligible, country: 'DK' })).toEqual(['not-sold-in-country']);
    expect(
      ineligibilityOf({
        ...eligible,
        employment: { status: 'permanent', employedMonths: 5, hoursPerWeek: 15.5 },
      }),
    ).toEqual(['employed-too-short', 'too-few-hours']);
    expect(
      ineligibilityOf({
        ...eligible,
        employment: { status: 'self-employed', employedMonths: 60, hoursPerWeek: 40 },
      }),
    ).toEqual(['not-permanently-employed']);
    expect(
      ineligibilityOf({ ...eligible, residentInCountry: false, fitForWork: false, hasActivePolicy: true }),
    ).toEqual(['not-resident', 'not-fit-for-work', 'already-insured']);
  });

  it('checks only what is known when answers are missing (GET)', () => {
    const { employment: _e, residentInCountry: _r, fitForWork: _f, ...known } = eligible;
    expect(ineligibilityOf(known)).toEqual([]);
  });

  it('offers in every selling country covers, a payment kind and the e-ID of the country', () => {
    expect(Object.keys(insuranceTerms).sort()).toEqual(['FI', 'NO', 'SE']);
    for (const terms of Object.values(insuranceTerms)) {
      expect(terms.coverages.length).toBeGreaterThan(0);
      expect(terms.paymentKinds.length).toBeGreaterThan(0);
    }
  });
});
