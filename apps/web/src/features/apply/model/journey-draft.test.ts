import { describe, expect, it } from 'vitest';
import {
  clearJourneyDraft,
  journeyDraftKey,
  journeyDraftMaxAgeMs,
  readJourneyDraft,
  saveJourneyDraft,
} from './journey-draft.ts';

// The answers typed before the e-ID (ADR 0039): kept for this brand's apply page, for a while, and only
// in a shape the journey understands.

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const draft = {
  brand: 'no-main',
  path: '/soknad/forbrukslan',
  loanValues: { product: 'UnsecuredLoan' as const, amount: 235_000, duration: 3, loanPurpose: 'Holiday' },
  preCheckAnswers: {
    age: '41',
    employmentType: 'Permanent',
    grossYearlyIncome: '620000',
    netMonthlyIncome: '36000',
    debtBalance: '',
    debtMonthlyPayments: '',
    hasPaymentRemarks: false,
  },
  contact: { email: 'kari@example.no', phone: '+4791234567' },
};

describe('journey draft', () => {
  it('comes back for the same brand and apply page, and is gone once cleared', () => {
    const store = memoryStorage();
    saveJourneyDraft(draft, { store, now: 1_000 });
    expect(
      readJourneyDraft({ brand: 'no-main', path: '/soknad/forbrukslan' }, { store, now: 2_000 }),
    ).toEqual({ version: 1, savedAt: 1_000, ...draft });
    // Never a national id or a token in it.
    expect(store.items.get(journeyDraftKey)).not.toMatch(/national|token/i);
    clearJourneyDraft({ store });
    expect(readJourneyDraft({ brand: 'no-main', path: '/soknad/forbrukslan' }, { store })).toBeNull();
  });

  it('is ignored on another brand or apply page, when old, or when not of the expected shape', () => {
    const store = memoryStorage();
    saveJourneyDraft(draft, { store, now: 0 });
    expect(readJourneyDraft({ brand: 'se-main', path: '/soknad/forbrukslan' }, { store, now: 1 })).toBeNull();
    expect(readJourneyDraft({ brand: 'no-main', path: '/soknad/lan' }, { store, now: 1 })).toBeNull();
    expect(
      readJourneyDraft(
        { brand: 'no-main', path: '/soknad/forbrukslan' },
        { store, now: journeyDraftMaxAgeMs + 1 },
      ),
    ).toBeNull();
    store.setItem(journeyDraftKey, '{"version":1,"brand":"no-main"');
    expect(readJourneyDraft({ brand: 'no-main', path: '/soknad/forbrukslan' }, { store })).toBeNull();
    store.setItem(journeyDraftKey, JSON.stringify({ ...draft, version: 1, savedAt: 0, loanValues: 'x' }));
    expect(readJourneyDraft({ brand: 'no-main', path: '/soknad/forbrukslan' }, { store, now: 1 })).toBeNull();
  });

  it('does nothing without storage (switched off): the journey still works', () => {
    expect(() => saveJourneyDraft(draft, { store: null })).not.toThrow();
    expect(readJourneyDraft({ brand: 'no-main', path: '/' }, { store: null })).toBeNull();
  });
});
