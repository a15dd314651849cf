import type { PresentedQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { type OfferCommission, rankingOrder } from '@nordloan/domain/lending/transparency';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { Disclosure } from '#src/features/my-page/components/disclosure.tsx';
import { OfferCard, OfferRow } from '#src/features/my-page/components/offer-card.tsx';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import {
  explainFirstOffer,
  isOfferSortKey,
  type OfferRecommendation,
  type OfferSortKey,
  offerSortKeys,
  offerTermsDifference,
  type RequestedTerms,
  sortOffers,
} from '#src/features/my-page/model/offer-sorting.ts';
import { AutomatedOffersNotice } from '#src/shared/compliance/automated-offers-notice.tsx';

// The offers of one application, first (issue 38): the first of the ranking as a card with its accept
// button, the others as a compact list a thumb can compare, and why this order behind its heading. Offers
// on terms other than those asked are labelled so and never ranked against the others on total cost
// (docs/decisions/0061). The recommendation is the first of the default order; when the applicant sorts by
// another figure and another offer comes first, the sentence says so and why the recommendation stands.

export type OfferAction =
  | { kind: 'accept'; quote: PresentedQuote }
  | { kind: 'change'; quote: PresentedQuote };

/** "8 years — you asked for 6", "NOK 100,000 — you asked for 150,000", or null for what was asked. */
function useTermsNote(requested: RequestedTerms) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  return (quote: PresentedQuote): string | null => {
    const difference = offerTermsDifference(quote, requested);
    if (!difference) return null;
    const notes: string[] = [];
    if (difference.durationMonths !== null && requested.durationMonths !== null) {
      notes.push(
        t('offers.offer.otherTerm', {
          term: format.duration(difference.durationMonths),
          requested: format.duration(requested.durationMonths),
        }),
      );
    }
    if (difference.amount !== null && requested.amount !== null) {
      notes.push(
        t('offers.offer.otherAmount', {
          amount: format.money(difference.amount, quote.Currency),
          requested: format.money(requested.amount, quote.Currency),
        }),
      );
    }
    return notes.join(' · ');
  };
}

// CCD2 art. 16 (issue 34, ADR 0064): we give no advice, so the sentence states a fact — which offer comes
// first by cost, and why — and never "we recommend".
function RecommendationSentence({
  recommendation,
  first,
  sortKey,
}: {
  recommendation: OfferRecommendation<PresentedQuote>;
  first: PresentedQuote;
  sortKey: OfferSortKey;
}) {
  const { t } = useTranslation();
  const lender = recommendation.offer.Lender.Name;
  const reason = t(`offers.recommendation.reason.${recommendation.reason}`);
  const isFirst = recommendation.offer.ID === first.ID;
  return (
    <p
      className={isFirst ? 'offer__why' : 'recommendation'}
      data-testid="recommendation"
      data-recommended-quote-id={recommendation.offer.ID}
      aria-live="polite"
    >
      {isFirst
        ? t('offers.recommendation.first', { lender, reason })
        : t('offers.recommendation.notFirst', {
            lender,
            reason,
            first: first.Lender.Name,
            order: t(`offers.sort.${sortKey}`).toLocaleLowerCase(),
          })}
    </p>
  );
}

/** Why the first offer is first under the chosen order, and the order itself (issue 13, ADR 0031/0061). */
function RankingExplanation({
  ranked,
  requested,
  sortKey,
}: {
  ranked: readonly PresentedQuote[];
  requested: RequestedTerms;
  sortKey: OfferSortKey;
}) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const { format: brandFormat } = useBrand();
  const why = explainFirstOffer(ranked, requested, sortKey);
  if (!why) return null;
  const first = ranked[0]!;
  const second = ranked[1]!;
  const difference =
    why.decidedBy === 'effectiveRate'
      ? brandFormat.number(Math.round(why.difference * 100) / 100)
      : format.money(why.difference, first.Currency);
  const label = (key: OfferSortKey) => t(`offers.sort.${key}`);
  const someOtherTerms = ranked.some((quote) => offerTermsDifference(quote, requested) !== null);
  return (
    <div className="ranking-explanation" data-testid="ranking-explanation">
      <p data-testid="ranking-first">
        {t(`offers.ranking.first_${why.decidedBy}`, {
          first: first.Lender.Name,
          second: second.Lender.Name,
          difference,
        })}
        {why.tiedOn.length > 0 &&
          ` ${t('offers.ranking.tied', { figures: why.tiedOn.map(label).join(', ') })}`}
      </p>
      {sortKey === 'totalCost' && someOtherTerms && <p>{t('offers.ranking.ruleOtherTerms')}</p>}
      <p className="muted">
        {t('offers.ranking.rule', { order: rankingOrder(sortKey).map(label).join(', ') })}
      </p>
    </div>
  );
}

