import { brands } from '@nordloan/domain/brands/registry';
import type { Locale } from '@nordloan/domain/enums';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { createI18n } from '#src/i18n/i18n.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { DebtRegisterSlot, provideDebtRegisterPanel } from '#src/shared/debt-register/debt-register-slot.tsx';
import DebtRegisterPanel from './debt-register-panel.tsx';
import { messages as daDK } from './messages/da-DK.ts';
import { messages as fiFI } from './messages/fi-FI.ts';
import { messages as nbNO } from './messages/nb-NO.ts';
import { messages as svSE } from './messages/sv-SE.ts';

// The debt-register panel (issue 35 item 3, ADR 0079): no inquiry before the consent is ticked, what was
// found with unused limits counted at their limit, a correction into the form's rows, faults in plain words.

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

const found = {
  OwnerRole: 'MainApplicant',
  Register: 'NO-GJELDSREGISTERET',
  State: 'fetched',
  Failure: null,
  Consent: { GivenAt: '2026-11-29T09:00:00Z', Scope: 'Gjeldsregisteret', Purpose: 'Loan application a-1' },
  FetchedAt: '2026-11-29T09:00:01Z',
  Found: [
    {
      DebtID: 'd-1',
      DebtType: 'CreditCard',
      Creditor: 're:member',
      Balance: 0,
      CreditLimit: 30_000,
      CountedBalance: 30_000,
      MonthlyPayment: null,
      InterestRate: 0.229,
      RemainingTermMonths: null,
      CorrectedByApplicant: false,
    },
  ],
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

function renderPanel(onCorrected = vi.fn(), locale: Locale = 'nb-NO', brand = brands['no-main']) {
  const i18n = createI18n(locale, featureMessagesByLocale[locale]);
  render(
    <I18nextProvider i18n={i18n}>
      <BrandProvider brand={brand}>
        <DebtRegisterPanel applicationId="a-1" onCorrected={onCorrected} />
      </BrandProvider>
    </I18nextProvider>,
  );
  return onCorrected;
}

describe('DebtRegisterPanel', () => {
  it('asks only after the consent is ticked, shows what was found and corrects a debt into the form', async () => {
    const corrected = {
      ...found,
      Found: [{ ...found.Found[0], CorrectedByApplicant: true }],
    };
    const calls = stubApi({
      GET: { status: 200, body: { Register: 'NO-GJELDSREGISTERET', Inquiries: [] } },
      POST: { status: 200, body: found },
      PUT: { status: 200, body: corrected },
    });
    const onCorrected = renderPanel();
    const fetchButton = (await screen.findByTestId('debt-register-fetch')) as HTMLButtonElement;
    expect(fetchButton.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('debt-register-consent'));
    fireEvent.click(fetchButton);
    const list = await screen.findByTestId('debt-register-found');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ Consent: true });
    expect(list.textContent).toContain('re:member');
    expect(screen.getByTestId('debt-register-counted').textContent).toMatch(/30\s000/);
    fireEvent.click(screen.getByRole('button', { name: nbNO.correct }));
    fireEvent.input(screen.getByLabelText(nbNO.limit), { target: { value: '10000' } });
    fireEvent.click(screen.getByRole('button', { name: nbNO.save }));
    await waitFor(() => expect(onCorrected).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      Balance: 0,
      CreditLimit: 10_000,
      MonthlyPayment: null,
    });
    expect(onCorrected).toHaveBeenCalledWith({
      id: 'd-1',
      debtType: 'CreditCard',
      creditor: 're:member',
      balance: '0',
      monthlyPayment: '',
    });
  });

  it('says why in plain words when the register timed out, in Finnish on a Finnish site', async () => {
    stubApi({
      GET: { status: 200, body: { Register: 'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI', Inquiries: [] } },
      POST: { status: 200, body: { ...found, State: 'failed', Failure: 'REGISTER_TIMEOUT', Found: [] } },
    });
    renderPanel(vi.fn(), 'fi-FI', brands['fi-main']);
    fireEvent.click(await screen.findByTestId('debt-register-consent'));
    fireEvent.click(screen.getByTestId('debt-register-fetch'));
    expect((await screen.findByTestId('debt-register-problem')).textContent).toBe(
      `${fiFI.failure.timeout} ${fiFI.fillYourself}`,
    );
    expect(screen.getByTestId('debt-register-fetch').textContent).toBe(fiFI.tryAgain);
  });

  it('is offered on Norwegian and Finnish sites only, and loaded on the press', async () => {
    stubApi({ GET: { status: 200, body: { Register: 'NO-GJELDSREGISTERET', Inquiries: [] } } });
    const loader = vi.fn(async () => ({ default: DebtRegisterPanel }));
    provideDebtRegisterPanel(loader);
    const slot = (brand: (typeof brands)[keyof typeof brands], locale: Locale) => {
      const i18n = createI18n(locale, featureMessagesByLocale[locale]);
      return render(
        <I18nextProvider i18n={i18n}>
          <BrandProvider brand={brand}>
            <DebtRegisterSlot applicationId="a-1" onCorrected={vi.fn()} />
          </BrandProvider>
        </I18nextProvider>,
      );
    };
    slot(brands['se-main'], 'sv-SE');
    expect(screen.queryByTestId('debt-register-open')).toBeNull();
    cleanup();
    slot(brands['no-main'], 'nb-NO');
    expect(loader).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('debt-register-open'));
    expect((await screen.findByTestId('debt-register-fetch')).textContent).toBe(nbNO.fetch);
    expect(loader).toHaveBeenCalledTimes(1);
  });
});

describe('debt-register messages', () => {
  const keys = (value: object, prefix = ''): string[] =>
    Object.entries(value).flatMap(([key, inner]) =>
      typeof inner === 'object' ? keys(inner, `${prefix}${key}.`) : [`${prefix}${key}`],
    );
  it('has every text in all four languages', () => {
    for (const other of [svSE, fiFI, daDK]) expect(keys(other).sort()).toEqual(keys(nbNO).sort());
    expect(new Set([nbNO.fetch, svSE.fetch, fiFI.fetch, daDK.fetch]).size).toBe(4);
  });
});
