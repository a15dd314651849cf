import { swedishCostWarning } from '../cost-warning.ts';
import type { Country, Locale } from '../enum-values.ts';

// Issue 34 item 2: what a page shows of the CCD2 art. 8(1) warning — its words, language, status and the
// visual form — without the rules, sources and open points of credit-warning.ts, so the apply page's first
// script carries only these few lines (ADR 0064, issue 40). credit-warning.ts builds on these entries.

export type CreditWarningStatus =
  /** The national rule fixes the wording and the form; `lines` are its words. */
  | 'prescribed'
  /** `lines` quote a phrase from a primary source; the final statutory wording was not found here. */
  | 'phrase-unverified'
  /**
   * No national or OJ wording was found here; `lines` are our rendering, in the country's language, of the
   * directive's own words ("Caution! Borrowing money costs money.", EUR-Lex summary), which art. 8(1)
   * allows ("or an equivalent wording") — shown rather than nothing until legal supplies it (ADR 0064).
   */
  | 'equivalent-unverified'
  /** No wording was found in any source here: `lines` is empty, and a lawyer must supply it. */
  | 'wording-not-found'
  /** No rule found that requires the warning in this country (`lines` empty). */
  | 'none-binding';

/** How the warning must look, where the rule sets it. */
export interface CreditWarningLook {
  /** A warning symbol the rule prescribes beside the text; null when none is prescribed. */
  symbol: { colour: 'red'; minHeightInTextLines: number } | null;
  /** Black text on a white background (dark mode may adapt the colours, per the SE guidance). */
  blackOnWhite: boolean;
}

export interface CreditWarningDisplay {
  country: Country;
  /** The language the lines are in (the rule's language, whatever the page's). */
  locale: Locale;
  status: CreditWarningStatus;
  /** The first line is the headline; the rest follow it, in this order, word for word. */
  lines: readonly string[];
  look: CreditWarningLook | null;
}

export const creditWarningDisplays = {
  SE: {
    country: 'SE',
    locale: 'sv-SE',
    status: 'prescribed',
    lines: [swedishCostWarning.title, swedishCostWarning.text, swedishCostWarning.help],
    look: { symbol: { colour: 'red', minHeightInTextLines: 3 }, blackOnWhite: true },
  },
  DK: {
    country: 'DK',
    locale: 'da-DK',
    status: 'phrase-unverified',
    lines: ['Det koster penge at låne penge.'],
    look: null,
  },
  FI: {
    country: 'FI',
    locale: 'fi-FI',
    status: 'equivalent-unverified',
    // CCD2 art. 8(1) in the EUR-Lex summary's words ('ccd2-summary'), put into Finnish by us (ADR 0064).
    lines: ['Huomio! Rahan lainaaminen maksaa.'],
    look: null,
  },
  NO: { country: 'NO', locale: 'nb-NO', status: 'none-binding', lines: [], look: null },
} as const satisfies Record<Country, CreditWarningDisplay>;
