import { brands } from '@nordloan/domain/brands/registry';
import type { PreCheckResult } from '@nordloan/domain/pre-check';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { createI18n } from '#src/i18n/i18n.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { emptyPreCheckAnswers, LendingRulesFigures, PreCheckPanel } from './pre-check-panel.tsx';

// The Norwegian lending rules' figures on the pre-check (ADR 0036): the debt ceiling, the stressed
// monthly cost, what is left, in Norwegian, with the reason when the loan breaks a rule.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
});

const brand = brands['no-main'];
function renderNorwegian(ui: ReactNode) {
  const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>{ui}</BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const breaking: NonNullable<PreCheckResult['LendingRules']> = {
  DebtCeiling: 3_250_000,
  TotalDebtAfterLoan: 200_000,
  DebtWithinCeiling: true,
  StressedRate: 24.9,
  StressedMonthlyCost: 6_027,
  LivingCostMonthly: 20_000,
  MonthlySurplusAfterStress: -4_027,
  Affordable: false,
  MaxAmountWithinRules: 0,
  Breaches: ['AFFORDABILITY'],
};
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

describe('lending rules figures', () => {
  it('shows the ceiling, the stressed cost and which rule the loan breaks, in Norwegian', () => {
    renderNorwegian(<LendingRulesFigures rules={breaking} />);
    expect(screen.getByText(/Utlånsforskriften/)).toBeTruthy();
    expect(digits(screen.getByTestId('lending-rules-ceiling').textContent)).toBe('3250000');
    expect(digits(screen.getByTestId('lending-rules-stressed').textContent)).toBe('6027');
    expect(screen.getAllByText('Innenfor')).toHaveLength(1);
    expect(screen.getAllByText('Over grensen')).toHaveLength(1);
    expect(screen.getByText(/§§ 14–15/)).toBeTruthy();
  });

  it('the pre-check shows the API’s figures and the reason after a check', async () => {
    const result: PreCheckResult = {
      Outcome: 'unlikely',
      Reasons: ['AFFORDABILITY'],
      LendersAsked: 4,
      IndicativeOffers: [],
      LendingRules: breaking,
    };
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(result), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    configureServiceUrls({
      api: 'https://api.test',
      integration: 'https://int.test',
      person: 'https://person.test',
    });
    renderNorwegian(
      <PreCheckPanel
        answers={{
          ...emptyPreCheckAnswers,
          age: '40',
          employmentType: 'Permanent',
          grossYearlyIncome: '650000',
          netMonthlyIncome: '22000',
        }}
        onChange={() => {}}
        loan={{ product: 'UnsecuredLoan', amount: 150_000, duration: 5 }}
        showOffers={false}
      />,
    );
    fireEvent.click(screen.getByTestId('pre-check-run'));
    await waitFor(() => expect(screen.getByTestId('lending-rules')).toBeTruthy());
    expect(screen.getByText('Betalingene ville bli for høye for inntekten.')).toBeTruthy();
    expect(screen.getByTestId('pre-check-result').getAttribute('data-outcome')).toBe('unlikely');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
