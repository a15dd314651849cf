import {
  explainRanking,
  type RankableOffer,
  type RankingExplanation,
  type RankingKey,
  rankingKeys,
  rankOffers,
} from '@nordloan/domain/lending/transparency';

// Sorting of the offers the applicant compares (issue 6; issue 13 explains it). The rule is the domain's
// (docs/decisions/0031): total cost by default, then effective rate, then monthly payment, then the
// lender's name, so the order never flickers between refreshes; the applicant may rank by another figure
// and the page says which figure put the first offer first.

export const offerSortKeys = rankingKeys;
export type OfferSortKey = RankingKey;
export type SortableOffer = RankableOffer;
export type { RankingExplanation };

export function isOfferSortKey(value: string): value is OfferSortKey {
  return (offerSortKeys as readonly string[]).includes(value);
}

/** A new array, cheapest first by the key; never mutates the input. */
export function sortOffers<T extends SortableOffer>(offers: readonly T[], key: OfferSortKey): T[] {
  return rankOffers(offers, key);
}

/** Why the first of the sorted offers is first (null with fewer than two offers). */
export function explainFirstOffer(
  sorted: readonly SortableOffer[],
  key: OfferSortKey,
): RankingExplanation | null {
  return explainRanking(sorted, key);
}
