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
import { typeInto } from '#src/test/type-into.ts';
import { CoApplicantInvitePanel } from './co-applicant-invite-panel.tsx';

// Issue 13 item 8 (ADR 0038): the main applicant's invite panel — status, an address, send, and the
// refusals in the brand's language.

const fetchMock = vi.fn<typeof fetch>();
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const view = (extra: Record<string, unknown> = {}) => ({
  LoanApplicationID: 'a-1',
  Status: 'none',
  SentToEmail: null,
  SentToPhone: null,
  CreatedAt: null,
  ExpiresAt: null,
  AcceptedAt: null,
  ...extra,
});

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

function renderPanel(brandId: 'no-main' | 'dk-main' = 'no-main') {
  const brand = brands[brandId];
  const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>
          <CoApplicantInvitePanel applicationId="a-1" />
        </BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('co-applicant invite panel', () => {
  it('sends the invite to the typed address and shows it as sent, in Norwegian', async () => {
    const sent = view({ Status: 'sent', SentToEmail: 'k***@example.no', ExpiresAt: '2026-12-02T10:00:00Z' });
    fetchMock
      .mockResolvedValueOnce(json(view()))
      .mockResolvedValueOnce(json(sent, 201))
      .mockResolvedValue(json(sent));
    renderPanel();
    await screen.findByText('Medsøkeren er ikke invitert ennå.');
    typeInto(screen.getByLabelText('Medsøkerens e-post'), 'kari@example.no');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitasjon' }));
    await screen.findByText(/Invitasjon sendt til k\*\*\*@example\.no/);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toBe('https://api.test/loan-application/a-1/co-applicant-invite');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ Email: 'kari@example.no' });
  });

  it('asks for an address before sending, and says so when the daily limit is reached (Danish)', async () => {
    fetchMock
      .mockResolvedValueOnce(json(view()))
      .mockResolvedValueOnce(json({ Bad: true, Message: 'x' }, 429));
    renderPanel('dk-main');
    await screen.findByText('Medansøgeren er ikke inviteret endnu.');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByRole('alert').textContent).toBe('Angiv e-mail eller mobilnummer.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    typeInto(screen.getByLabelText('Medansøgerens mobilnummer'), '+45 20 30 40 50');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Du har sendt mange invitationer i dag. Prøv igen i morgen.',
      ),
    );
  });

  it('shows nothing to a caller the API refuses (the co-applicant)', async () => {
    fetchMock.mockResolvedValue(
      json({ Bad: true, Message: 'Only the main applicant invites a co-applicant' }, 403),
    );
    const { container } = renderPanel();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
