import { expect } from 'vitest';

// The API project runs with `isolate: false` (vitest.config.ts): a helper module is evaluated once per
// worker, not once per test file. A module-level counter would then run on across files, and the national
// id a test gets would depend on which files happened to run before it in the same worker — and a national
// id decides the local credit bureau's answer (payment remarks, debts), so a test's lenders could answer
// differently from run to run. One counter per test file gives every file the ids it got when each file
// had its own module graph: the same on every run, whatever the order.
const counters = new Map<string, number>();

/** The next number of the named sequence, counted within the running test file from `start`. */
export function nextTestFileSerial(sequence: string, start = 0): number {
  const key = `${sequence}\u0000${expect.getState().testPath ?? ''}`;
  const value = counters.get(key) ?? start;
  counters.set(key, value + 1);
  return value;
}
