import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { createI18n } from '#src/i18n/i18n.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import type { RegisterDebtPayoff } from './debt-register-api.ts';
import { messages as nbNO } from './messages/nb-NO.ts';
import { payoffSaveDelayMs, RegisterDebtRefinance } from './register-debt-refinance.tsx';

// Refinancing a register debt (ADR 0080): nothing is sent until the account and KID pass Norway's check;
// then the choice is saved by itself (no save press), only the choice and where to pay; until then the
// page says it is not saved; unticking a saved choice is saved at once.

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

function stubPatch(failFirst = false) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? 'GET', url: String(url), body });
      if (failFirst && calls.length === 1) {
        return new Response(JSON.stringify({ message: 'down' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      }
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

const saved = {
  method: 'PATCH',
  url: 'http://api.test/loan-application/a-1/debt',
  body: { ID: 'd-1', IsRefinanced: true, PayoffAccount: '8601 11 17947', PayoffReference: '79927398713' },
};

describe('RegisterDebtRefinance', () => {
  it('saves the tick by itself once the account and KID pass the check, and says so until then', async () => {
    const calls = stubPatch();
    renderItem();
    expect(screen.queryByTestId('debt-register-payoff-account')).toBeNull();
    fireEvent.click(screen.getByTestId('debt-register-refinance'));
    // Ticked but nothing to pay to yet: the page says it is not saved, and there is no button to forget.
    expect(screen.getByTestId('debt-register-payoff-unsaved').textContent).toBe(nbNO.payoffUnsaved);
    expect(screen.queryByRole('button')).toBeNull();
    type('debt-register-payoff-account', '8601 11 17947');
    type('debt-register-payoff-reference', '79927398710');
    // A wrong check digit is said beside the field once the applicant leaves it; nothing is sent.
    expect(screen.queryByTestId('debt-register-payoff-error-reference')).toBeNull();
    fireEvent.blur(screen.getByTestId('debt-register-payoff-reference'));
    expect(screen.getByTestId('debt-register-payoff-error-reference').textContent).toBe(
      'Referansen er ikke gyldig. Kontroller sifrene.',
    );
    await new Promise((resolve) => setTimeout(resolve, payoffSaveDelayMs + 100));
    expect(calls).toEqual([]);
    expect(screen.getByTestId('debt-register-payoff-unsaved')).toBeTruthy();
    // Corrected: saved a moment after typing stops, without a press; once.
    type('debt-register-payoff-reference', '79927398713');
    expect(screen.queryByTestId('debt-register-payoff-error-reference')).toBeNull();
    expect((await screen.findByTestId('debt-register-payoff-saved')).textContent).toBe(nbNO.payoffSaved);
    expect(calls).toEqual([saved]);
    fireEvent.blur(screen.getByTestId('debt-register-payoff-reference'));
    await new Promise((resolve) => setTimeout(resolve, payoffSaveDelayMs + 100));
    expect(calls).toEqual([saved]);
  });

  it('saves at once when the applicant leaves a field with both valid', async () => {
    const calls = stubPatch();
    renderItem();
    fireEvent.click(screen.getByTestId('debt-register-refinance'));
    type('debt-register-payoff-account', '8601 11 17947');
    type('debt-register-payoff-reference', '79927398713');
    fireEvent.blur(screen.getByTestId('debt-register-payoff-reference'));
    await waitFor(() => expect(calls).toEqual([saved]), { timeout: payoffSaveDelayMs - 100 });
    await screen.findByTestId('debt-register-payoff-saved');
  });

  it('shows a stored choice ticked, says an unfinished change is not saved, and saves unticking at once', async () => {
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
    expect(screen.getByTestId('debt-register-payoff-saved')).toBeTruthy();
    type('debt-register-payoff-account', '8601 11 1794');
    expect(screen.getByTestId('debt-register-payoff-changed').textContent).toBe(nbNO.payoffChangeUnsaved);
    // Typed back as stored (spaces are not a change): saved, nothing sent.
    type('debt-register-payoff-account', '8601 11 17947');
    expect(screen.getByTestId('debt-register-payoff-saved')).toBeTruthy();
    fireEvent.click(screen.getByTestId('debt-register-refinance'));
    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([{ ID: 'd-1', IsRefinanced: false }]));
  });

  it('says when the choice could not be saved and tries again on request', async () => {
    const calls = stubPatch(true);
    renderItem();
    fireEvent.click(screen.getByTestId('debt-register-refinance'));
    type('debt-register-payoff-account', '8601 11 17947');
    type('debt-register-payoff-reference', '79927398713');
    fireEvent.blur(screen.getByTestId('debt-register-payoff-reference'));
    const failed = await screen.findByTestId('debt-register-payoff-error-save');
    expect(failed.textContent).toContain('Vi klarte ikke å lagre');
    fireEvent.click(within(failed).getByRole('button'));
    await screen.findByTestId('debt-register-payoff-saved');
    expect(calls).toEqual([saved, saved]);
  });
});
