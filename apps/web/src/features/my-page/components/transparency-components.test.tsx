import { brands } from '@nordloan/domain/brands/registry';
import type { PresentedQuote } from '@nordloan/domain/lending/loan-quote.schema';
import type { CreditInquiry, LenderPath } from '@nordloan/domain/lending/transparency';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { OfferCard } from '#src/features/my-page/components/offer-card.tsx';
import { QuoteHistory } from '#src/features/my-page/components/quote-history.tsx';
import { TransparencyPanel } from '#src/features/my-page/components/transparency-panel.tsx';
import { createI18n } from '#src/i18n/i18n.ts';

// Issue 13 on the personal page: the commission on the offer, each lender's path with its decline
// category, the credit inquiries with their consent, and the earlier offers, in the brand's language.

function wrap(children: ReactNode, brandId: 'no-main' | 'se-main' = 'no-main') {
  const brand = brands[brandId];
  const locale = brand.i18n.defaultLocale as 'nb-NO' | 'sv-SE';
  const i18n = createI18n(locale, featureMessagesByLocale[locale]);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>{children}</BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

const quote: PresentedQuote = {
  ID: 'q-1',
  LoanApplicationID: 'app-1',
  LoanRequestID: 'lr-1',
  Lender: { ID: 'no-kyst-sparebank', Name: 'Kyst Sparebank' },
  Currency: 'NOK',
  Amount: 150_000,
  DurationMonths: 60,
  NominalRate: 11.9,
  EffectiveRate: 13.3,
  MonthlyPayment: 3380,
  TotalCost: 52_810,
  TotalPayable: 202_810,
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
    TotalCost: 52_810,
    TotalPayable: 202_810,
    MonthlyPayment: 3380,
    Text: 'Eksempel',
  },
};

const paths: LenderPath[] = [
  {
    LenderID: 'no-fjordbanken',
    LenderName: 'Fjordbanken ASA',
    CurrentStep: 'declined',
    DeclineCategory: 'income-and-affordability',
    Entries: [
      { Step: 'sent', Status: 211, At: '2026-11-22T10:00:00Z', DeclineCategory: null },
      { Step: 'registered', Status: 251, At: '2026-11-22T10:00:01Z', DeclineCategory: null },
      {
        Step: 'declined',
        Status: 369,
        At: '2026-11-22T10:00:05Z',
        DeclineCategory: 'income-and-affordability',
      },
    ],
  },
];
const inquiries: CreditInquiry[] = [
  {
    LenderID: 'no-fjordbanken',
    LenderName: 'Fjordbanken ASA',
    CheckedAt: '2026-11-22T10:00:01Z',
    Consent: 'credit-check',
    ConsentGivenAt: '2026-11-22T09:58:00Z',
    TermsVersion: 'user-terms_1_20260101_no-main',
  },
];

afterEach(cleanup);

describe('transparency on the personal page', () => {
  it('discloses the commission on the offer itself', () => {
    render(
      wrap(
        <OfferCard
          quote={quote}
          isRecommended={false}
          actions={{}}
          commission={{
            LoanQuoteID: 'q-1',
            LenderID: 'no-kyst-sparebank',
            LenderName: 'Kyst Sparebank',
            CommissionPercent: 2,
            CommissionAmount: 3000,
            Currency: 'NOK',
          }}
        />,
      ),
    );
    const text = screen.getByTestId('offer-commission').textContent ?? '';
    expect(text).toContain('Dette får vi fra banken');
    expect(text).toMatch(/3\s000\s*kr/);
    expect(text).toMatch(/2,0\s%/);
  });

  it('shows each lender’s steps with the decline category, and the credit inquiries with their consent', () => {
    render(wrap(<TransparencyPanel paths={paths} inquiries={inquiries} />));
    const path = screen.getByTestId('lender-path');
    expect(path.textContent).toMatch(/Sendt.*Mottatt.*Avslag/);
    expect(screen.getByTestId('decline-reason').textContent).toBe('Grunn: inntekt og betjeningsevne');
    const inquiry = screen.getByTestId('credit-inquiry').textContent ?? '';
    expect(inquiry).toContain('Fjordbanken ASA');
    expect(inquiry).toContain('samtykket til kredittsjekk');
    // The terms by their kind and date, not their version label (issue 38).
    expect(inquiry).toContain('Brukervilkår av 1. januar 2026.');
    expect(inquiry).not.toContain('user-terms_');
  });

  it('says so when no lender has checked the credit yet, in Swedish on a Swedish brand', () => {
    render(wrap(<TransparencyPanel paths={[]} inquiries={[]} />, 'se-main'));
    expect(screen.getByTestId('credit-inquiries').textContent).toContain(
      'Ingen bank har tagit en kreditupplysning',
    );
  });

  it('lists earlier offers and leaves out the open ones', () => {
    render(
      wrap(
        <QuoteHistory
          quotes={[
            quote,
            { ...quote, ID: 'q-0', Status: 'superseded', Amount: 200_000, UpdatedAt: '2026-11-22T11:00:00Z' },
          ]}
        />,
      ),
    );
    const items = screen.getAllByTestId('past-quote');
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toMatch(/Kyst Sparebank: 200\s000\s*kr .* erstattet/);
  });
});
