import { afterEach, describe, expect, it, vi } from 'vitest';
import { withinTimeout } from './within-timeout.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('withinTimeout', () => {
  it('leaves no timer behind once the call has answered', async () => {
    vi.useFakeTimers();
    await withinTimeout(Promise.resolve('in time'), 20_000);
    await withinTimeout(Promise.reject(new Error('refused')), 20_000).catch(() => undefined);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers what the call answers in time, and its refusal', async () => {
    await expect(withinTimeout(Promise.resolve(42), 50)).resolves.toBe(42);
    await expect(withinTimeout(Promise.reject(new Error('refused')), 50)).rejects.toThrow('refused');
  });

  it('gives up on a call that does not answer, with the error asked for', async () => {
    const never = new Promise<never>(() => {});
    await expect(withinTimeout(never, 20)).rejects.toThrow('no answer within 20 ms');
    await expect(withinTimeout(never, 20, () => new Error('lender silent'))).rejects.toThrow('lender silent');
  });
});
