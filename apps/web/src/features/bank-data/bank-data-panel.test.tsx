import type { Locale } from '@nordloan/domain/enums';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { createI18n } from '#src/i18n/i18n.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { BankDataSlot, provideBankDataPanel } from '#src/shared/bank-data/bank-data-slot.tsx';
import BankDataPanel from './bank-data-panel.tsx';
import { messages as daDK } from './messages/da-DK.ts';
import { messages as fiFI } from './messages/fi-FI.ts';
import { messages as nbNO } from './messages/nb-NO.ts';
import { messages as svSE } from './messages/sv-SE.ts';

// The bank-data panel (issue 35 item 2, ADR 0076): what was found, corrected and put into the form; every
// fault says why in the brand's language and leaves the applicant to type the figures.

beforeEach(() => {
  configureServiceUrls({ api: 'http://api.test' });
  authStore.setState({ ...initialAuthData, token: 'tok', customerId: 'c-1', personId: 'p-1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.setState({ ...initialAuthData });
  resetServiceUrls();
});

const connected = {
  State: 'connected',
  Failure: null,
  Consent: {
    Scope: 'accounts transactions:12m',
    GrantedAt: '2026-11-29T05:00:00Z',
    ExpiresAt: '2027-02-27T05:00:00Z',
  },
  Figures: {
    NetMonthlyIncome: 38_400,
    IncomeSources: 1,
    IncomeRegular: true,
    HousingCostMonthly: 11_900,
    LoanPayments: [{ Creditor: 'BILLÅN SANTANDER CONSUMER', MonthlyPayment: 2_850 }],
    MonthsCovered: 12,
    IgnoredOtherCurrency: 0,
    Reasons: [],
  },
  Corrected: null,
  IncomeVerified: true,
};

function stubApi(answers: Record<string, { status: number; body?: unknown }>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url: String(url), body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[method] ?? { status: 404 };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderPanel(outcome: string | null, onApply = vi.fn(), locale: Locale = 'nb-NO') {
  const i18n = createI18n(locale, featureMessagesByLocale[locale]);
  render(
    <I18nextProvider i18n={i18n}>
      <BankDataPanel applicationId="a-1" outcome={outcome} returnPath="/apply" onApply={onApply} />
    </I18nextProvider>,
  );
  return onApply;
}

describe('BankDataPanel', () => {
  it('shows what was found, lets the applicant correct it, and puts it into the form', async () => {
    const calls = stubApi({ GET: { status: 200, body: connected }, PUT: { status: 200, body: connected } });
    const onApply = renderPanel('connected');
    const income = (await screen.findByTestId('bank-data-income')) as HTMLInputElement;
    expect(income.value).toBe('38400');
    expect((screen.getByTestId('bank-data-housing') as HTMLInputElement).value).toBe('11900');
    expect(screen.getByTestId('bank-data-found').textContent).toContain('BILLÅN SANTANDER CONSUMER');
    fireEvent.input(income, { target: { value: '40000' } });
    fireEvent.change(screen.getByTestId('bank-data-loan-type'), { target: { value: 'CarMCBoat' } });
    fireEvent.input(screen.getByTestId('bank-data-loan-balance'), { target: { value: '84 500' } });
    fireEvent.click(screen.getByTestId('bank-data-apply'));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(onApply).toHaveBeenCalledWith({
      netMonthlyIncome: 40_000,
      housingCostMonthly: 11_900,
      loans: [
        {
          creditor: 'BILLÅN SANTANDER CONSUMER',
          monthlyPayment: 2_850,
          debtType: 'CarMCBoat',
          balance: 84_500,
        },
      ],
    });
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      NetMonthlyIncome: 40_000,
      HousingCostMonthly: 11_900,
      LoanPaymentsMonthly: 2_850,
    });
  });

  it('asks for the type and remaining balance of each kept loan beside it before anything goes into the form', async () => {
    const twoLoans = {
      ...connected,
      Figures: {
        ...connected.Figures,
        LoanPayments: [
          { Creditor: 'BILLÅN SANTANDER CONSUMER', MonthlyPayment: 2_850 },
          { Creditor: 'KOMPLETT BANK FORBRUKSLÅN', MonthlyPayment: 1_200 },
        ],
      },
    };
    const calls = stubApi({ GET: { status: 200, body: twoLoans }, PUT: { status: 200, body: twoLoans } });
    const onApply = renderPanel('connected');
    await screen.findByTestId('bank-data-found');
    fireEvent.click(screen.getByTestId('bank-data-apply'));
    // Nothing reaches the form or the API; each missing field is named beside its loan, in words.
    expect(onApply).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(screen.getByTestId('bank-data-loans-incomplete').textContent).toBe(nbNO.loansIncomplete);
    const [car, consumer] = screen.getAllByTestId('bank-data-loan');
    expect(
      within(car as HTMLElement)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([nbNO.missingType, nbNO.missingBalance.replace('{{creditor}}', 'BILLÅN SANTANDER CONSUMER')]);
    const balance = within(car as HTMLElement).getByTestId('bank-data-loan-balance');
    expect(balance.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(balance.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'BILLÅN SANTANDER CONSUMER',
    );

    // The first completed, the second left out (the register lists it): one complete row, counted once.
    fireEvent.change(within(car as HTMLElement).getByTestId('bank-data-loan-type'), {
      target: { value: 'CarMCBoat' },
    });
    fireEvent.input(balance, { target: { value: '84500' } });
    fireEvent.click(within(consumer as HTMLElement).getByTestId('bank-data-loan-include'));
    expect(within(consumer as HTMLElement).queryByTestId('bank-data-loan-balance')).toBeNull();
    fireEvent.click(screen.getByTestId('bank-data-apply'));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]?.[0].loans).toEqual([
      {
        creditor: 'BILLÅN SANTANDER CONSUMER',
        monthlyPayment: 2_850,
        debtType: 'CarMCBoat',
        balance: 84_500,
      },
    ]);
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ LoanPaymentsMonthly: 2_850 });
    expect(screen.queryByTestId('bank-data-loans-incomplete')).toBeNull();

    // A second press (say, the income corrected) adds no row twice.
    await screen.findByText(nbNO.applied);
    fireEvent.click(screen.getByTestId('bank-data-apply'));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(2));
    expect(onApply.mock.calls[1]?.[0].loans).toEqual([]);
  });

  it('says the consent was cancelled and that the form goes on, in Swedish', async () => {
    stubApi({
      GET: {
        status: 200,
        body: { ...connected, State: 'failed', Failure: 'CONSENT_CANCELLED', Figures: null },
      },
    });
    const onApply = renderPanel('CONSENT_CANCELLED', vi.fn(), 'sv-SE');
    const problem = await screen.findByTestId('bank-data-problem');
    expect(problem.textContent).toBe(`${svSE.failure.cancelled} ${svSE.fillYourself}`);
    expect(screen.queryByTestId('bank-data-found')).toBeNull();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('says when no salary was found or the bank is down', async () => {
    stubApi({
      GET: {
        status: 200,
        body: {
          ...connected,
          Figures: { ...connected.Figures, NetMonthlyIncome: null, Reasons: ['NO_SALARY'] },
        },
      },
    });
    renderPanel('connected');
    expect((await screen.findByTestId('bank-data-reason-NO_SALARY')).textContent).toBe(nbNO.reason.noSalary);
    expect((screen.getByTestId('bank-data-income') as HTMLInputElement).value).toBe('');
    cleanup();
    stubApi({ GET: { status: 503, body: { message: 'unavailable' } } });
    renderPanel(null, vi.fn(), 'fi-FI');
    expect((await screen.findByTestId('bank-data-problem')).textContent).toContain(fiFI.failure.unavailable);
    expect(screen.getByTestId('bank-data-connect')).toBeTruthy();
  });

  it('is loaded only when asked for, from the slot on the income step', async () => {
    stubApi({ GET: { status: 200, body: { ...connected, State: 'none', Figures: null, Consent: null } } });
    const loader = vi.fn(async () => ({ default: BankDataPanel }));
    provideBankDataPanel(loader);
    const i18n = createI18n('da-DK', featureMessagesByLocale['da-DK']);
    render(
      <I18nextProvider i18n={i18n}>
        <BankDataSlot applicationId="a-1" onApply={vi.fn()} />
      </I18nextProvider>,
    );
    expect(loader).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('bank-data-open'));
    expect((await screen.findByTestId('bank-data-connect')).textContent).toBe(daDK.connect);
    expect(loader).toHaveBeenCalledTimes(1);
  });
});

describe('bank-data messages', () => {
  const keys = (value: object, prefix = ''): string[] =>
    Object.entries(value).flatMap(([key, inner]) =>
      typeof inner === 'object' ? keys(inner, `${prefix}${key}.`) : [`${prefix}${key}`],
    );
  it('has every text in all four languages, none left in another language', () => {
    for (const other of [svSE, fiFI, daDK]) {
      expect(keys(other).sort()).toEqual(keys(nbNO).sort());
      expect(other.connect).not.toBe(nbNO.connect === other.connect ? '' : nbNO.connect);
    }
    expect(new Set([nbNO.lead, svSE.lead, fiFI.lead, daDK.lead]).size).toBe(4);
  });
});
