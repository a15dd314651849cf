import type { LoanQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Disclosure } from '#src/features/my-page/components/disclosure.tsx';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';

/**
 * Offers that are no longer open (replaced by a re-quote, expired, not chosen), newest first; `collapsed`
 * behind a named section of the personal page (issue 38).
 */
export function QuoteHistory({
  quotes,
  collapsed = false,
}: {
  quotes: readonly LoanQuote[];
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const titleId = useId();
  const past = quotes
    .filter((quote) => quote.Status !== 'approved' && quote.Status !== 'accepted')
    .sort((a, b) => b.UpdatedAt.localeCompare(a.UpdatedAt));
  if (past.length === 0) return null;
  const list = (
    <ul>
      {past.map((quote) => (
        <li key={quote.ID} data-testid="past-quote">
          {t('offers.history.item', {
            lender: quote.Lender.Name,
            amount: format.money(quote.Amount, quote.Currency),
            duration: format.duration(quote.DurationMonths),
            monthly: format.money(quote.MonthlyPayment, quote.Currency),
            total: format.money(quote.TotalCost, quote.Currency),
            status: t(`offers.history.status.${quote.Status}`),
            date: format.day(quote.UpdatedAt),
          })}
        </li>
      ))}
    </ul>
  );
  if (collapsed) {
    return (
      <Disclosure title={t('offers.history.title')} testId="quote-history">
        {list}
      </Disclosure>
    );
  }
  return (
    <section aria-labelledby={titleId} className="quote-history" data-testid="quote-history">
      <h3 id={titleId}>{t('offers.history.title')}</h3>
      {list}
    </section>
  );
}
