// Sorting of the offers the applicant compares (issue 6: by total cost, monthly payment or rate). The
// API sends them by effective rate; the applicant may choose another order. Ties fall back to the other
// figures, then the lender's name, so the order never flickers between polls.

export const offerSortKeys = ['totalCost', 'monthlyPayment', 'effectiveRate'] as const;
export type OfferSortKey = (typeof offerSortKeys)[number];

export interface SortableOffer {
  ID: string;
  Lender: { Name: string };
  TotalCost: number;
  MonthlyPayment: number;
  EffectiveRate: number;
}

const figure: Record<OfferSortKey, (offer: SortableOffer) => number> = {
  totalCost: (offer) => offer.TotalCost,
  monthlyPayment: (offer) => offer.MonthlyPayment,
  effectiveRate: (offer) => offer.EffectiveRate,
};

export function isOfferSortKey(value: string): value is OfferSortKey {
  return (offerSortKeys as readonly string[]).includes(value);
}

/** A new array, cheapest first by the key; never mutates the input. */
export function sortOffers<T extends SortableOffer>(offers: readonly T[], key: OfferSortKey): T[] {
  const order = [key, ...offerSortKeys.filter((other) => other !== key)];
  return [...offers].sort((a, b) => {
    for (const k of order) {
      const difference = figure[k](a) - figure[k](b);
      if (difference !== 0) return difference;
    }
    return a.Lender.Name.localeCompare(b.Lender.Name) || a.ID.localeCompare(b.ID);
  });
}
