import { brands } from '@nordloan/domain/brands/registry';
import { calculateLoanCost } from '@nordloan/domain/finance/loan-math';
import type { LoanQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { formatMoney, formatRate } from '#src/features/my-page/model/offer-format.ts';
import { formatMoneyCents } from '#src/features/my-page/withdrawal/model/money-cents.ts';
import { createI18n } from '#src/i18n/i18n.ts';
import { ExplainOfferButton } from './explain-offer.tsx';

// CCD2 art. 12 (ADR 0066): the explanation is the offer's own figures in the brand's words.

afterEach(cleanup);

function quoteOf(
  currency: 'EUR' | 'SEK',
  terms: { amount: number; months: number; rate: number },
): LoanQuote {
  const fees = { startupFee: 150, monthlyFee: 5 };
  const cost = calculateLoanCost({
    amount: terms.amount,
    durationMonths: terms.months,
    nominalRate: terms.rate,
    ...fees,
    feeHandling: 'financed',
  });
  return {
    ID: 'q-1',
    LoanApplicationID: 'a-1',
    LoanRequestID: 'r-1',
    Lender: { ID: 'fi-saimaa-pankki', Name: 'Saimaa Pankki' },
    Currency: currency,
    Amount: terms.amount,
    DurationMonths: terms.months,
    NominalRate: terms.rate,
    EffectiveRate: cost.effectiveRate,
    MonthlyPayment: cost.monthlyPayment,
    TotalCost: cost.totalCost,
    TotalPayable: cost.totalPayable,
    StartupFee: fees.startupFee,
    MonthlyFee: fees.monthlyFee,
    FeeHandling: 'financed',
    OfferType: 'Annuity',
    LoanKind: 'Consumer',
    Decision: 'approved',
    Status: 'approved',
    AcceptanceStatus: null,
    ExpiresAt: '2026-12-29T10:00:00Z',
    DocumentRequests: [],
    ReplacesQuoteID: null,
    CreatedAt: '2026-11-29T10:00:00Z',
    UpdatedAt: '2026-11-29T10:00:00Z',
  } as LoanQuote;
}

function renderButton(brandId: 'fi-main' | 'se-main', quote: LoanQuote) {
  const brand = brands[brandId];
  const locale = brand.i18n.defaultLocale;
  const i18n = createI18n(locale, featureMessagesByLocale[locale]);
  render(
    <I18nextProvider i18n={i18n}>
      <BrandProvider brand={brand}>
        <ExplainOfferButton quote={quote} />
      </BrandProvider>
    </I18nextProvider>,
  );
  return locale;
}

describe('explain this offer', () => {
  it('Finnish: the rate, cost, late payment, withdrawal and early repayment from the offer’s figures', () => {
    const quote = quoteOf('EUR', { amount: 10_000, months: 60, rate: 9.9 });
    const locale = renderButton('fi-main', quote);
    fireEvent.click(screen.getByTestId('explain-offer'));
    const dialog = screen.getByTestId('explain-offer-dialog');
    expect(dialog.textContent).toMatch(/Saimaa Pankki/);
    const money = (value: number) => formatMoney(value, locale, 'EUR');
    const rate = screen.getByTestId('explain-rate').textContent!;
    expect(rate).toContain(formatRate(quote.EffectiveRate, locale));
    expect(rate).toContain(formatRate(9.9, locale));
    expect(rate).toContain(money(150 + 5 * 60));
    expect(rate).toMatch(/Avausmaksu lisätään lainaan/);
    const cost = screen.getByTestId('explain-cost').textContent!;
    expect(cost).toContain(money(quote.MonthlyPayment));
    expect(cost).toContain(money(quote.TotalPayable));
    expect(cost).toContain(money(quote.TotalCost));
    // The Finnish rule: viitekorko + 7 (korkolaki 4 §).
    expect(screen.getByTestId('explain-late').textContent).toMatch(
      /viitekorko.*7 prosenttiyksikköä.*korkolaki 4 §/,
    );
    expect(screen.getByTestId('explain-withdrawal').textContent).toMatch(/14 päivän/);
    expect(screen.getByTestId('explain-withdrawal').textContent).toContain(
      formatMoneyCents((10_000 * 0.099) / 365, locale, 'EUR'),
    );
    expect(screen.getByTestId('explain-early').textContent).toContain(money(100));
    expect(dialog.textContent).not.toMatch(/\b(the|and|interest)\b/);
  });

  it('Swedish: late interest as a figure (referensräntan + 8, räntelagen 6 §)', () => {
    const quote = quoteOf('SEK', { amount: 50_000, months: 36, rate: 7 });
    renderButton('se-main', quote);
    fireEvent.click(screen.getByTestId('explain-offer'));
    expect(screen.getByTestId('explain-late').textContent).toMatch(
      /dröjsmålsränta.*referensräntan.*8 procentenheter, räntelagen 6 §/,
    );
  });
});
