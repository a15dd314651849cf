import { brands } from '@nordloan/domain/brands/registry';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { createI18n } from '#src/i18n/i18n.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { CreditWithdrawalPanel } from './credit-withdrawal-panel.tsx';

// CCD2 art. 26 (ADR 0066): two steps — what withdrawing means, then confirm — and what to pay back by when.

const fetchMock = vi.fn<typeof fetch>();
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const payback = {
  Currency: 'EUR',
  Principal: 20_000,
  DailyInterest: 4,
  InterestDays: 33,
  Interest: 132,
  Total: 20_132,
  PayBackBy: '2026-12-29T10:00:00Z',
};
const base = {
  LoanApplicationID: 'a-1',
  QuoteID: 'q-1',
  LenderName: 'Saimaa Pankki',
  SignedAt: '2026-11-26T10:00:00Z',
  ClosesAt: '2026-12-10T10:00:00Z',
  PaidOutAt: '2026-11-27T10:00:00Z',
  Payback: payback,
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureServiceUrls({
    api: 'https://api.test',
    integration: 'https://int.test',
    person: 'https://person.test',
  });
  authStore.setState({ ...initialAuthData, token: 'tok', customerId: 'c-1', personId: 'p-1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
  authStore.setState({ ...initialAuthData });
});

function renderPanel() {
  const brand = brands['fi-main'];
  const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>
          <CreditWithdrawalPanel applicationId="a-1" enabled />
        </BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('credit withdrawal panel', () => {
  it('explains, asks to confirm, then shows what to pay back and by when, in Finnish', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ ...base, State: 'open', WithdrawnAt: null, LenderNotified: null }))
      .mockResolvedValue(
        json(
          { ...base, State: 'withdrawn', WithdrawnAt: '2026-11-29T10:00:00Z', LenderNotified: false },
          201,
        ),
      );
    renderPanel();
    expect((await screen.findByTestId('withdrawal-payback')).textContent).toMatch(/20\s132,00\s€/);
    fireEvent.click(screen.getByTestId('credit-withdrawal-start'));
    // Step one sent nothing.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('credit-withdrawal-dialog').textContent).toMatch(/Haluatko peruuttaa/);
    fireEvent.click(screen.getByTestId('credit-withdrawal-confirm'));
    await waitFor(() => expect(screen.getByTestId('credit-withdrawal').dataset.state).toBe('withdrawn'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toBe('https://api.test/loan-application/a-1/credit-withdrawal');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ Confirm: true });
    expect(screen.getByTestId('credit-withdrawal-done').textContent).toMatch(/Peruutit sopimuksen/);
    expect(screen.getByTestId('withdrawal-payback').textContent).toMatch(/viimeistään/);
  });

  it('shows nothing before the agreement is signed', async () => {
    fetchMock.mockResolvedValue(
      json({
        ...base,
        State: 'not-signed',
        SignedAt: null,
        ClosesAt: null,
        Payback: null,
        WithdrawnAt: null,
        LenderNotified: null,
      }),
    );
    const { container } = renderPanel();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
