import { type BrandConfig, brands } from '@nordloan/domain/brands/registry';
import type { PresentedQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { messages as daDK } from '#src/features/my-page/messages/da-DK.ts';
import { messages as fiFI } from '#src/features/my-page/messages/fi-FI.ts';
import { messages as nbNO } from '#src/features/my-page/messages/nb-NO.ts';
import { messages as svSE } from '#src/features/my-page/messages/sv-SE.ts';
import { recommendedOffer } from '#src/features/my-page/model/offer-sorting.ts';
import { createI18n } from '#src/i18n/i18n.ts';
import { OffersPanel } from './offers-panel.tsx';

// CCD2 on the offers (issue 34, ADR 0064). Art. 13: the applicant is told that the offers are personalised
// by automated processing of their data. Art. 16: we give no advice, so the offers carry no "we recommend"
// (anbefal-, rekommend-, suosit-) — the first offer is named as a fact: first by cost, and why.

afterEach(cleanup);

const advice = /anbefal|rekommend|suosit|recommend/i;

function offer(
  id: string,
  lender: string,
  totalCost: number,
  durationMonths = 60,
  monthly = 3380,
): PresentedQuote {
  return {
    ID: id,
    LoanApplicationID: 'app-1',
    LoanRequestID: `lr-${id}`,
    Lender: { ID: lender.toLowerCase(), Name: lender },
    Currency: 'NOK',
    Amount: 150_000,
    DurationMonths: durationMonths,
    NominalRate: 11.9,
    EffectiveRate: 13.3,
    MonthlyPayment: monthly,
    TotalCost: totalCost,
    TotalPayable: 150_000 + totalCost,
    StartupFee: 950,
    MonthlyFee: 30,
    FeeHandling: 'financed',
    OfferType: 'Annuity',
    LoanKind: 'Consumer',
    Decision: 'approved',
    Status: 'approved',
    AcceptanceStatus: null,
    ExpiresAt: '2026-12-22T10:00:00Z',
    DocumentRequests: [],
    ReplacesQuoteID: null,
    CreatedAt: '2026-11-22T10:00:00Z',
    UpdatedAt: '2026-11-22T10:00:00Z',
    RepresentativeExample: {
      EffectiveRate: 13.3,
      TotalCost: totalCost,
      TotalPayable: 150_000 + totalCost,
      MonthlyPayment: 3380,
      Text: 'Eff. rente 13,3 %',
    },
  };
}

const requested = { amount: 150_000, durationMonths: 60 };
// The cheaper one asked for 8 years: cheapest by monthly payment, not first by cost for the term asked.
const quotes = [
  offer('q-1', 'Fjordbanken', 50_000),
  offer('q-2', 'Kyst', 60_000),
  offer('q-3', 'Vidde', 40_000, 96, 2500),
];
const recommendation = recommendedOffer(quotes, requested)!;

function renderPanel(brand: BrandConfig) {
  const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
  return render(
    <I18nextProvider i18n={i18n}>
      <BrandProvider brand={brand}>
        <OffersPanel
          quotes={quotes}
          requested={requested}
          recommendation={recommendation}
          mayDecide
          commissions={new Map()}
          onAction={() => {}}
        />
      </BrandProvider>
    </I18nextProvider>,
  );
}

const cases = [
  {
    id: 'no-main',
    first:
      'Fjordbanken står først: lavest totale kostnader av tilbudene på beløpet og nedbetalingstiden du søkte om.',
    notice: /^Tilbudene er tilpasset deg ved automatisert behandling av personopplysningene dine/,
  },
  {
    id: 'se-main',
    first:
      'Fjordbanken står först: lägst total kreditkostnad av erbjudandena på beloppet och löptiden du ansökte om.',
    notice: /^Erbjudandena är anpassade till dig genom automatiserad behandling av dina personuppgifter/,
  },
  {
    id: 'fi-main',
    first: 'Fjordbanken on ensimmäisenä: pienimmät kokonaiskulut hakemasi summan ja laina-ajan tarjouksista.',
    notice: /^Tarjoukset on mukautettu sinulle henkilötietojesi automaattisen käsittelyn perusteella/,
  },
  {
    id: 'dk-main',
    first:
      'Fjordbanken står først: laveste samlede omkostninger af tilbuddene på det beløb og den løbetid, du søgte om.',
    notice: /^Tilbuddene er tilpasset dig ved automatisk behandling af dine personoplysninger/,
  },
] as const;

describe('the offers, CCD2 arts. 13 and 16', () => {
  it.each(cases)(
    '$id: says the offers come from automated processing; names the first as a fact, no advice',
    ({ id, first, notice }) => {
      const { container } = renderPanel(brands[id]);
      expect(screen.getByTestId('automated-offers-notice').textContent).toMatch(notice);
      expect(screen.getByTestId('recommendation').textContent).toBe(first);
      expect(container.textContent).not.toMatch(advice);
      // Sorted by another figure another offer leads; the sentence still states facts only.
      fireEvent.change(screen.getByTestId('offer-sort'), { target: { value: 'monthlyPayment' } });
      const sentence = screen.getByTestId('recommendation').textContent ?? '';
      expect(screen.getAllByTestId('offer')[0]?.textContent).toContain('Vidde');
      expect(sentence).toContain('Vidde');
      expect(sentence).toContain('Fjordbanken');
      expect(container.textContent).not.toMatch(advice);
    },
  );

  it.each([
    ['nb-NO', nbNO],
    ['sv-SE', svSE],
    ['fi-FI', fiFI],
    ['da-DK', daDK],
  ] as const)('%s: no advice words in the recommendation texts or the badge', (_, catalogue) => {
    expect(JSON.stringify(catalogue.recommendation)).not.toMatch(advice);
    expect(catalogue.offer.recommended).not.toMatch(advice);
  });
});
