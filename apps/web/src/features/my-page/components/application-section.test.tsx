import { type BrandId, brands } from '@nordloan/domain/brands/registry';
import type { Locale } from '@nordloan/domain/enums';
import type { PresentedQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { ApplicationSection } from '#src/features/my-page/components/application-section.tsx';
import { messages as daDK } from '#src/features/my-page/messages/da-DK.ts';
import { messages as fiFI } from '#src/features/my-page/messages/fi-FI.ts';
import { messages as nbNO } from '#src/features/my-page/messages/nb-NO.ts';
import { messages as svSE } from '#src/features/my-page/messages/sv-SE.ts';
import { createI18n } from '#src/i18n/i18n.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { provideDebtRegisterPanel } from '#src/shared/debt-register/debt-register-slot.tsx';

// Issue 38 on one application of the personal page, against answers of the API: after acceptance the next
// step is the bank's call in every language and nothing links to a lender's address; a draft continues on
// the apply page; right after submitting the page never says "no offers" and "all banks answered".

const texts: Record<Locale, typeof nbNO> = { 'nb-NO': nbNO, 'sv-SE': svSE, 'fi-FI': fiFI, 'da-DK': daDK };
const brandOf: Record<Locale, BrandId> = {
  'nb-NO': 'no-main',
  'sv-SE': 'se-main',
  'fi-FI': 'fi-main',
  'da-DK': 'dk-main',
};

const accepted: PresentedQuote = {
  ID: '0b0e1a5e-0000-4000-8000-000000000001',
  LoanApplicationID: 'app-1',
  LoanRequestID: 'lr-1',
  Lender: { ID: 'no-kyst-sparebank', Name: 'Kyst Sparebank' },
  Currency: 'NOK',
  Amount: 150_000,
  DurationMonths: 60,
  NominalRate: 11.9,
  EffectiveRate: 13.3,
  MonthlyPayment: 3380,
  TotalCost: 52_810,
  TotalPayable: 202_810,
  StartupFee: 950,
  MonthlyFee: 30,
  FeeHandling: 'financed',
  OfferType: 'Annuity',
  LoanKind: 'Consumer',
  Decision: 'approved',
  Status: 'accepted',
  AcceptanceStatus: 'accepted',
  ExpiresAt: '2026-12-22T10:00:00Z',
  DocumentRequests: [],
  ReplacesQuoteID: null,
  CreatedAt: '2026-11-22T10:00:00Z',
  UpdatedAt: '2026-11-22T10:00:00Z',
  RepresentativeExample: {
    EffectiveRate: 13.3,
    TotalCost: 52_810,
    TotalPayable: 202_810,
    MonthlyPayment: 3380,
    Text: 'Eff. rente 13,3 %, 150 000 kr o/5 år.',
  },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the page reads it, for an application in `status` with `quotes` and `pending` lenders. */
function answer(
  status: number,
  quotes: PresentedQuote[],
  options: { pending?: number; isComplete?: boolean } = {},
) {
  return async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/lending'))
      return json({ Status: status, History: [], AcceptedQuote: null, WithdrawalWindow: null });
    if (url.includes('/v2/application/') && url.endsWith('/quotes')) {
      return json({
        LoanApplicationID: 'app-1',
        Status: status,
        Locale: 'nb-NO',
        Currency: 'NOK',
        Groups: [
          { Group: 'offers', Quotes: quotes },
          { Group: 'counter-offers', Quotes: [] },
        ],
        Pending: Array.from({ length: options.pending ?? 0 }, (_, index) => ({
          LenderID: `l-${index}`,
          LenderName: `Bank ${index}`,
          Status: 311,
          StatusName: 'Pending',
          ReasonCode: null,
        })),
        Declined: [],
        IsComplete: options.isComplete ?? true,
        HighCostWarning: null,
        WithdrawalWindow: null,
      });
    }
    return json({ Message: 'This page could not be found' }, 404);
  };
}

function wrap(children: ReactNode, locale: Locale = 'nb-NO') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createI18n(locale, featureMessagesByLocale[locale]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brands[brandOf[locale]]}>{children}</BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

const application = (status: number) => ({
  ID: 'app-1',
  Product: 'UnsecuredLoan' as const,
  Status: status,
  HumanReadableID: 'NL-1',
  CreatedAt: '2026-11-22T10:00:00Z',
  Amount: 150_000,
  Duration: 5,
  PersonID: 'p-1',
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
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

describe('after acceptance', () => {
  for (const locale of ['nb-NO', 'sv-SE', 'fi-FI', 'da-DK'] as const) {
    it(`says the bank will contact the applicant to sign, and what happens next (${locale}); no lender address`, async () => {
      fetchMock.mockImplementation(answer(510, [accepted]));
      const { container } = render(
        wrap(<ApplicationSection application={application(510)} continueHref={null} />, locale),
      );
      const panel = await screen.findByTestId('next-steps');
      const next = texts[locale].nextSteps;
      expect(panel.querySelector('h3')?.textContent).toBe(next.title);
      expect(panel.textContent).toContain(next.lead.replace('{{lender}}', 'Kyst Sparebank'));
      expect(panel.querySelectorAll('li')).toHaveLength(3);
      expect(panel.querySelector('li[aria-current="step"]')?.textContent).toBe(
        next.check.replace('{{lender}}', 'Kyst Sparebank'),
      );
      // The only link is our own phone number; nothing opens a lender's page.
      const links = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
      expect(links.every((href) => href?.startsWith('tel:'))).toBe(true);
      expect(screen.queryByTestId('go-to-bank')).toBeNull();
      expect(screen.getByTestId('application-state').textContent).toBe(texts[locale].state.accepted);
    });
  }

  it('from payout approval on, the payout is the step the applicant waits for', async () => {
    fetchMock.mockImplementation(answer(610, [accepted]));
    render(wrap(<ApplicationSection application={application(610)} continueHref={null} />));
    const panel = await screen.findByTestId('next-steps');
    expect(panel.querySelector('li[aria-current="step"]')?.textContent).toBe(nbNO.nextSteps.payout);
  });
});

describe('a draft', () => {
  it('continues on the apply page, beside withdraw', async () => {
    fetchMock.mockImplementation(answer(100, []));
    render(
      wrap(
        <ApplicationSection application={application(100)} continueHref="/soknad/forbrukslan?resume=app-1" />,
      ),
    );
    expect(screen.getByTestId('application-state').textContent).toBe(nbNO.state.draft);
    expect(screen.getByRole('link', { name: nbNO.draft.continue }).getAttribute('href')).toBe(
      '/soknad/forbrukslan?resume=app-1',
    );
    expect(screen.getByRole('button', { name: nbNO.withdraw.button })).toBeTruthy();
  });
});

describe('right after submitting', () => {
  it('says the application is received — not "no offers yet" with "all banks have answered"', async () => {
    // Before the fan-out the v2 answer has no requests: nothing pending, not complete, no offers.
    fetchMock.mockImplementation(answer(210, [], { pending: 0, isComplete: false }));
    render(wrap(<ApplicationSection application={application(210)} continueHref={null} />));
    await waitFor(() =>
      expect(screen.getByTestId('application-state').textContent).toBe(nbNO.state.received),
    );
    const section = screen.getByTestId('application').textContent ?? '';
    expect(section).not.toContain('Alle bankene har svart');
    expect(section).not.toContain('Ingen tilbud');
  });

  it('while banks decide, counts the banks still deciding', async () => {
    fetchMock.mockImplementation(answer(310, [], { pending: 3, isComplete: false }));
    render(wrap(<ApplicationSection application={application(310)} continueHref={null} />));
    await waitFor(() =>
      expect(screen.getByTestId('application-state').textContent).toBe(
        'Bankene vurderer søknaden – venter på svar fra 3 banker.',
      ),
    );
  });
});

describe('the co-applicant’s own debt register (ADR 0079)', () => {
  it('offers the co-applicant, not the main applicant, to fetch their own register debts while open', async () => {
    provideDebtRegisterPanel(async () => ({ default: () => null }));
    fetchMock.mockImplementation(answer(100, []));
    authStore.setState({ ...initialAuthData, token: 'tok', customerId: 'c-2', personId: 'p-2' });
    const shared = { ...application(100), CoApplicantPersonID: 'p-2' };
    const { unmount } = render(wrap(<ApplicationSection application={shared} continueHref={null} />));
    expect((await screen.findByTestId('debt-register-open')).textContent).toBe(
      'Hent gjelden min fra Gjeldsregisteret',
    );
    unmount();
    // The main applicant fetches theirs on the form's debts step; here nothing.
    authStore.setState({ ...initialAuthData, token: 'tok', customerId: 'c-1', personId: 'p-1' });
    render(wrap(<ApplicationSection application={shared} continueHref={null} />));
    await screen.findByTestId('application-state');
    expect(screen.queryByTestId('debt-register-open')).toBeNull();
  });
});
