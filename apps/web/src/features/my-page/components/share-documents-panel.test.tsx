import { brands } from '@nordloan/domain/brands/registry';
import type { LenderDocumentRequest } from '@nordloan/domain/document-share';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { createI18n } from '#src/i18n/i18n.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { ShareDocumentsPanel } from './share-documents-panel.tsx';

// Upload once (ADR 0036): one question and one button per lender; pressing one sends to that lender only.

const payslip = { DocumentID: 'd-1', Filename: 'lonnsslipp.pdf', UploadedAt: '2026-11-20T10:00:00.000Z' };
const request = (lenderId: string, name: string, extra: Partial<LenderDocumentRequest> = {}) =>
  ({
    ID: `r-${lenderId}`,
    QuoteID: `q-${lenderId}`,
    Lender: { ID: lenderId, Name: name },
    Category: 'payslip',
    Timing: 'before_approval',
    Status: 'pending',
    Shared: null,
    Candidates: [payslip],
    ...extra,
  }) satisfies LenderDocumentRequest;

const fetchMock = vi.fn<typeof fetch>();
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

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
  const brand = brands['no-main'];
  const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>
          <ShareDocumentsPanel applicationId="a-1" />
        </BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('share documents panel', () => {
  it('asks per lender in Norwegian, and sends to the chosen lender only', async () => {
    const sent = request('no-b', 'Bank B', {
      Status: 'sent',
      Shared: { DocumentID: 'd-1', SharedBy: 'customer:c-1', SharedAt: '2026-11-21T09:00:00.000Z' },
    });
    fetchMock
      .mockResolvedValueOnce(json([request('no-a', 'Bank A'), request('no-b', 'Bank B')]))
      .mockResolvedValueOnce(json(sent, 201))
      .mockResolvedValue(json([request('no-a', 'Bank A'), sent]));
    renderPanel();
    await waitFor(() => expect(screen.getByTestId('share-no-b-payslip')).toBeTruthy());
    expect(
      screen.getByText('Vil du bruke lønnsslipp du allerede har lastet opp (lonnsslipp.pdf) for Bank B?'),
    ).toBeTruthy();
    expect(screen.getByTestId('share-no-a-payslip').textContent).toBe('Send til Bank A');
    fireEvent.click(screen.getByTestId('share-no-b-payslip'));
    await waitFor(() => expect(screen.getByText(/^Sendt til Bank B: lonnsslipp\.pdf/)).toBeTruthy());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe('https://api.test/loan-application/a-1/document-requests/r-no-b/share');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ DocumentID: 'd-1' });
    // Bank A still has its own question: nothing was sent to it.
    expect(screen.getByTestId('share-no-a-payslip')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('shows nothing while no lender asks for what was uploaded', async () => {
    fetchMock.mockResolvedValue(json([request('no-a', 'Bank A', { Candidates: [] })]));
    const { container } = renderPanel();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.querySelector('[data-testid="share-documents"]')).toBeNull();
  });
});
