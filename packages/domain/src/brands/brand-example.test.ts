import { describe, expect, it } from 'vitest';
import { brandExample } from './brand-example.ts';
import { brands } from './registry.ts';

describe('brandExample', () => {
  it("gives no-main's example at its §9 defaults: regulation.md case a (fee upfront)", () => {
    const result = brandExample(brands['no-main'], 150_000, 5);
    expect(result.kind).toBe('example');
    if (result.kind !== 'example') return;
    expect(result.nominalRate).toBe(11.9);
    expect(result.startupFee).toBe(950);
    expect(result.example.text.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Eff. rente 13,3 %, 150 000 kr o/5 år. Kost: 52 496 kr. Totalt: 202 496 kr.',
    );
  });

  it('refuses terms outside the brand bounds with the field errors', () => {
    const result = brandExample(brands['no-main'], 5_000_000, 5);
    expect(result).toMatchObject({ kind: 'unavailable', reason: 'bounds', errors: [{ Field: 'Amount' }] });
  });

  it('refuses a Danish example above the 25 % marketing limit', () => {
    const result = brandExample(brands['dk-main'], 15_000, 1);
    expect(result).toMatchObject({ kind: 'unavailable', reason: 'caps' });
    if (result.kind === 'unavailable' && result.reason === 'caps') {
      expect(result.problems.join(' ')).toMatch(/25 % marketing limit/);
    }
  });

  it('refuses a Norwegian unsecured example past 5 years that is not refinancing', () => {
    const result = brandExample(brands['no-main'], 150_000, 10);
    expect(result).toMatchObject({ kind: 'unavailable', reason: 'caps' });
  });
});
