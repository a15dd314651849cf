import { brandIds, brands } from '@nordloan/domain/brands/registry';
import { exampleLoanCostInput } from '@nordloan/domain/brands/unsecured-bounds';
import { calculateLoanCost, roundHalfUp } from '@nordloan/domain/finance/loan-math';
import { describe, expect, it } from 'vitest';
import { liveExample } from './live-example.ts';

// The live example must print what the domain's loan math gives for the brand's own rates and fees
// (the figures GET /calculator/representative-example answers), and refuse what the API refuses.

describe('live representative example', () => {
  it('no-main at its §9 default: regulation.md case a, fee upfront (13.3 %, 3 359.09 a month)', () => {
    const result = liveExample(brands['no-main'], 150_000, 5);
    expect(result.kind).toBe('example');
    if (result.kind !== 'example') return;
    expect(result.example.effectiveRate).toBe(13.3);
    expect(result.example.monthlyPayment).toBe(3359.09);
    expect(result.example.totalPayable).toBe(202_496);
    expect(result.example.totalCost).toBe(52_496);
    // Intl groups with (narrow) no-break spaces; compared with plain spaces.
    expect(result.example.text.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Eff. rente 13,3 %, 150 000 kr o/5 år. Kost: 52 496 kr. Totalt: 202 496 kr.',
    );
  });

  it('se-main at its default: regulation.md case c, fee upfront (7.2 %, 4 480.18 a month)', () => {
    const result = liveExample(brands['se-main'], 500_000, 15);
    if (result.kind !== 'example') throw new Error('expected an example');
    expect(result.example.effectiveRate).toBe(7.2);
    expect(result.example.monthlyPayment).toBe(4480.18);
  });

  it.each(brandIds)('%s: the default example equals calculateLoanCost(exampleLoanCostInput(brand))', (id) => {
    const brand = brands[id];
    const { amount, duration } = brand.unsecuredLoan.config;
    const result = liveExample(brand, amount.default, duration.default);
    if (result.kind !== 'example') throw new Error(`no example for ${id}: ${result.reason}`);
    const direct = calculateLoanCost(exampleLoanCostInput(brand));
    expect(result.example.effectiveRate).toBe(roundHalfUp(direct.effectiveRate, 1));
    expect(result.example.totalPayable).toBe(roundHalfUp(direct.totalPayable, 0));
    expect(result.example.monthlyPayment).toBe(roundHalfUp(direct.monthlyPayment, 2));
  });

  it('follows the amount and duration live (a longer term costs more in total, less a month)', () => {
    const short = liveExample(brands['dk-main'], 100_000, 3);
    const long = liveExample(brands['dk-main'], 100_000, 8);
    if (short.kind !== 'example' || long.kind !== 'example') throw new Error('expected examples');
    expect(long.example.monthlyPayment).toBeLessThan(short.example.monthlyPayment);
    expect(long.example.totalCost).toBeGreaterThan(short.example.totalCost);
  });

  it('uses the establishment fee in % of the amount (no-alt2, regulation.md case e)', () => {
    const result = liveExample(brands['no-alt2'], 250_000, 12);
    if (result.kind !== 'example') throw new Error('expected an example');
    expect(result.startupFee).toBe(7_500);
    expect(result.example.effectiveRate).toBe(13.4);
  });

  it('refuses terms outside the §9 bounds or off the step grid, as the API does', () => {
    expect(liveExample(brands['no-main'], 5_000, 5)).toEqual({ kind: 'unavailable', reason: 'bounds' });
    expect(liveExample(brands['no-main'], 152_500, 5)).toEqual({ kind: 'unavailable', reason: 'bounds' });
    expect(liveExample(brands['no-main'], 150_000, 21)).toEqual({ kind: 'unavailable', reason: 'bounds' });
  });

  it('shows no example for terms an offer may not have (Norway: unsecured over 5 years, utlånsforskriften § 13)', () => {
    expect(liveExample(brands['no-main'], 150_000, 10)).toEqual({ kind: 'unavailable', reason: 'caps' });
  });
});
