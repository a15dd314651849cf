import { applicationStatuses } from '@nordloan/domain/statuses';
import { describe, expect, it } from 'vitest';
import { deriveApplicationState, isEditableStatus, type OffersProgress } from './application-state.ts';

// Issue 38: the application's status and its offers' progress are one value, so the page can never say
// "no offers yet" and "all banks have answered" together.

const progress = (offers: number, pending: number, isComplete: boolean): OffersProgress => ({
  offers,
  pending,
  isComplete,
});

describe('the application state', () => {
  it('right after submitting, before any bank has the application, is "received" — not "all answered"', () => {
    // The v2 answer then has no requests: nothing pending, IsComplete false, no offers.
    expect(deriveApplicationState({ status: 210, progress: progress(0, 0, false) })).toEqual({
      kind: 'received',
    });
    expect(deriveApplicationState({ status: 160, progress: null })).toEqual({ kind: 'received' });
    expect(deriveApplicationState({ status: 200, progress: null })).toEqual({ kind: 'received' });
  });

  it('while banks decide, counts the offers so far and the banks still deciding', () => {
    expect(deriveApplicationState({ status: 310, progress: progress(0, 4, false) })).toEqual({
      kind: 'banks-answering',
      offers: 0,
      pending: 4,
    });
    expect(deriveApplicationState({ status: 400, progress: progress(2, 1, false) })).toEqual({
      kind: 'banks-answering',
      offers: 2,
      pending: 1,
    });
    expect(deriveApplicationState({ status: 310, progress: null })).toEqual({
      kind: 'banks-answering',
      offers: 0,
      pending: null,
    });
  });

  it('once every bank answered: offers to choose from, or none', () => {
    expect(deriveApplicationState({ status: 410, progress: progress(3, 0, true) })).toEqual({
      kind: 'choose-offer',
      offers: 3,
    });
    expect(deriveApplicationState({ status: 310, progress: progress(0, 0, true) })).toEqual({
      kind: 'no-offers',
    });
  });

  it('drafts, corrections and the registers', () => {
    expect(deriveApplicationState({ status: 100, progress: null })).toEqual({ kind: 'draft' });
    expect(deriveApplicationState({ status: 155, progress: null })).toEqual({
      kind: 'waiting-for-co-applicant',
    });
    expect(deriveApplicationState({ status: 169, progress: null })).toEqual({ kind: 'needs-correction' });
    expect(deriveApplicationState({ status: 181, progress: null })).toEqual({ kind: 'registers-failed' });
    expect([100, 155, 169, 181].every(isEditableStatus)).toBe(true);
    expect([160, 410, 490].some(isEditableStatus)).toBe(false);
  });

  it('after acceptance, paid out, and ended', () => {
    expect(deriveApplicationState({ status: 510, progress: progress(1, 0, true) })).toEqual({
      kind: 'accepted',
    });
    expect(deriveApplicationState({ status: 610, progress: null })).toEqual({ kind: 'payout' });
    expect(deriveApplicationState({ status: 700, progress: null })).toEqual({ kind: 'disbursed' });
    expect(deriveApplicationState({ status: 800, progress: null })).toEqual({ kind: 'disbursed' });
    expect(deriveApplicationState({ status: 490, progress: progress(2, 0, true) })).toEqual({
      kind: 'ended',
      sentence: 'withdrawn',
    });
    expect(deriveApplicationState({ status: 370, progress: progress(0, 0, true) })).toEqual({
      kind: 'ended',
      sentence: 'notApproved',
    });
  });

  it('says the offers could not be read only while none were read', () => {
    expect(deriveApplicationState({ status: 310, progress: null, offersFailed: true })).toEqual({
      kind: 'offers-unavailable',
    });
    expect(
      deriveApplicationState({ status: 410, progress: progress(1, 0, true), offersFailed: true }).kind,
    ).toBe('choose-offer');
  });

  it('is never "no offers" while a bank is still deciding, for any status and progress', () => {
    for (const { code: status } of applicationStatuses) {
      for (const offers of [0, 1, 3]) {
        for (const pending of [0, 2]) {
          for (const isComplete of [false, true]) {
            if (isComplete && pending > 0) continue; // the API's IsComplete means nobody is pending
            const state = deriveApplicationState({ status, progress: progress(offers, pending, isComplete) });
            if (state.kind === 'no-offers') expect(pending, `status ${status}`).toBe(0);
            if (state.kind === 'choose-offer') expect(offers).toBeGreaterThan(0);
            if (state.kind === 'banks-answering') expect(isComplete).toBe(false);
          }
        }
      }
    }
  });
});
