import { describe, expect, it } from 'vitest';
import { resolveStep, resumeOfSearch, type StepContext, searchForStep, stepOfSearch } from './step-url.ts';

// Issue 38: the step is in the address (Back, reload), and nobody lands on a step they may not be on yet.

const fresh: StepContext = {
  signedIn: false,
  application: null,
  loading: false,
  hasDraft: false,
  resuming: false,
};
const draftAt = (CurrentStep: string, Status = 100) => ({
  ...fresh,
  signedIn: true,
  application: { CurrentStep, Status, Product: 'UnsecuredLoan' as const },
});

describe('the step in the address', () => {
  it('reads and writes ?step=, the loan step being the page itself; other parameters stay', () => {
    expect(stepOfSearch('?step=household')).toBe('household');
    expect(stepOfSearch('?step=nonsense')).toBeNull();
    expect(stepOfSearch('')).toBeNull();
    expect(searchForStep('?traffic=internal', 'address')).toBe('?traffic=internal&step=address');
    expect(searchForStep('?step=address', 'loan')).toBe('');
    expect(searchForStep('?resume=app-1&step=identify', 'address', { dropResume: true })).toBe(
      '?step=address',
    );
    expect(resumeOfSearch('?resume=app-1')).toBe('app-1');
    expect(resumeOfSearch('?resume=')).toBeNull();
  });
});

describe('the step shown', () => {
  it('before the e-ID: the loan step, or the identity step once the loan was answered', () => {
    expect(resolveStep(null, fresh)).toBe('loan');
    expect(resolveStep('household', fresh)).toBe('loan');
    expect(resolveStep('identify', fresh)).toBe('loan');
    expect(resolveStep('identify', { ...fresh, hasDraft: true })).toBe('identify');
    expect(resolveStep('address', { ...fresh, hasDraft: true })).toBe('identify');
    // `?resume=` while signed out: the identity step signs the applicant in first.
    expect(resolveStep(null, { ...fresh, resuming: true })).toBe('identify');
  });

  it('a draft: any step up to the one after the last saved (Back and reload), and no further', () => {
    const atHousehold = draftAt('address');
    expect(resolveStep(null, atHousehold)).toBe('household');
    expect(resolveStep('household', atHousehold)).toBe('household');
    expect(resolveStep('identify', atHousehold)).toBe('identify');
    expect(resolveStep('loan', atHousehold)).toBe('loan');
    expect(resolveStep('consent', atHousehold)).toBe('household');
    expect(resolveStep('property', atHousehold)).toBe('household');
  });

  it('keeps the step asked for while the application loads, and a sent application is sent', () => {
    expect(resolveStep('economy', { ...fresh, signedIn: true, loading: true })).toBe('economy');
    expect(resolveStep('address', draftAt('summary', 160))).toBe('sent');
  });
});
