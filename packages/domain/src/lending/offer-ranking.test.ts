import { describe, expect, it } from 'vitest';
import {
  type ComparableOffer,
  explainApplicantRanking,
  rankForApplicant,
  recommendOffer,
  termsDifference,
} from './offer-ranking.ts';

// Issue 38: offers of another term are never ranked against the others on total cost, and the
// recommendation is the first of the ranking.

const offer = (
  id: string,
  figures: {
    total: number;
    rate: number;
    monthly: number;
    months?: number;
    amount?: number;
    lender?: string;
  },
): ComparableOffer => ({
  ID: id,
  Lender: { Name: figures.lender ?? id },
  Amount: figures.amount ?? 200_000,
  DurationMonths: figures.months ?? 72,
  TotalCost: figures.total,
  EffectiveRate: figures.rate,
  MonthlyPayment: figures.monthly,
});
const asked = { amount: 200_000, durationMonths: 72 };

// The se-main case of the issue: the same bank's 8-year offer, 0.03 points lower in effective rate but
// 15,000 kr dearer in all, was recommended while the list ranked the 6-year one first.
const sixYears = offer('six', { total: 42_555, rate: 7.15, monthly: 3_369, lender: 'Mälar Kredit' });
const eightYears = offer('eight', {
  total: 57_816,
  rate: 7.12,
  monthly: 2_685,
  months: 96,
  lender: 'Mälar Kredit',
});
const dearer = offer('dearer', { total: 48_000, rate: 8.1, monthly: 3_444, lender: 'Norrsken Finans' });

describe('the applicant ranking', () => {
  it('ranks the offers for what was asked on total cost, then the others on effective rate', () => {
    const smaller = offer('smaller', { total: 20_000, rate: 6.9, monthly: 1_800, amount: 150_000 });
    const ranked = rankForApplicant([eightYears, smaller, dearer, sixYears], asked);
    expect(ranked.map((o) => o.ID)).toEqual(['six', 'dearer', 'smaller', 'eight']);
  });

  it('compares every offer on the figure the applicant chose instead', () => {
    expect(
      rankForApplicant([sixYears, eightYears, dearer], asked, 'monthlyPayment').map((o) => o.ID),
    ).toEqual(['eight', 'six', 'dearer']);
    expect(rankForApplicant([sixYears, eightYears, dearer], asked, 'effectiveRate')[0]!.ID).toBe('eight');
  });

  it('says how an offer differs from what was asked', () => {
    expect(termsDifference(sixYears, asked)).toBeNull();
    expect(termsDifference(eightYears, asked)).toEqual({ amount: null, durationMonths: 96 });
    expect(termsDifference(eightYears, { amount: null, durationMonths: null })).toBeNull();
  });

  it('explains a first place won by being for what was asked, not by a lower total cost', () => {
    const ranked = rankForApplicant([eightYears, sixYears], asked);
    expect(explainApplicantRanking(ranked, asked)).toMatchObject({
      firstId: 'six',
      secondId: 'eight',
      decidedBy: 'requestedTerms',
    });
    const both = rankForApplicant([sixYears, dearer], asked);
    expect(explainApplicantRanking(both, asked)).toMatchObject({ decidedBy: 'totalCost', difference: 5_445 });
  });

  it('explains two offers on other terms by effective rate, never by total cost', () => {
    const ten = offer('ten', { total: 70_000, rate: 7.5, monthly: 2_300, months: 120 });
    const explanation = explainApplicantRanking(rankForApplicant([ten, eightYears], asked), asked);
    expect(explanation).toMatchObject({ firstId: 'eight', decidedBy: 'effectiveRate' });
  });
});

describe('the recommendation', () => {
  it('is the first of the ranking: the cheapest offer for what was asked', () => {
    const recommended = recommendOffer([eightYears, dearer, sixYears], asked);
    expect(recommended).toMatchObject({ reason: 'lowest-total-cost', difference: null });
    expect(recommended?.offer).toBe(rankForApplicant([eightYears, dearer, sixYears], asked)[0]);
  });

  it('falls back to the lowest effective rate when no offer is for what was asked, and says how it differs', () => {
    const ten = offer('ten', { total: 70_000, rate: 7.5, monthly: 2_300, months: 120 });
    expect(recommendOffer([ten, eightYears], asked)).toMatchObject({
      offer: { ID: 'eight' },
      reason: 'lowest-effective-rate',
      difference: { durationMonths: 96 },
    });
  });

  it('names the only offer as such, and nothing without offers', () => {
    expect(recommendOffer([eightYears], asked)).toMatchObject({ reason: 'only-offer' });
    expect(recommendOffer([], asked)).toBeUndefined();
  });
});
