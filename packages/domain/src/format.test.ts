import { describe, expect, it } from 'vitest';
import { formatDigits } from './format.ts';

describe('formatDigits (§5)', () => {
  it.each([
    ['0012345', '12 345'],
    ['12345', '12 345'],
    ['123', '123'],
    ['1234', '1 234'],
    ['1234567', '1 234 567'],
    ['', ''],
    ['abc', ''],
    ['000', '0'],
    ['0', '0'],
    ['1 000 000 kr', '1 000 000'],
    ['12,50', '1 250'],
  ])('%j → %j', (input, expected) => {
    expect(formatDigits(input)).toBe(expected);
  });

  it('takes a separator', () => {
    expect(formatDigits('150000', '.')).toBe('150.000');
    expect(formatDigits('150000', '\u00a0')).toBe('150\u00a0000');
    expect(formatDigits('150000', '')).toBe('150000');
  });

  it('formats numbers by their whole part', () => {
    expect(formatDigits(150000)).toBe('150 000');
    expect(formatDigits(0)).toBe('0');
    expect(formatDigits(12345.67)).toBe('12 345');
    expect(formatDigits(-500)).toBe('500');
    expect(formatDigits(1e21)).toBe('1 000 000 000 000 000 000 000');
    expect(formatDigits(Number.NaN)).toBe('');
    expect(formatDigits(Number.POSITIVE_INFINITY)).toBe('');
  });
});
