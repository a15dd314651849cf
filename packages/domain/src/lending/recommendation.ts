import { z } from 'zod';
import type { Locale } from '../enums.ts';

// Product recommendation (§7 product-recommendation latest / POST): which shown offer we recommend, and
// why. The effective rate is the one figure the law makes comparable across lenders (CCD art. 19), so it
// decides; the total cost breaks a tie. Offers with the asked amount come first, since an offer for less
// money is not the same product. OUR DECISION, ADR 0009.

export const recommendationReasons = [
  'only-offer',
  'lowest-effective-rate',
  'lowest-total-cost',
  'lowest-monthly-payment',
  'requested-amount-and-term',
] as const;
export const recommendationReasonSchema = /* @__PURE__ */ z.enum(recommendationReasons);
export type RecommendationReason = z.infer<typeof recommendationReasonSchema>;

export interface RecommendationCandidate {
  id: string;
  amount: number;
  durationMonths: number;
  effectiveRate: number;
  totalCost: number;
  monthlyPayment: number;
}

export interface Recommendation {
  quoteId: string;
  reasons: RecommendationReason[];
}

const nearlyEqual = (a: number, b: number) => Math.abs(a - b) < 1e-9;

export function recommendQuote(
  candidates: readonly RecommendationCandidate[],
  requested: { amount: number; durationMonths: number | null },
): Recommendation | undefined {
  if (candidates.length === 0) return undefined;
  const fullAmount = candidates.filter((candidate) => candidate.amount >= requested.amount);
  const pool = fullAmount.length > 0 ? fullAmount : candidates;
  const best = [...pool].sort(
    (a, b) => a.effectiveRate - b.effectiveRate || a.totalCost - b.totalCost || a.id.localeCompare(b.id),
  )[0]!;
  const reasons: RecommendationReason[] = [];
  if (candidates.length === 1) reasons.push('only-offer');
  else {
    const lowest = (pick: (candidate: RecommendationCandidate) => number) =>
      candidates.every(
        (candidate) => pick(best) <= pick(candidate) || nearlyEqual(pick(best), pick(candidate)),
      );
    if (lowest((candidate) => candidate.effectiveRate)) reasons.push('lowest-effective-rate');
    if (lowest((candidate) => candidate.totalCost)) reasons.push('lowest-total-cost');
    if (lowest((candidate) => candidate.monthlyPayment)) reasons.push('lowest-monthly-payment');
  }
  if (
    best.amount === requested.amount &&
    (requested.durationMonths === null || best.durationMonths === requested.durationMonths)
  ) {
    reasons.push('requested-amount-and-term');
  }
  return { quoteId: best.id, reasons };
}

const reasonTexts: Record<Locale, Record<RecommendationReason, string>> = {
  'nb-NO': {
    'only-offer': 'eneste tilbud',
    'lowest-effective-rate': 'lavest effektiv rente',
    'lowest-total-cost': 'lavest totalkostnad',
    'lowest-monthly-payment': 'lavest månedlig betaling',
    'requested-amount-and-term': 'beløpet og nedbetalingstiden du søkte om',
  },
  'sv-SE': {
    'only-offer': 'enda erbjudandet',
    'lowest-effective-rate': 'lägst effektiv ränta',
    'lowest-total-cost': 'lägst total kreditkostnad',
    'lowest-monthly-payment': 'lägst månadsbelopp',
    'requested-amount-and-term': 'beloppet och löptiden du ansökte om',
  },
  'fi-FI': {
    'only-offer': 'ainoa tarjous',
    'lowest-effective-rate': 'alhaisin todellinen vuosikorko',
    'lowest-total-cost': 'alhaisimmat kokonaiskustannukset',
    'lowest-monthly-payment': 'pienin kuukausierä',
    'requested-amount-and-term': 'hakemasi summa ja laina-aika',
  },
  'da-DK': {
    'only-offer': 'eneste tilbud',
    'lowest-effective-rate': 'laveste ÅOP',
    'lowest-total-cost': 'laveste samlede kreditomkostninger',
    'lowest-monthly-payment': 'laveste månedlige ydelse',
    'requested-amount-and-term': 'det beløb og den løbetid, du søgte om',
  },
};

const recommendationLead: Record<Locale, string> = {
  'nb-NO': 'Vi anbefaler dette tilbudet',
  'sv-SE': 'Vi rekommenderar detta erbjudande',
  'fi-FI': 'Suosittelemme tätä tarjousta',
  'da-DK': 'Vi anbefaler dette tilbud',
};

/** The reason as a sentence in the brand's language, e.g. "Vi anbefaler dette tilbudet: lavest effektiv rente." */
export function recommendationText(locale: Locale, reasons: readonly RecommendationReason[]): string {
  const parts = reasons.map((reason) => reasonTexts[locale][reason]);
  return `${recommendationLead[locale]}: ${parts.join(', ')}.`;
}
