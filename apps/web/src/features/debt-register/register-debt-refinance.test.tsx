import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { createI18n } from '#src/i18n/i18n.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import type { RegisterDebtPayoff } from './debt-register-api.ts';
import { RegisterDebtRefinance } from './register-debt-refinance.tsx';

// Refinancing a register debt (ADR 0080): nothing is sent until the account and KID pass Norway's check;
// then only the choice and where to pay; unticking a saved choice is saved at once.

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

function stubPatch() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? 'GET', url: String(url), body });
      return new Response(JSON.stringify({ ...body, PayoffAccount: null, PayoffReference: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderItem(stored?: RegisterDebtPayoff) {
  const i18n = createI18n('nb-NO', featureMessagesByLocale['nb-NO']);
  render(
    <I18nextProvider i18n={i18n}>
      <RegisterDebtRefinance applicationId="a-1" debtId="d-1" country="NO" stored={stored} />
    </I18nextProvider>,
  );
}
const type = (testId: string, value: string) =>
  fireEvent.input(screen.getByTestId(testId), { target: { value } });

describe('RegisterDebtRefinance', () => {
  it('checks the account and KID before sending, then saves only the choice and where to pay', async () => {
    const calls = stubPatch();
    renderItem();
    expect(screen.queryByTestId('debt-register-payoff-account')).toBeNull();
    fireEvent.click(screen.getByTestId('debt-register-refinance'));
    type('debt-register-payoff-account', '8601 11 17947');
    type('debt-register-payoff-reference', '79927398710');
    fireEvent.click(screen.getByTestId('debt-register-payoff-save'));
    expect(screen.getByTestId('debt-register-payoff-error-reference')).toBeTruthy();
    expect(calls).toEqual([]);
    type('debt-register-payoff-reference', '79927398713');
    fireEvent.click(screen.getByTestId('debt-register-payoff-save'));
    await screen.findByTestId('debt-register-payoff-saved');
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: 'http://api.test/loan-application/a-1/debt',
        body: {
          ID: 'd-1',
          IsRefinanced: true,
          PayoffAccount: '8601 11 17947',
          PayoffReference: '79927398713',
        },
      },
    ]);
  });

  it('shows a stored choice ticked, and saves unticking at once', async () => {
    const calls = stubPatch();
    renderItem({
      ID: 'd-1',
      IsRefinanced: true,
      PayoffAccount: '86011117947',
      PayoffReference: '79927398713',
    });
    expect((screen.getByTestId('debt-register-refinance') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('debt-register-payoff-account') as HTMLInputElement).value).toBe(
      '86011117947',
    );
    fireEvent.click(screen.getByTestId('debt-register-refinance'));
    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([{ ID: 'd-1', IsRefinanced: false }]));
  });
});
