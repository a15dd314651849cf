import { describe, expect, it } from 'vitest';
import { shouldPollOffers } from './offer-polling.ts';

const presentation = (Status: number, IsComplete: boolean, acceptance: (string | null)[] = []) => ({
  Status,
  IsComplete,
  Groups: [{ Quotes: acceptance.map((AcceptanceStatus) => ({ AcceptanceStatus })) }],
});

describe('shouldPollOffers', () => {
  it('polls before the first answer and while lenders are deciding', () => {
    expect(shouldPollOffers(null)).toBe(true);
    expect(shouldPollOffers(presentation(160, false))).toBe(true);
    expect(shouldPollOffers(presentation(310, false))).toBe(true);
    expect(shouldPollOffers(presentation(410, false, [null]))).toBe(true);
  });
  it('stops when every lender answered, and on end states', () => {
    expect(shouldPollOffers(presentation(410, true, [null, null]))).toBe(false);
    expect(shouldPollOffers(presentation(370, true))).toBe(false);
    expect(shouldPollOffers(presentation(490, false))).toBe(false);
  });
  it('keeps polling while an acceptance waits for the lender, then stops', () => {
    expect(shouldPollOffers(presentation(500, true, ['pending']))).toBe(true);
    expect(shouldPollOffers(presentation(500, true, ['accepted']))).toBe(false);
  });
});
