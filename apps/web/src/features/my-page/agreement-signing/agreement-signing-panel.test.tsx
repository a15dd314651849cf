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
import { AgreementSigningPanel } from './agreement-signing-panel.tsx';

// Issue 36 item 1 (ADR 0075): the agreement is read (never pre-ticked) before BankID signs it; a cancelled
// order shows its reason and the offer stays as it was.

const fetchMock = vi.fn<typeof fetch>();
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const failed = {
  SignatureID: 's-1',
  Role: 'MainApplicant',
  Provider: 'bankid-no',
  Status: 'failed',
  Reason: 'user-cancelled',
  SignedAt: null,
  TransactionID: 'o-1',
  DocumentSha256: 'a'.repeat(64),
};
const agreement = {
  LoanApplicationID: 'a-1',
  State: 'awaiting-signatures',
  QuoteID: 'q-1',
  LenderName: 'Kyst Sparebank',
  Provider: 'bankid-no',
  OfferExpiresAt: '2026-12-20T10:00:00Z',
  Document: { FileName: 'agreement.pdf', Sha256: 'a'.repeat(64), ReceivedAt: '2026-11-29T10:00:00Z' },
  Signers: [{ Role: 'MainApplicant', Signed: false, SignedAt: null }],
  MySignature: failed,
  CompletedAt: null,
  LenderNotified: null,
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

describe('agreement signing panel', () => {
  it('shows why the last order failed, and signs only after the applicant ticks that they read it', async () => {
    fetchMock
      .mockResolvedValueOnce(json(agreement))
      .mockResolvedValue(json({ ...failed, Status: 'pending' }, 201));
    const brand = brands['no-main'];
    const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <BrandProvider brand={brand}>
            <AgreementSigningPanel applicationId="a-1" />
          </BrandProvider>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('agreement-failed')).textContent).toMatch(/du avbrøt i BankID/);
    const read = screen.getByTestId('agreement-read') as HTMLInputElement;
    const sign = screen.getByTestId('agreement-sign') as HTMLButtonElement;
    expect(read.checked).toBe(false);
    expect(sign.disabled).toBe(true);
    fireEvent.click(read);
    expect(sign.disabled).toBe(false);
    fireEvent.click(sign);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/agreement/signatures'))).toBe(true),
    );
  });
});

describe('agreement signing panel, before the agreement arrives', () => {
  it('names the accepted offer’s lender while the API has no agreement (and so no name) yet', async () => {
    fetchMock.mockResolvedValue(
      json({ ...agreement, State: 'none', LenderName: null, Document: null, MySignature: null }),
    );
    const brand = brands['no-main'];
    const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <BrandProvider brand={brand}>
            <AgreementSigningPanel applicationId="a-1" lenderName="Kyst Sparebank" />
          </BrandProvider>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('agreement-signing')).textContent).toContain(
      'Vi venter på kredittavtalen fra Kyst Sparebank.',
    );
  });
});
