import { brands } from '@nordloan/domain/brands/registry';
import { rateWatchConsentTexts, rateWatchConsentVersion } from '@nordloan/domain/lending/rate-watch';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { createI18n } from '#src/i18n/i18n.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { messages as svSE } from './messages/sv-SE.ts';
import { RateWatchPanel } from './rate-watch-panel.tsx';

// Rate watch (ADR 0081): opt-in with an unticked consent, the latest look with its basis, one-press stop.

const fetchMock = vi.fn<typeof fetch>();
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const off = {
  LoanApplicationID: 'a-1',
  Eligible: true,
  State: 'off',
  StopReason: null,
  IntervalMonths: null,
  ThresholdAmount: null,
  Currency: 'SEK',
  Channel: null,
  StartedAt: null,
  ExpiresAt: null,
  StoppedAt: null,
  NextCheckAt: null,
  AllowedIntervals: [3, 6, 12],
  ConsentTextVersion: rateWatchConsentVersion,
  LatestCheck: null,
};
const active = {
  ...off,
  State: 'active',
  IntervalMonths: 3,
  ThresholdAmount: 2_000,
  Channel: 'sms',
  StartedAt: '2026-11-29T10:00:00Z',
  ExpiresAt: '2028-11-29T10:00:00Z',
  NextCheckAt: '2027-02-28T10:00:00Z',
  LatestCheck: {
    CheckedAt: '2026-11-29T10:00:00Z',
    LendersAsked: 12,
    LendersAnswered: 10,
    Saving: 6_400,
    ThresholdAmount: 2_000,
    Notified: true,
    Basis: {
      CurrentNominalRate: 12.5,
      RemainingMonths: 48,
      RemainingBalance: 80_000,
      CurrentMonthlyPayment: 2_126,
      MonthlyFee: 0,
      LenderName: 'Ränteverket',
      EstimatedRateFrom: 8.9,
      EstimatedRateTo: 9.4,
      NewMonthlyPayment: 2_005,
      AssumedStartupFee: 0,
      CurrentCostRemaining: 102_048,
      RefinanceCostRemaining: 96_240,
    },
  },
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
  const brand = brands['se-main'];
  const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>
          <RateWatchPanel applicationId="a-1" enabled />
        </BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('rate watch panel', () => {
  it('starts only with the consent ticked by the customer (never pre-ticked), in Swedish', async () => {
    fetchMock.mockResolvedValueOnce(json(off)).mockResolvedValue(json(active, 201));
    renderPanel();
    const consent = (await screen.findByTestId('rate-watch-consent')) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(screen.getByText(rateWatchConsentTexts['sv-SE'])).toBeTruthy();
    fireEvent.click(screen.getByTestId('rate-watch-start'));
    expect((await screen.findByRole('alert')).textContent).toContain('Kryssa i samtycket');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('rate-watch-interval-3'));
    fireEvent.input(screen.getByTestId('rate-watch-threshold'), { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('rate-watch-channel-sms'));
    fireEvent.click(consent);
    fireEvent.click(screen.getByTestId('rate-watch-start'));
    await screen.findByTestId('rate-watch-on');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toBe('https://api.test/loan-application/a-1/rate-watch');
    expect(JSON.parse(String(init?.body))).toEqual({
      IntervalMonths: 3,
      ThresholdAmount: 2000,
      Channel: 'sms',
      Consent: true,
      ConsentTextVersion: rateWatchConsentVersion,
    });
  });

  it('shows the latest look, the saving and its basis; one press stops it', async () => {
    fetchMock
      .mockResolvedValueOnce(json(active))
      .mockResolvedValue(json({ ...active, State: 'stopped', StopReason: 'customer', NextCheckAt: null }));
    renderPanel();
    expect((await screen.findByTestId('rate-watch-saving')).textContent).toMatch(/6\s400\skr/);
    const basis = screen.getByTestId('rate-watch-basis').textContent ?? '';
    expect(basis).toContain('Ränteverket');
    expect(basis).toMatch(/9,4\s?%/);
    expect(basis).toMatch(/48 månader/);
    fireEvent.click(screen.getByTestId('rate-watch-stop'));
    await screen.findByTestId('rate-watch-stopped');
    expect(String(fetchMock.mock.calls[1]![0])).toBe('https://api.test/loan-application/a-1/rate-watch/stop');
  });

  // The API's refusals (rate-watch.service.ts, the domain's body schemas) in the §8 bad-result shape.
  const refused = (status: number, message: string, field?: string) =>
    json({ Bad: true, Message: message, Errors: field ? [{ Field: field, Message: message }] : [] }, status);

  it.each([
    [
      'not paid out yet',
      refused(409, 'A rate watch can start once the loan is paid out'),
      svSE.refusal.notPaidOut,
    ],
    ['already on', refused(409, 'The rate watch is on already: change or renew it'), svSE.refusal.alreadyOn],
    ['no phone number', refused(400, 'We have no phone number for you', 'Channel'), svSE.refusal.noPhone],
    ['too many', refused(429, 'Too many requests'), svSE.refusal.tooMany],
    ['our side', refused(500, 'Internal Server Error'), svSE.refusal.serverError],
    [
      'a message the page does not know, as the API said it',
      refused(409, 'Application is archived'),
      'Det gick inte: Application is archived',
    ],
  ])('says why a start was refused: %s', async (_name, answer, words) => {
    fetchMock.mockResolvedValueOnce(json(off)).mockResolvedValueOnce(answer);
    renderPanel();
    fireEvent.click(await screen.findByTestId('rate-watch-consent'));
    fireEvent.click(screen.getByTestId('rate-watch-start'));
    expect((await screen.findByTestId('rate-watch-refused')).textContent).toBe(words);
  });

  it('says the network failed when there was no answer', async () => {
    fetchMock.mockResolvedValueOnce(json(off)).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderPanel();
    fireEvent.click(await screen.findByTestId('rate-watch-consent'));
    fireEvent.click(screen.getByTestId('rate-watch-start'));
    expect((await screen.findByTestId('rate-watch-refused')).textContent).toBe(svSE.refusal.network);
  });

  it('a threshold out of range is said beside the field, whether the page or the API finds it', async () => {
    fetchMock
      .mockResolvedValueOnce(json(active))
      .mockResolvedValueOnce(refused(400, 'Threshold is too large', 'ThresholdAmount'))
      .mockResolvedValue(json(active));
    renderPanel();
    const threshold = await screen.findByTestId('rate-watch-threshold');
    // Over the API's ceiling: the page says so before sending.
    fireEvent.input(threshold, { target: { value: '20000000' } });
    fireEvent.click(screen.getByRole('button', { name: svSE.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(svSE.thresholdInvalid);
    expect(threshold.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A bound only the API knows: its field message, in the brand's words, beside the same field.
    fireEvent.input(threshold, { target: { value: '9000000' } });
    fireEvent.click(screen.getByRole('button', { name: svSE.save }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect((await screen.findByRole('alert')).textContent).toBe(svSE.thresholdInvalid);
    expect(screen.queryByTestId('rate-watch-refused')).toBeNull();
    // Typing again clears it.
    fireEvent.input(threshold, { target: { value: '3000' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing for a loan that is not paid out', async () => {
    fetchMock.mockResolvedValue(json({ ...off, Eligible: false }));
    const { container } = renderPanel();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
