import { describe, expect, it } from 'vitest';
import { callWrapUpBodySchema } from './backoffice.ts';
import { caseSummarySchema, waitingOf } from './backoffice-case-summary.ts';

// The case summary's rules that are not plain sums: where an application waits, by status and the
// screening's hold; and the call wrap-up's body. The summary over a whole view is tested through the API
// (application-360-contract.test.ts parses every seeded view's Summary) and the staff app.

describe('waitingOf', () => {
  const plain = { screeningHold: null, outstandingDocuments: 0 } as const;
  it.each([
    [100, 'customer', 'finish-application'],
    [155, 'co-applicant', 'co-applicant-consent'],
    [169, 'staff', 'fix-data'],
    [201, 'staff', 'manual-review'],
    [210, 'system', 'registration'],
    [310, 'lenders', 'lender-decision'],
    [410, 'customer', 'choose-offer'],
    [510, 'lenders', 'payout-approval'],
    [610, 'lenders', 'payout'],
    [700, 'nobody', 'closed'],
    [490, 'nobody', 'closed'],
  ])('%i waits on %s for %s', (status, on, what) => {
    expect(waitingOf(status, plain)).toEqual({ On: on, For: what });
  });

  it('an open screening hit waits on compliance; a submission not yet screened on the screening', () => {
    expect(waitingOf(200, { screeningHold: 'open-hit', outstandingDocuments: 0 })).toEqual({
      On: 'compliance',
      For: 'screening-review',
    });
    expect(waitingOf(200, { screeningHold: 'not-screened', outstandingDocuments: 0 })).toEqual({
      On: 'system',
      For: 'screening',
    });
  });

  it('after the accept, documents the lender asked for wait on the customer', () => {
    expect(waitingOf(500, { screeningHold: null, outstandingDocuments: 2 })).toEqual({
      On: 'customer',
      For: 'documents',
    });
  });

  it('the summary has no field that could carry an internal id', () => {
    const fields = JSON.stringify(caseSummarySchema.toJSONSchema());
    expect(fields).not.toMatch(/"[A-Za-z]*ID"/);
  });
});

describe('callWrapUpBodySchema', () => {
  it('takes an outcome of the list, an optional note and date', () => {
    expect(callWrapUpBodySchema.parse({ Outcome: 'reached' })).toEqual({
      Outcome: 'reached',
      Note: '',
      NextContactDate: null,
    });
  });

  it('a call back needs a next contact date', () => {
    const result = callWrapUpBodySchema.safeParse({ Outcome: 'callback-requested' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['NextContactDate']);
    expect(
      callWrapUpBodySchema.safeParse({ Outcome: 'callback-requested', NextContactDate: '2026-12-01' })
        .success,
    ).toBe(true);
  });

  it('refuses an unknown outcome and an unknown field', () => {
    expect(callWrapUpBodySchema.safeParse({ Outcome: 'great' }).success).toBe(false);
    expect(callWrapUpBodySchema.safeParse({ Outcome: 'reached', AgentID: 'x' }).success).toBe(false);
  });
});
