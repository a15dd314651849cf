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
import { HumanReviewPanel } from './human-review-panel.tsx';

// Issue 34 item 3 (ADR 0065): the declined applicant is told the decision was automated, asks for a human
// review in the brand's language, and sees the answer with the bank's own.

const fetchMock = vi.fn<typeof fetch>();
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const decision = {
  Source: 'lender',
  LenderID: 'se-malar-kredit',
  LenderName: 'Mälar Kredit',
  Status: 266,
  DeclineCategory: 'lender-criteria',
  DecidedAt: '2026-11-28T10:00:00Z',
  Automated: true,
};
const review = (extra: Record<string, unknown> = {}) => ({
  ID: 'r-1',
  LoanApplicationID: 'a-1',
  Status: 'open',
  View: 'Min inkomst har höjts sedan jag ansökte.',
  DocumentID: null,
  Decisions: [decision],
  CreatedAt: '2026-11-29T10:00:00Z',
  DueAt: '2026-12-13T10:00:00Z',
  LenderAnswers: [
    {
      LenderID: 'se-malar-kredit',
      LenderName: 'Mälar Kredit',
      Status: 'pending',
      Outcome: null,
      Explanation: null,
      AnsweredAt: null,
    },
  ],
  Outcome: null,
  Explanation: null,
  AnsweredAt: null,
  ...extra,
});
const overview = (extra: Record<string, unknown> = {}) => ({
  LoanApplicationID: 'a-1',
  Decisions: [decision],
  CanRequest: true,
  Reviews: [],
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

function renderPanel(brandId: 'se-main' | 'dk-main' = 'se-main') {
  const brand = brands[brandId];
  const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>
          <HumanReviewPanel applicationId="a-1" enabled />
        </BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('human review panel', () => {
  it('says the decline was automated and sends the view, in Swedish', async () => {
    fetchMock
      .mockResolvedValueOnce(json(overview()))
      .mockResolvedValueOnce(json(review(), 201))
      .mockResolvedValue(json(overview({ CanRequest: false, Reviews: [review()] })));
    renderPanel();
    expect(await screen.findByText(/Mälar Kredit avslog ansökan/)).toBeTruthy();
    expect(screen.getByTestId('automated-decision').textContent).toMatch(/automatiserad behandling/);
    fireEvent.click(screen.getByTestId('human-review-open'));
    // Too short: refused in the form, nothing sent.
    typeInto(screen.getByTestId('human-review-view'), 'nej');
    fireEvent.click(screen.getByTestId('human-review-submit'));
    expect(screen.getByRole('alert').textContent).toMatch(/minst 10 tecken/);
    typeInto(screen.getByTestId('human-review-view'), 'Min inkomst har höjts sedan jag ansökte.');
    fireEvent.click(screen.getByTestId('human-review-submit'));
    await waitFor(() => expect(screen.getByTestId('human-review-status').dataset.status).toBe('open'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('https://api.test/loan-application/a-1/human-review');
    expect(JSON.parse(String(init?.body))).toEqual({ View: 'Min inkomst har höjts sedan jag ansökte.' });
    expect(screen.getByTestId('human-review-status').textContent).toMatch(/Du får svar senast/);
  });

  it('shows the answer with its main reasons and the bank’s own answer, in Danish', async () => {
    const answered = review({
      Status: 'answered',
      Outcome: 'upheld',
      Explanation: 'Indkomsten er under bankernes krav for dette beløb.',
      AnsweredAt: '2026-12-01T10:00:00Z',
      LenderAnswers: [
        {
          LenderID: 'dk-klint-kredit',
          LenderName: 'Klint Kredit',
          Status: 'answered',
          Outcome: 'upheld',
          Explanation: 'Afslaget står ved magt.',
          AnsweredAt: '2026-11-30T10:00:00Z',
        },
      ],
    });
    fetchMock.mockResolvedValue(json(overview({ Reviews: [answered] })));
    renderPanel('dk-main');
    const answer = await screen.findByTestId('human-review-answer');
    expect(answer.textContent).toMatch(/Afgørelsen står ved magt/);
    expect(answer.textContent).toMatch(/Indkomsten er under bankernes krav/);
    expect(screen.getByTestId('lender-review-answer').textContent).toMatch(/Klint Kredit svarede/);
  });

  it('shows nothing without a decision to review', async () => {
    fetchMock.mockResolvedValue(json(overview({ Decisions: [], CanRequest: false })));
    const { container } = renderPanel();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