export function OffersPanel({
  quotes,
  requested,
  recommendation,
  mayDecide,
  commissions,
  onAction,
}: {
  /** Open and accepted offers. */
  quotes: readonly PresentedQuote[];
  requested: RequestedTerms;
  /** The first of the default order, once every bank has answered; null before and after acceptance. */
  recommendation: OfferRecommendation<PresentedQuote> | null;
  /** The applicant may accept or change an offer now (before acceptance, in phase 4). */
  mayDecide: boolean;
  commissions: ReadonlyMap<string, OfferCommission>;
  onAction: (action: OfferAction) => void;
}) {
  const { t } = useTranslation();
  const [sortKey, setSortKey] = useState<OfferSortKey>('totalCost');
  const sortId = useId();
  const othersId = useId();
  const termsNote = useTermsNote(requested);
  if (!quotes.length) return null;

  const ranked = sortOffers(quotes, requested, sortKey);
  // After acceptance the accepted offer leads; the others are only there to look back on.
  const accepted = ranked.find((quote) => quote.Status === 'accepted');
  const [first, ...others] = accepted ? [accepted, ...ranked.filter((quote) => quote !== accepted)] : ranked;
  const actionsOf = (quote: PresentedQuote) =>
    mayDecide && quote.Status === 'approved'
      ? {
          onAccept: () => onAction({ kind: 'accept', quote }),
          onChange: () => onAction({ kind: 'change', quote }),
        }
      : {};
  const recommendedId = recommendation?.offer.ID ?? null;
  const sentence =
    recommendation && first ? (
      <RecommendationSentence recommendation={recommendation} first={first} sortKey={sortKey} />
    ) : null;
  const firstIsRecommended = !!first && first.ID === recommendedId;

  return (
    <div className="offers__panel">
      {!firstIsRecommended && sentence}
      <ul className="offers__list offers__list--best">
        {first && (
          <OfferCard
            quote={first}
            isRecommended={firstIsRecommended}
            commission={commissions.get(first.ID)}
            termsNote={termsNote(first)}
            recommendation={firstIsRecommended ? sentence : null}
            actions={actionsOf(first)}
          />
        )}
      </ul>
      {others.length > 0 && (
        <section className="offers__others" aria-labelledby={othersId}>
          <div className="offers__toolbar">
            <h3 id={othersId} className="offers__others-title">
              {t('offers.list.others', { count: others.length })}
            </h3>
            <label htmlFor={sortId} className="offers__sort-label">
              {t('offers.sort.label')}
            </label>
            <select
              id={sortId}
              className="text-input offers__sort"
              value={sortKey}
              data-testid="offer-sort"
              onChange={(event) => isOfferSortKey(event.target.value) && setSortKey(event.target.value)}
            >
              {offerSortKeys.map((key) => (
                <option key={key} value={key}>
                  {t(`offers.sort.${key}`)}
                </option>
              ))}
            </select>
          </div>
          <ul className="offers__list offers__list--rows">
            {others.map((quote) => (
              <OfferRow
                key={quote.ID}
                quote={quote}
                isRecommended={quote.ID === recommendedId}
                commission={commissions.get(quote.ID)}
                termsNote={termsNote(quote)}
                actions={actionsOf(quote)}
              />
            ))}
          </ul>
          {sortKey === 'totalCost' && others.some((quote) => termsNote(quote) !== null) && (
            <p className="muted offers__note">{t('offers.list.otherTermsNote')}</p>
          )}
        </section>
      )}
      <AutomatedOffersNotice />
      {ranked.length > 1 && !accepted && (
        <Disclosure title={t('offers.ranking.title')} testId="section-ranking">
          <RankingExplanation ranked={ranked} requested={requested} sortKey={sortKey} />
        </Disclosure>
      )}
    </div>
  );
}
