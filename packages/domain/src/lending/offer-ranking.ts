import {
  defaultRankingKey,
  explainRanking,
  type RankableOffer,
  type RankingExplanation,
  type RankingKey,
  rankOffers,
} from './transparency.ts';

// How the applicant's offers are ranked and which one is recommended (issue 38, docs/decisions/0061). Offers
// are alike only when they are for the amount and term the applicant asked for: the total cost of an 8-year
// loan is not comparable with that of a 6-year one (more years, more interest), so offers on other terms are
// never ranked against the others on total cost. The recommendation is the first offer of the default
// ranking, so the page never recommends one offer while listing another first. Shared by the API (the §7
// product recommendation) and the personal page.

/** An offer as the ranking sees it: its figures and its terms. */
export interface ComparableOffer extends RankableOffer {
  Amount: number;
  DurationMonths: number;
}

/** What the applicant asked for; null where the application names nothing (a credit card has no term). */
export interface RequestedTerms {
  amount: number | null;
  durationMonths: number | null;
}

/** How an offer's terms differ from what was asked: the offer's own figure where it differs, else null. */
export interface TermsDifference {
  amount: number | null;
  durationMonths: number | null;
}

/** null when the offer is for exactly what was asked. */
export function termsDifference(offer: ComparableOffer, requested: RequestedTerms): TermsDifference | null {
  const amount = requested.amount !== null && offer.Amount !== requested.amount ? offer.Amount : null;
  const durationMonths =
    requested.durationMonths !== null && offer.DurationMonths !== requested.durationMonths
      ? offer.DurationMonths
      : null;
  return amount === null && durationMonths === null ? null : { amount, durationMonths };
}

export function isAsRequested(offer: ComparableOffer, requested: RequestedTerms): boolean {
  return termsDifference(offer, requested) === null;
}

/**
 * The applicant's order, best first (a new array). By total cost — the default — the offers for what was
 * asked come first, cheapest first; the offers on other terms follow, ordered by effective rate, the one
 * figure the law makes comparable across amounts and terms (CCD art. 19). By effective rate or monthly
 * payment, which the applicant chooses knowingly, every offer is compared on that figure.
 */
export function rankForApplicant<T extends ComparableOffer>(
  offers: readonly T[],
  requested: RequestedTerms,
  key: RankingKey = defaultRankingKey,
): T[] {
  if (key !== 'totalCost') return rankOffers(offers, key);
  const alike = offers.filter((offer) => isAsRequested(offer, requested));
  const others = offers.filter((offer) => !isAsRequested(offer, requested));
  return [...rankOffers(alike, 'totalCost'), ...rankOffers(others, 'effectiveRate')];
}

/** Why the first offer stands before the second; `requestedTerms` when only the first is for what was asked. */
export interface ApplicantRankingExplanation extends Omit<RankingExplanation, 'decidedBy'> {
  decidedBy: RankingExplanation['decidedBy'] | 'requestedTerms';
}

export function explainApplicantRanking(
  ranked: readonly ComparableOffer[],
  requested: RequestedTerms,
  key: RankingKey = defaultRankingKey,
): ApplicantRankingExplanation | null {
  const [first, second] = ranked;
  if (!first || !second) return null;
  if (key === 'totalCost') {
    const firstAlike = isAsRequested(first, requested);
    if (firstAlike && !isAsRequested(second, requested)) {
      return {
        firstId: first.ID,
        secondId: second.ID,
        decidedBy: 'requestedTerms',
        difference: 0,
        tiedOn: [],
      };
    }
    // Neither is for what was asked: they were compared on effective rate, not on total cost.
    if (!firstAlike) return explainRanking([first, second], 'effectiveRate');
  }
  return explainRanking([first, second], key);
}

/**
 * Why the recommended offer is recommended: it is the only offer; it costs least in all of the offers for
 * what was asked; or — no offer being for what was asked — it has the lowest effective rate.
 */
export const offerRecommendationReasons = [
  'only-offer',
  'lowest-total-cost',
  'lowest-effective-rate',
] as const;
export type OfferRecommendationReason = (typeof offerRecommendationReasons)[number];

export interface OfferRecommendation<T extends ComparableOffer> {
  offer: T;
  reason: OfferRecommendationReason;
  /** How the recommended offer's terms differ from what was asked (null: exactly what was asked). */
  difference: TermsDifference | null;
}

/** The first offer of the default ranking, and why; undefined without offers. */
export function recommendOffer<T extends ComparableOffer>(
  offers: readonly T[],
  requested: RequestedTerms,
): OfferRecommendation<T> | undefined {
  const [offer] = rankForApplicant(offers, requested, defaultRankingKey);
  if (!offer) return undefined;
  const difference = termsDifference(offer, requested);
  const reason: OfferRecommendationReason =
    offers.length === 1 ? 'only-offer' : difference === null ? 'lowest-total-cost' : 'lowest-effective-rate';
  return { offer, reason, difference };
}
