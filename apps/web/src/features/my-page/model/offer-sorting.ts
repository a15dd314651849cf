import {
  type ApplicantRankingExplanation,
  type ComparableOffer,
  explainApplicantRanking,
  type OfferRecommendation,
  type RequestedTerms,
  rankForApplicant,
  recommendOffer,
  type TermsDifference,
  termsDifference,
} from '@nordloan/domain/lending/offer-ranking';
import { type RankingKey, rankingKeys } from '@nordloan/domain/lending/transparency';

// Sorting of the offers the applicant compares (issue 6; issue 13 explains it; issue 38 compares unlike
// terms fairly). The rule is the domain's (docs/decisions/0061): by total cost — the default — the offers
// for the amount and term asked first, cheapest first, then the offers on other terms by effective rate,
// never against the others on total cost; by effective rate or monthly payment every offer on that figure.
// Ties fall to the other figures, then the lender's name, so the order never flickers between refreshes.
// The recommendation is the first of the default order.

export const offerSortKeys = rankingKeys;
export type OfferSortKey = RankingKey;
export type {
  ApplicantRankingExplanation,
  ComparableOffer,
  OfferRecommendation,
  RequestedTerms,
  TermsDifference,
};

export function isOfferSortKey(value: string): value is OfferSortKey {
  return (offerSortKeys as readonly string[]).includes(value);
}

/** What the application asked for, from its Amount and Duration (years); null where it names none. */
export function requestedTermsOf(application: { Amount?: unknown; Duration?: unknown }): RequestedTerms {
  return {
    amount: typeof application.Amount === 'number' ? application.Amount : null,
    durationMonths: typeof application.Duration === 'number' ? application.Duration * 12 : null,
  };
}

/** A new array, best first by the key; never mutates the input. */
export function sortOffers<T extends ComparableOffer>(
  offers: readonly T[],
  requested: RequestedTerms,
  key: OfferSortKey,
): T[] {
  return rankForApplicant(offers, requested, key);
}

/** Why the first of the sorted offers is first (null with fewer than two offers). */
export function explainFirstOffer(
  sorted: readonly ComparableOffer[],
  requested: RequestedTerms,
  key: OfferSortKey,
): ApplicantRankingExplanation | null {
  return explainApplicantRanking(sorted, requested, key);
}

/** The recommended offer: the first of the default order, and why. */
export function recommendedOffer<T extends ComparableOffer>(
  offers: readonly T[],
  requested: RequestedTerms,
): OfferRecommendation<T> | undefined {
  return recommendOffer(offers, requested);
}

/** How the offer's terms differ from what was asked (null: exactly what was asked). */
export function offerTermsDifference(
  offer: ComparableOffer,
  requested: RequestedTerms,
): TermsDifference | null {
  return termsDifference(offer, requested);
}
