import { type BrandConfig, brandIds, brands } from '@nordloan/domain/brands/registry';
import type { InsuranceOffer } from '@nordloan/domain/insurance';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { EligibilityStep } from '#src/features/insurance/components/eligibility-step.tsx';
import { OfferStep } from '#src/features/insurance/components/offer-step.tsx';
import { createI18n } from '#src/i18n/i18n.ts';
import { applicationSessionStore } from '#src/session/active-application.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { customerRecord, loanApplicationRecord, personRecord } from '#src/test/records.ts';
import { renderBrand } from '#src/test/render-brand.tsx';
import { customerToken } from '#src/test/tokens.ts';

// CCD2 arts. 15 and 17 (issue 34 item 7, ADR 0064; DK: consent "aktivt, frivilligt, specifikt"): no box that
// gives consent, agrees to terms or buys insurance is ticked before the applicant ticks it — in no brand's
// configuration, on no rendered step — and nothing is given before: the terms and the credit check are
// unticked on the consent step even for an applicant who accepted the same terms and gave the credit check
// on this application before (the decision of ADR 0064).

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  configureServiceUrls({ api: 'https://api.test', integration: 'https://api.test' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer([])),
  );
  sessionStorage.clear();
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
  authStore.setState({ ...initialAuthData });
});

/** Every checkbox and radio button on the page that is checked. */
const ticked = () =>
  [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')]
    .filter((input) => input.checked)
    .map((input) => input.name || input.getAttribute('data-testid') || input.value);

/** Every boolean of a brand's configuration, by its dotted path. */
function booleans(value: unknown, path = ''): [string, boolean][] {
  if (typeof value === 'boolean') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => booleans(child, path ? `${path}.${key}` : key));
}

describe('no pre-ticked box, no inferred consent', () => {
  it.each(brandIds)('%s: its configuration switches no consent or insurance on for the applicant', (id) => {
    const suspicious = booleans(brands[id])
      .filter(([path, on]) => on && /consent|tick|checked|preselect|default|optin|opt-in|agree/i.test(path))
      .map(([path]) => path);
    expect(suspicious).toEqual([]);
  });

  describe('the consent step, for an applicant who gave everything before', () => {
    const terms = {
      tc_type: 'user-terms',
      version: 3,
      _publish_on: '2026-06-01T00:00:00.000Z',
      version_label: 'v3',
      title: 'Vilkår',
      body: 'Vilkårene.',
    };
    function stubJourney(brand: BrandConfig) {
      const stored = loanApplicationRecord({
        Brand: brand.brand,
        Country: brand.country,
        CurrentStep: 'co-applicant',
        CompletedSteps: ['loan', 'identify', 'address', 'household', 'employment', 'economy', 'co-applicant'],
        Data: { CreditCheckConsent: { Given: true, At: '2026-11-01T10:00:00.000Z' } },
      });
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          const call = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
          if (call === 'GET /loan-application/app-1') return answer(stored);
          if (call === 'GET /person/pers-1') return answer(personRecord());
          if (call === 'GET /customer/cust-1')
            return answer(customerRecord({ AcceptedTermsVersion: 'v3', AcceptedTermsBrand: brand.brand }));
          if (call === 'GET /api/cms/terms-and-conditions') return answer([terms]);
          if (call === 'GET /loan-application')
            return answer({ Items: [stored], Total: 1, PageNumber: 1, PageSize: 100 });
          return answer([]);
        }),
      );
      const result = authStore
        .getState()
        .setToken(customerToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), 'session');
      if (!result.ok) throw result.error;
      authStore.getState().setIdentity({ customerId: 'cust-1', personId: 'pers-1' });
      applicationSessionStore.getState().setActiveApplication('UnsecuredLoan', stored);
    }
    afterEach(() => applicationSessionStore.getState().clearActiveApplication('UnsecuredLoan'));

    it.each(brandIds)('%s: terms, credit check and marketing all unticked', async (id) => {
      const brand = brands[id];
      stubJourney(brand);
      renderBrand(brand, brand.paths.applyUnsecured);
      const step = await screen.findByTestId('step-consent');
      // The terms were there to accept (the same version the applicant accepted before).
      await screen.findByText('Vilkårene.');
      const boxes = step.querySelectorAll('input[type="checkbox"]');
      expect(boxes.length).toBe(5);
      expect(ticked()).toEqual([]);
    });
  });

  it.each(brandIds.filter((id) => brands[id].paths.oneFormApply))(
    '%s: the one-form page’s loan step with its pre-check asks, and ticks nothing',
    async (id) => {
      const brand = brands[id];
      renderBrand(brand, brand.paths.oneFormApply!);
      await screen.findByTestId('step-loan');
      // Only the product the page applies for is chosen (a radio of the product choice, not a consent).
      expect(ticked().filter((name) => name !== 'product')).toEqual([]);
    },
  );

  describe('insurance (sold on its own, never with the credit: art. 14)', () => {
    const insuranceBrands = brandIds.filter((id) => brands[id].paths.applyInsurance);
    const offerFor = (brand: BrandConfig): InsuranceOffer => ({
      Brand: brand.brand,
      Country: brand.country,
      Currency: brand.currency,
      Sold: true,
      Insurer: 'Fjordliv',
      EIdentityProvider: 'bankid-no',
      PaymentKinds: ['card'],
      Coverages: [2_500, 5_000].map((amount) => ({
        InsuredMonthlyAmount: amount,
        MonthlyPremium: amount * 0.07,
        PriceExample: { Months: 12, TotalCost: amount * 0.07 * 12 },
      })),
      BrandPriceExample: { MonthlyCost: 350, TotalCost: 5858 },
      Rules: {
        MinAge: 18,
        MaxEntryAge: 64,
        CoverEndsAtAge: 67,
        MinEmployedMonths: 6,
        MinHoursPerWeek: 16,
        WithdrawalDays: 30,
      },
      Eligible: true,
      Reasons: [],
    });
    function renderWithBrand(brand: BrandConfig, ui: React.ReactNode) {
      const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      return render(
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <BrandProvider brand={brand}>{ui}</BrandProvider>
          </I18nextProvider>
        </QueryClientProvider>,
      );
    }

    it('is sold on at least one brand', () => {
      expect(insuranceBrands.length).toBeGreaterThan(0);
    });

    it.each(insuranceBrands)('%s: no cover chosen, no opt-in, no declaration ticked', (id) => {
      const brand = brands[id];
      const offer = offerFor(brand);
      renderWithBrand(brand, <EligibilityStep offer={offer} initial={null} onNext={vi.fn()} />);
      expect(ticked()).toEqual([]);
      cleanup();
      renderWithBrand(
        brand,
        <OfferStep offer={offer} busy={false} onAccept={vi.fn()} onDecline={vi.fn()} onBack={vi.fn()} />,
      );
      expect((screen.getByTestId('insurance-opt-in') as HTMLInputElement).checked).toBe(false);
      expect(ticked()).toEqual([]);
    });
  });
});
