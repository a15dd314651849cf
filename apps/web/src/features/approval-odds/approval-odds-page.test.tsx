import { brands } from '@nordloan/domain/brands/registry';
import { approvalOddsPathOf } from '@nordloan/domain/lending/approval-odds-path';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { nordicText, renderBrand } from '#src/test/render-brand.tsx';

// The approval-odds page (ADR 0074): every brand's language, each lender's word, rate range and reasons,
// "no estimate", the no-inquiry notice and the credit warning; one press hands the figures to the apply
// journey's draft.

const odds = {
  SoftCheckOnly: true,
  Lenders: [
    { LenderName: 'Bank A', Likelihood: 'likely', RateFrom: 6.5, RateTo: 7.25, Reasons: [] },
    {
      LenderName: 'Bank B',
      Likelihood: 'unlikely',
      RateFrom: null,
      RateTo: null,
      Reasons: ['LEFT_TO_LIVE_ON'],
    },
    { LenderName: 'Bank C', Likelihood: 'no-estimate', RateFrom: null, RateTo: null, Reasons: [] },
  ],
};
let calls: Array<{ url: string; body: unknown }> = [];

beforeEach(() => {
  configureServiceUrls({ api: 'https://api.test' });
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url: String(url), body: init.body ? JSON.parse(String(init.body)) : undefined });
      const body = String(url).endsWith('/approval-odds') ? odds : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
});

const figures = {
  Amount: '150000',
  Duration: '5',
  GrossYearlyIncome: '600000',
  NetMonthlyIncome: '36000',
  HousingCostMonthly: '9000',
  DebtBalance: '0',
  DebtMonthlyPayments: '0',
};

describe('ApprovalOddsPage', () => {
  it.each([
    ['se-main', 'Troligt', 'Ingen bedömning', 'Ränta troligen 6,50–7,25 %'],
    ['no-main', 'Sannsynlig', 'Ingen vurdering', 'Rente trolig 6,50–7,25 %'],
    ['fi-main', 'Todennäköinen', 'Ei arviota', 'Korko todennäköisesti 6,50–7,25 %'],
    ['dk-main', 'Sandsynligt', 'Ingen vurdering', 'Rente sandsynligvis 6,50–7,25 %'],
  ] as const)(
    '%s: the odds in the brand’s language, then one press to apply',
    async (brandId, likely, none, rate) => {
      const brand = brands[brandId];
      const { container, router } = renderBrand(brand, approvalOddsPathOf(brand)!);
      await screen.findByTestId('odds-no-inquiry');
      expect(container.querySelector('[data-testid="cost-warning"]') !== null || brand.country === 'NO').toBe(
        true,
      );
      for (const [name, value] of Object.entries(figures))
        fireEvent.input(container.querySelector(`input[name="${name}"]`)!, { target: { value } });
      fireEvent.change(container.querySelector('select[name="EmploymentType"]')!, {
        target: { value: 'Permanent' },
      });
      fireEvent.submit(container.querySelector('form.approval-odds__form')!);
      const list = await screen.findByTestId('odds-lenders');
      expect(list.textContent).toContain(likely);
      expect(list.textContent).toContain(none);
      expect(list.textContent).toContain(rate);
      expect(calls.find((call) => call.url.endsWith('/approval-odds'))?.body).toMatchObject({
        Brand: brandId,
        Amount: 150_000,
        HousingCostMonthly: 9_000,
      });
      expect(nordicText(container)).not.toMatch(/\b(likely|unlikely|estimate|Loading)\b/);
      fireEvent.click(container.querySelector('.approval-odds__apply')!);
      await waitFor(() => expect(router.state.location.pathname).toBe(brand.paths.applyUnsecured));
      const draft = JSON.parse(sessionStorage.getItem('nordloan-apply-draft')!);
      expect(draft).toMatchObject({
        version: 1,
        brand: brandId,
        path: brand.paths.applyUnsecured,
        loanValues: { product: 'UnsecuredLoan', amount: 150_000, duration: 5 },
        preCheckAnswers: {
          employmentType: 'Permanent',
          grossYearlyIncome: '600000',
          netMonthlyIncome: '36000',
        },
      });
    },
  );
});
