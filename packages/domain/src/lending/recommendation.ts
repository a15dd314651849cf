import { z } from 'zod';
import type { Locale } from '../enums.ts';
import { recommendOffer } from './offer-ranking.ts';

// Product recommendation (§7 product-recommendation latest / POST): which shown offer we recommend, and
// why. It is the first offer of the applicant's ranking (offer-ranking.ts; issue 38, ADR 0061, replacing
// ADR 0009's lowest effective rate over every offer): of the offers for the amount and term asked, the one
// that costs least in all; when no offer is for what was asked, the lowest effective rate — the one figure
// comparable across amounts and terms (CCD art. 19). The page lists the same offer first.

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
  /** The lender's name: the last tie-break of the ranking, as on the page. */
  lenderName?: string;
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

export function recommendQuote(
  candidates: readonly RecommendationCandidate[],
  requested: { amount: number | null; durationMonths: number | null },
): Recommendation | undefined {
  const picked = recommendOffer(
    candidates.map((candidate) => ({
      ID: candidate.id,
      Lender: { Name: candidate.lenderName ?? '' },
      Amount: candidate.amount,
      DurationMonths: candidate.durationMonths,
      TotalCost: candidate.totalCost,
      MonthlyPayment: candidate.monthlyPayment,
      EffectiveRate: candidate.effectiveRate,
    })),
    requested,
  );
  if (!picked) return undefined;
  const reasons: RecommendationReason[] = [picked.reason];
  if (picked.difference === null) reasons.push('requested-amount-and-term');
  return { quoteId: picked.offer.ID, reasons };
}

type Case = 'lowest-total-cost' | 'lowest-effective-rate' | 'only-offer' | 'only-offer-other-terms';

const leads: Record<Locale, (lender: string) => string> = {
  'nb-NO': (lender) => `Vi anbefaler ${lender}`,
  'sv-SE': (lender) => `Vi rekommenderar ${lender}`,
  'fi-FI': (lender) => `Suosittelemme lainanantajaa ${lender}`,
  'da-DK': (lender) => `Vi anbefaler ${lender}`,
};

const reasonTexts: Record<Locale, Record<Case, string>> = {
  'nb-NO': {
    'lowest-total-cost': 'lavest totalkostnad av tilbudene på beløpet og nedbetalingstiden du søkte om',
    'lowest-effective-rate':
      'lavest effektiv rente, fordi ingen tilbud gjelder beløpet og nedbetalingstiden du søkte om',
    'only-offer': 'det eneste tilbudet, på beløpet og nedbetalingstiden du søkte om',
    'only-offer-other-terms': 'det eneste tilbudet, men med andre vilkår enn du søkte om',
  },
  'sv-SE': {
    'lowest-total-cost': 'lägst total kreditkostnad av erbjudandena på beloppet och löptiden du ansökte om',
    'lowest-effective-rate':
      'lägst effektiv ränta, eftersom inget erbjudande gäller beloppet och löptiden du ansökte om',
    'only-offer': 'det enda erbjudandet, på beloppet och löptiden du ansökte om',
    'only-offer-other-terms': 'det enda erbjudandet, men med andra villkor än du ansökte om',
  },
  'fi-FI': {
    'lowest-total-cost': 'alhaisimmat kokonaiskustannukset hakemasi summan ja laina-ajan tarjouksista',
    'lowest-effective-rate':
      'alhaisin todellinen vuosikorko, koska mikään tarjous ei koske hakemaasi summaa ja laina-aikaa',
    'only-offer': 'ainoa tarjous, hakemallasi summalla ja laina-ajalla',
    'only-offer-other-terms': 'ainoa tarjous, mutta eri ehdoin kuin hait',
  },
  'da-DK': {
    'lowest-total-cost':
      'laveste samlede kreditomkostninger af tilbuddene på det beløb og den løbetid, du søgte om',
    'lowest-effective-rate': 'laveste ÅOP, fordi intet tilbud gælder det beløb og den løbetid, du søgte om',
    'only-offer': 'det eneste tilbud, på det beløb og den løbetid, du søgte om',
    'only-offer-other-terms': 'det eneste tilbud, men med andre vilkår, end du søgte om',
  },
};

/**
 * The recommendation as one sentence in the brand's language naming the lender and the reason, e.g.
 * "Vi anbefaler Fjordbanken: lavest totalkostnad av tilbudene på beløpet og nedbetalingstiden du søkte om."
 */
export function recommendationText(
  locale: Locale,
  recommendation: { lender: string; reasons: readonly RecommendationReason[] },
): string {
  const asRequested = recommendation.reasons.includes('requested-amount-and-term');
  const only = recommendation.reasons.includes('only-offer');
  const reason: Case = only
    ? asRequested
      ? 'only-offer'
      : 'only-offer-other-terms'
    : asRequested
      ? 'lowest-total-cost'
      : 'lowest-effective-rate';
  return `${leads[locale](recommendation.lender)}: ${reasonTexts[locale][reason]}.`;
}
