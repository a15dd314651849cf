import { brands } from '@nordloan/domain/brands/registry';
import type { PresentedQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { AcceptOfferDialog } from '#src/features/my-page/components/accept-offer-dialog.tsx';
import { OfferCard } from '#src/features/my-page/components/offer-card.tsx';
import { createI18n } from '#src/i18n/i18n.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';

const brand = brands['no-main'];
const quote: PresentedQuote = {
  ID: 'q-1',
  LoanApplicationID: 'app-1',
  LoanRequestID: 'lr-1',
  Lender: { ID: 'kyst', Name: 'Kyst Sparebank' },
  Currency: 'NOK',
  Amount: 150_000,
  DurationMonths: 60,
  NominalRate: 11.9,
  EffectiveRate: 13.3222,
  MonthlyPayment: 3380.18,
  TotalCost: 52_810.8,
  TotalPayable: 202_810.8,
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
    TotalCost: 52_811,
    TotalPayable: 202_811,
    MonthlyPayment: 3380.18,
    Text: 'Eff. rente 13,3 %, 150 000 kr o/5 år. Kost: 52 811 kr. Totalt: 202 811 kr.',
  },
};

// jsdom has no showModal(): the dialog's content is queried with `hidden: true`.
function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createI18n('nb-NO', featureMessagesByLocale['nb-NO']);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>{children}</BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
const events = () => (window.dataLayer ?? []).map((entry) => (entry as { event: string }).event);
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  window.dataLayer = [];
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureServiceUrls({ api: 'http://api.test', integration: 'http://api.test' });
  authStore.setState({ ...initialAuthData, token: 'tok', customerId: 'c-1', personId: 'p-1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
  authStore.setState({ ...initialAuthData });
});

describe('OfferCard', () => {
  it('shows lender, amount, duration, monthly payment, effective rate, total cost and the example', () => {
    render(wrap(<OfferCard quote={quote} isRecommended actions={{}} />));
    expect(screen.getByRole('heading', { name: 'Kyst Sparebank' })).toBeTruthy();
    expect(plain(screen.getByTestId('offer-monthly').textContent)).toBe('3 380 kr');
    expect(plain(screen.getByTestId('offer-rate').textContent)).toBe('13,32 %');
    expect(plain(screen.getByTestId('offer-total-cost').textContent)).toBe('52 811 kr');
    expect(screen.getByText('5 år')).toBeTruthy();
    expect(screen.getByText(/Eff\. rente 13,3 %/)).toBeTruthy();
    expect(screen.getByText('Lavest kostnad')).toBeTruthy();
  });
  it('details open on request and fire §4 toggle-details', () => {
    render(wrap(<OfferCard quote={quote} isRecommended={false} actions={{}} />));
    const toggle = screen.getByRole('button', { name: 'Vis detaljer' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Skjul detaljer' }).getAttribute('aria-expanded')).toBe('true');
    expect(events()).toEqual(['toggle-details']);
  });
  it('offers accept and change only when given the actions', () => {
    const onAccept = vi.fn();
    render(wrap(<OfferCard quote={quote} isRecommended={false} actions={{ onAccept }} />));
    fireEvent.click(screen.getByRole('button', { name: 'Aksepter tilbudet' }));
    expect(onAccept).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Endre tilbudet' })).toBeNull();
  });
});

describe('AcceptOfferDialog', () => {
  it('shows the SECCI without its scripts, asks for consent, then accepts with Consent: true', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/loan-quote/q-1/secci')) {
        return new Response(
          '<html><body><h1>SEF</h1><script>window.hacked = true</script><p onclick="x()">Kreditor: Kyst Sparebank</p></body></html>',
          { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } },
        );
      }
      if (url.endsWith('/loan-quote/q-1/accept')) {
        return new Response(
          JSON.stringify({
            AcceptanceStatus: 'pending',
            Quote: { ...quote, RepresentativeExample: undefined },
            ApplicationStatus: 500,
            WithdrawalWindow: null,
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        );
      }
      return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    });
    const onAccepted = vi.fn();
    render(wrap(<AcceptOfferDialog quote={quote} onClose={() => {}} onAccepted={onAccepted} />));
    await screen.findByText('Kreditor: Kyst Sparebank');
    const secci = screen.getByTestId('secci');
    expect(secci.querySelector('script')).toBeNull();
    expect(secci.querySelector('[onclick]')).toBeNull();
    expect(secci.querySelector('h1')).toBeNull();
    expect(screen.getByRole('link', { name: /PDF/, hidden: true }).getAttribute('href')).toBe(
      'http://api.test/loan-quote/q-1/secci.pdf',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Bekreft og aksepter', hidden: true }));
    const error = await screen.findByRole('alert', { hidden: true });
    expect(error.textContent).toBe('Du må krysse av for å akseptere.');
    const checkbox = screen.getByRole('checkbox', { hidden: true });
    expect(checkbox.getAttribute('aria-describedby')).toBe(error.id);

    fireEvent.click(checkbox);
    fireEvent.click(screen.getByRole('button', { name: 'Bekreft og aksepter', hidden: true }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledOnce());
    const acceptCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/accept'))!;
    expect(JSON.parse(String(acceptCall[1]?.body))).toEqual({ Consent: true, EntrySource: 'MyPage' });
    expect(events()).toEqual(['open-pre-purchase-information', 'accept-offer']);
  });
});
