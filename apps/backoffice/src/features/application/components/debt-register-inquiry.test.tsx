import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { application360, ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

// The debt-register inquiry on the Finances tab (issue 35, ADR 0079): staff of the country see that it was
// made, when, which register, the consent and the debts it returned; the read goes through the audited
// staff route once; a role or country that may not read it is told so; Sweden (no register) asks nothing.

const viewPath = `/backoffice/applications/${ids.application}`;
const registerPath = `/loan-application/${ids.application}/debt-register`;

signedInStaffForEachTest();

const inquiry = (role: 'MainApplicant' | 'CoApplicant', creditor: string) => ({
  OwnerRole: role,
  Register: 'NO-GJELDSREGISTERET',
  State: 'fetched',
  Failure: null,
  Consent: {
    GivenAt: '2026-11-24T08:10:00.000Z',
    Scope: 'Gjeldsregisteret: unsecured loans, credit facilities and charge cards',
    Purpose: `Loan application 100234: the applicant's debts (${role})`,
  },
  FetchedAt: '2026-11-24T08:10:02.000Z',
  Found: [
    {
      DebtID: `debt-${creditor}`,
      DebtType: 'CreditCard',
      Creditor: creditor,
      Balance: 4_000,
      CreditLimit: 30_000,
      CountedBalance: 30_000,
      MonthlyPayment: 600,
      InterestRate: 0.219,
      RemainingTermMonths: null,
      CorrectedByApplicant: false,
    },
  ],
});

describe('debt-register inquiry on the Finances tab', () => {
  it('shows when, which register, the consent and the debts returned — the applicant’s own only', async () => {
    const api = installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: application360 },
      [`GET ${registerPath}`]: {
        body: {
          Register: 'NO-GJELDSREGISTERET',
          Inquiries: [inquiry('MainApplicant', 'Bank Norwegian'), inquiry('CoApplicant', 'Komplett Bank')],
        },
      },
    });
    renderApp(`/applications/${ids.application}/finances`);
    const section = await screen.findByTestId('debt-register-MainApplicant');
    await within(section).findByText('Gjeldsregisteret (Norway)');
    const text = section.textContent ?? '';
    expect(text).toContain('Debt register inquiry');
    expect(text).toMatch(/Asked .*2026/);
    expect(text).toMatch(/Consent given .*2026/);
    expect(text).toContain('Scope: Gjeldsregisteret: unsecured loans, credit facilities and charge cards');
    expect(text).toContain("Purpose: Loan application 100234: the applicant's debts (MainApplicant)");
    const row = within(section).getByRole('row', { name: /Bank Norwegian/ });
    // Drawn, limit and what counts (the card at its limit), in the application's currency.
    expect(row.textContent?.replace(/\s/g, ' ')).toMatch(
      /4 000 kr.*30 000 kr.*30 000 kr.*600 kr.*21[.,]90 ?%/,
    );
    expect(within(section).getByText('1 debt returned')).toBeTruthy();
    // This application has only a main applicant: the co-applicant's inquiry shows nowhere.
    expect(screen.queryByText(/Komplett Bank/)).toBeNull();
    expect(api.find('GET', registerPath)).toHaveLength(1);
  });

  it('says when the role or country may not read it, and that an applicant never asked', async () => {
    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: application360 },
      [`GET ${registerPath}`]: { status: 404, body: { Message: 'This page could not be found' } },
    });
    const first = renderApp(`/applications/${ids.application}/finances`);
    expect(await screen.findByText('Not readable with your role in this country.')).toBeTruthy();
    first.unmount();
    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: application360 },
      [`GET ${registerPath}`]: { body: { Register: 'NO-GJELDSREGISTERET', Inquiries: [] } },
    });
    renderApp(`/applications/${ids.application}/finances`);
    expect(await screen.findByText('The applicant has not asked the debt register.')).toBeTruthy();
  });

  it('asks nothing in a country without a register (Sweden)', async () => {
    const swedish = {
      ...application360,
      Application: { ...application360.Application, Country: 'SE' as const, Brand: 'se-main' },
    };
    const api = installFakeApi({
      'GET /backoffice/me': { body: { ...me, Permissions: { 'application.read': ['SE'] } } },
      [`GET ${viewPath}`]: { body: swedish },
    });
    renderApp(`/applications/${ids.application}/finances`);
    await screen.findAllByText('Debts');
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(1));
    expect(screen.queryByText('Debt register inquiry')).toBeNull();
    expect(api.find('GET', registerPath)).toHaveLength(0);
  });
});
