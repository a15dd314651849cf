import { brands } from '@nordloan/domain/brands/registry';
import type { InsuranceOffer, InsuranceRequestView, PaymentMandate } from '@nordloan/domain/insurance';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { createI18n } from '#src/i18n/i18n.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { typeInto } from '#src/test/type-into.ts';
import { OfferStep } from './offer-step.tsx';
import { PaymentStep } from './payment-step.tsx';

const offer: InsuranceOffer = {
  Brand: 'no-main',
  Country: 'NO',
  Currency: 'NOK',
  Sold: true,
  Insurer: 'Fjordliv',
  EIdentityProvider: 'bankid-no',
  PaymentKinds: ['kid', 'bankid', 'card'],
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
};
const request: InsuranceRequestView = {
  ID: 'r-1',
  PersonID: 'p-1',
  LoanApplicationID: null,
  Brand: 'no-main',
  Country: 'NO',
  Insurer: 'Fjordliv',
  InsuredMonthlyAmount: 5_000,
  MonthlyPremium: 350,
  Decision: 'new',
  DecidedAt: null,
  CreatedAt: '2026-01-01T00:00:00.000Z',
  Mandate: null,
  PaymentMandate: null,
  Policy: null,
};

function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createI18n('nb-NO', featureMessagesByLocale['nb-NO']);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brands['no-main']}>{children}</BrandProvider>
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

describe('OfferStep', () => {
  it('pre-selects nothing, shows a price example beside every cover, and refuses to go on without the opt-in', () => {
    const onAccept = vi.fn();
    render(
      wrap(<OfferStep offer={offer} busy={false} onAccept={onAccept} onDecline={vi.fn()} onBack={vi.fn()} />),
    );
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.some((radio) => radio.checked)).toBe(false);
    expect((screen.getByTestId('insurance-opt-in') as HTMLInputElement).checked).toBe(false);
    const examples = screen.getAllByTestId('insurance-price-example').map((node) => plain(node.textContent));
    expect(examples).toEqual([
      'Pris 175 kr per måned, 2 100 kr for 12 måneder',
      'Pris 350 kr per måned, 4 200 kr for 12 måneder',
    ]);
    expect(plain(screen.getByTestId('insurance-example').textContent)).toBe(
      'Eksempel: 350 kr per måned, totalt 5 858 kr.',
    );

    fireEvent.click(screen.getByTestId('insurance-accept'));
    expect(onAccept).not.toHaveBeenCalled();
    expect(screen.getByText('Velg en dekning')).toBeTruthy();
    fireEvent.click(radios[1]!);
    fireEvent.click(screen.getByTestId('insurance-accept'));
    expect(onAccept).not.toHaveBeenCalled();
    expect(screen.getByText('Kryss av hvis du ønsker forsikringen')).toBeTruthy();
    fireEvent.click(screen.getByTestId('insurance-opt-in'));
    fireEvent.click(screen.getByTestId('insurance-accept'));
    expect(onAccept).toHaveBeenCalledWith(5_000);
    expect(events()).toContain('select-coverage');
  });
});

describe('PaymentStep', () => {
  it('says the provider did not answer (503) and sends payment-failed; the customer may try again', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ Bad: true, Message: 'x' }), { status: 503 }));
    render(wrap(<PaymentStep request={request} kinds={['kid']} onActive={vi.fn()} onDecline={vi.fn()} />));
    typeInto(screen.getByTestId('insurance-payer'), '12345678909');
    fireEvent.click(screen.getByTestId('insurance-pay'));
    await waitFor(() => expect(screen.getByTestId('insurance-payment-unavailable')).toBeTruthy());
    expect(events()).toContain('payment-failed');
    expect((screen.getByTestId('insurance-pay') as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends a card only as a token with its last four digits, never the card number', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          ID: 'pm-1',
          InsuranceRequestID: 'r-1',
          Kind: 'card',
          Status: 'pending',
          PayerLast4: '1111',
          FailureReason: null,
          ActivatedAt: null,
          CreatedAt: '2026-01-01T00:00:00.000Z',
        } satisfies PaymentMandate),
        { status: 201 },
      ),
    );
    render(
      wrap(<PaymentStep request={request} kinds={['kid', 'card']} onActive={vi.fn()} onDecline={vi.fn()} />),
    );
    fireEvent.click(screen.getByTestId('insurance-kind-card'));
    typeInto(screen.getByTestId('insurance-payer'), '4111 1111 1111 1111');
    fireEvent.click(screen.getByTestId('insurance-pay'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('http://api.test/insurance-payment-mandate/card');
    const body = JSON.parse(String(init?.body));
    expect(body.CardToken).toMatch(/^tok_[0-9a-f]{16}_1111$/);
    expect(JSON.stringify(body)).not.toContain('4111111111111111');
  });

  it('refuses a card number that fails the Luhn check before sending anything; declining sends its event', () => {
    const onDecline = vi.fn();
    render(wrap(<PaymentStep request={request} kinds={['card']} onActive={vi.fn()} onDecline={onDecline} />));
    typeInto(screen.getByTestId('insurance-payer'), '4111 1111 1111 1112');
    fireEvent.click(screen.getByTestId('insurance-pay'));
    expect(screen.getByText('Skriv et gyldig kortnummer')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('insurance-decline-payment'));
    expect(onDecline).toHaveBeenCalledOnce();
  });
});
